// The cases of one dataset as a keyboard-first grid: arrow keys, Tab, Home/End and Page Up/Down
// move between cells, Enter (or F2) edits one, Delete removes the row, Ctrl/Cmd+D duplicates it,
// Ctrl/Cmd+Z undoes through the editor's history. Focus stays on the grid and the active cell
// is its aria-activedescendant, so only the visible rows exist (10,000 scroll as easily as 10).
import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { caseLabel, type Dataset, type DatasetCase } from "../../schema/index.js";
import { useFramedVirtualizer } from "../timeline/useFramedVirtualizer";
import { CASE_COLUMNS, cellText, COLUMN_TITLES, metadataSummary, patternProblems, type CaseColumn } from "./caseCells";
import { CellEditor, EDITOR_HEIGHT } from "./CellEditor";
import { nextCell, type CellPosition } from "./gridNavigation";

const ROW_HEIGHT = 32;

/** The cell being edited; `seed` is the character typed to start the edit, which replaces the text. */
export type CellEdit = CellPosition & { seed?: string };

export interface CaseTableActions {
  /** Sets one cell from typed text; returns the problem when the text does not fit. */
  setCell(caseId: string, column: CaseColumn, text: string): string | undefined;
  removeCase(caseId: string): void;
  duplicateCase(caseId: string): void;
  undo(): void;
  redo(): void;
}

interface CaseTableProps {
  dataset: Dataset;
  active: CellPosition;
  onActiveChange(position: CellPosition): void;
  /** The cell being edited (a new case opens in its input), or null. */
  editing: CellEdit | null;
  onEditingChange(edit: CellEdit | null): void;
  actions: CaseTableActions;
}

function shown(datasetCase: DatasetCase, column: CaseColumn): string {
  if (column === "input") return caseLabel(datasetCase);
  if (column === "metadata") return metadataSummary(datasetCase.metadata);
  return datasetCase.expected ?? "";
}

