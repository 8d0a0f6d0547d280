/**
 * Where a key moves the active cell of the case grid: arrows, Tab and Shift+Tab (row by row),
 * Home/End (the row's ends; with Ctrl, the table's), Page Up/Down. Null when the key does not
 * move, or would leave the grid (Tab past the last cell lets focus go on).
 */

export interface CellPosition {
  row: number;
  column: number;
}

interface GridSize {
  rows: number;
  columns: number;
  /** Rows one Page Up/Down moves. */
  page: number;
}

type NavigationKey = { key: string; shiftKey?: boolean; ctrlKey?: boolean; metaKey?: boolean };

const clamp = (value: number, max: number) => Math.max(0, Math.min(value, max));

/**
 * @example nextCell({ row: 0, column: 2 }, { key: "Tab" }, { rows: 5, columns: 3, page: 10 }) // { row: 1, column: 0 }
 */
export function nextCell(at: CellPosition, event: NavigationKey, size: GridSize): CellPosition | null {
  if (size.rows === 0) return null;
  const lastRow = size.rows - 1;
  const lastColumn = size.columns - 1;
  const mod = event.ctrlKey === true || event.metaKey === true;
  switch (event.key) {
    case "ArrowUp":
      return { row: clamp(at.row - 1, lastRow), column: at.column };
    case "ArrowDown":
      return { row: clamp(at.row + 1, lastRow), column: at.column };
    case "ArrowLeft":
      return { row: at.row, column: clamp(at.column - 1, lastColumn) };
    case "ArrowRight":
      return { row: at.row, column: clamp(at.column + 1, lastColumn) };
    case "Home":
      return mod ? { row: 0, column: 0 } : { row: at.row, column: 0 };
    case "End":
      return mod ? { row: lastRow, column: lastColumn } : { row: at.row, column: lastColumn };
    case "PageUp":
      return { row: clamp(at.row - size.page, lastRow), column: at.column };
    case "PageDown":
      return { row: clamp(at.row + size.page, lastRow), column: at.column };
    case "Tab": {
      const index = at.row * size.columns + at.column + (event.shiftKey ? -1 : 1);
      if (index < 0 || index > lastRow * size.columns + lastColumn) return null;
      return { row: Math.floor(index / size.columns), column: index % size.columns };
    }
    default:
      return null;
  }
}