export function CaseTable({ dataset, active, onActiveChange, editing, onEditingChange, actions }: CaseTableProps) {
  const gridId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  const cases = dataset.cases;
  const problems = useMemo(() => patternProblems(dataset), [dataset]);
  const [editProblem, setEditProblem] = useState<string | null>(null);
  const virtualizer = useFramedVirtualizer({
    count: cases.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const row = Math.min(active.row, Math.max(0, cases.length - 1));
  const activeCase = cases[row];
  const cellId = (r: number, c: number) => `${gridId}-r${r}-c${c}`;

  // The active row is always rendered: aria-activedescendant must name an element that exists,
  // and the cell being edited must be there to edit.
  useLayoutEffect(() => {
    if (cases.length > 0) virtualizer.scrollToIndex(row, { align: "auto" });
  }, [row, editing, cases.length, virtualizer]);

  const finishEdit = (text: string | null, then?: CellPosition) => {
    if (editing && text !== null && activeCase) {
      const problem = actions.setCell(activeCase.id, CASE_COLUMNS[editing.column] as CaseColumn, text);
      if (problem) {
        setEditProblem(`Case ${editing.row + 1} ${COLUMN_TITLES[CASE_COLUMNS[editing.column] as CaseColumn]}: ${problem}`);
        return;
      }
    }
    setEditProblem(null);
    onEditingChange(null);
    if (then) onActiveChange(then);
    grid.current?.focus();
  };

  const onGridKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (editing || event.target !== event.currentTarget) return;
    const mod = event.ctrlKey || event.metaKey;
    if (mod && event.key.toLowerCase() === "z") {
      event.preventDefault();
      if (event.shiftKey) actions.redo();
      else actions.undo();
      return;
    }
    if (mod && event.key.toLowerCase() === "y") {
      event.preventDefault();
      actions.redo();
      return;
    }
    if (!activeCase) return;
    // The wheel may have scrolled the active row away: a key acts on it, so it comes back into view.
    virtualizer.scrollToIndex(row, { align: "auto" });
    if (mod && event.key.toLowerCase() === "d") {
      event.preventDefault();
      actions.duplicateCase(activeCase.id);
      onActiveChange({ row: row + 1, column: active.column });
      return;
    }
    if (event.key === "Delete") {
      event.preventDefault();
      actions.removeCase(activeCase.id);
      return;
    }
    if (event.key === "Enter" || event.key === "F2") {
      event.preventDefault();
      onEditingChange({ row, column: active.column });
      return;
    }
    // Typing on a cell starts editing it with what was typed, as in a spreadsheet.
    if (event.key.length === 1 && !mod && !event.altKey && event.key !== " ") {
      event.preventDefault();
      onEditingChange({ row, column: active.column, seed: event.key });
      return;
    }
    const next = nextCell({ row, column: active.column }, event, { rows: cases.length, columns: CASE_COLUMNS.length, page: 10 });
    if (next) {
      event.preventDefault();
      onActiveChange(next);
    }
  };

  return (
    <div className="flex min-h-0 flex-col gap-1">
      <div
        ref={grid}
        role="grid"
        aria-label="Cases"
        aria-rowcount={cases.length + 1}
        aria-colcount={CASE_COLUMNS.length}
        aria-activedescendant={activeCase && !editing ? cellId(row, active.column) : undefined}
        tabIndex={0}
        onKeyDown={onGridKey}
        className="rounded-md border border-zinc-200 text-sm focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-700"
      >
        <div role="rowgroup">
          <div
            role="row"
            aria-rowindex={1}
            className="grid grid-cols-[3rem_2fr_2fr_1fr] border-b border-zinc-200 bg-zinc-50 text-xs font-semibold dark:border-zinc-700 dark:bg-zinc-800"
          >
            <span role="presentation" className="px-2 py-1.5 text-zinc-500">
              #
            </span>
            {CASE_COLUMNS.map((column) => (
              <span key={column} role="columnheader" className="px-2 py-1.5">
                {COLUMN_TITLES[column]}
              </span>
            ))}
          </div>
        </div>
        <div ref={scroller} role="rowgroup" className="h-[min(50vh,28rem)] overflow-auto">
          {cases.length === 0 && <p className="p-3 text-sm text-zinc-500 dark:text-zinc-400">No cases yet: add one, or import a CSV or JSONL file.</p>}
          <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
            {virtualizer.getVirtualItems().map((item) => {
              const datasetCase = cases[item.index] as DatasetCase;
              return (
                <div
                  key={datasetCase.id}
                  role="row"
                  aria-rowindex={item.index + 2}
                  aria-selected={item.index === row}
                  className={`absolute inset-x-0 grid grid-cols-[3rem_2fr_2fr_1fr] border-b border-zinc-100 dark:border-zinc-800 ${item.index === row ? "bg-indigo-50/60 dark:bg-indigo-950/30" : ""}`}
                  style={{ top: item.start, height: ROW_HEIGHT }}
                >
                  <span role="presentation" className="truncate px-2 py-1.5 text-xs text-zinc-500" title={datasetCase.id}>
                    {item.index + 1}
                  </span>
                  {CASE_COLUMNS.map((column, c) => {
                    const isActive = item.index === row && c === active.column;
                    const isEditing = isActive && editing !== null && editing.row === item.index && editing.column === c;
                    const problem = column === "expected" ? problems.get(datasetCase.id) : undefined;
                    return (
                      <div
                        key={column}
                        id={cellId(item.index, c)}
                        role="gridcell"
                        aria-label={`${COLUMN_TITLES[column]}: ${shown(datasetCase, column)}`}
                        aria-invalid={problem ? true : undefined}
                        title={problem ? `This pattern ${problem}` : undefined}
                        onClick={() => onActiveChange({ row: item.index, column: c })}
                        onDoubleClick={() => onEditingChange({ row: item.index, column: c })}
                        className={`relative px-2 py-1.5 ${isEditing ? "overflow-visible" : "truncate"} ${isActive ? "outline-2 -outline-offset-2 outline-indigo-500" : ""} ${problem ? "text-red-700 underline decoration-wavy dark:text-red-400" : ""}`}
                      >
                        {isEditing ? (
                          <CellEditor
                            // Near the bottom of the view the editor opens upwards, so none of it is cut off.
                            upwards={item.end - (virtualizer.scrollOffset ?? 0) > (virtualizer.scrollRect?.height ?? 0) - EDITOR_HEIGHT}
                            label={`Case ${item.index + 1} ${COLUMN_TITLES[column]}`}
                            initial={editing?.seed ?? cellText(datasetCase, column)}
                            invalid={editProblem !== null}
                            onDone={finishEdit}
                            onTab={(back, text) =>
                              finishEdit(
                                text,
                                nextCell(
                                  { row: item.index, column: c },
                                  { key: "Tab", shiftKey: back },
                                  { rows: cases.length, columns: CASE_COLUMNS.length, page: 10 },
                                ) ?? undefined,
                              )
                            }
                          />
                        ) : (
                          shown(datasetCase, column)
                        )}
                      </div>
                    );
                  })}
                </div>
              );
            })}
          </div>
        </div>
      </div>
      {editProblem && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {editProblem}
        </p>
      )}
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        {cases.length.toLocaleString("en-US")} {cases.length === 1 ? "case" : "cases"}. Arrows or Tab move; Enter or typing edits (Shift+Enter: a new line; a
        line of --- starts the next turn); Delete removes the row; Ctrl+D duplicates it; Ctrl+Z undoes.
      </p>
    </div>
  );
}
