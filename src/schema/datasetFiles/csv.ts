/**
 * CSV (RFC 4180) to rows, with the line each row starts on, so every later message can say where.
 * Quoted fields may hold delimiters, doubled quotes and line breaks; a quote that never closes, or
 * text right after a closing quote, is an error naming the line. The delimiter (comma, semicolon,
 * tab) is read from the first line. Written here, behind `parseCsv`, because no CSV package is a
 * dependency yet; swapping in a maintained parser (papaparse) changes this file only.
 */
import { DatasetFileError } from "./datasetFileError.js";

/** One parsed row: its cells and the 1-based line of the file it starts on. */
export interface CsvRow {
  line: number;
  cells: string[];
}

const DELIMITERS = [",", ";", "\t"] as const;

/**
 * The delimiter of the first line: the one that appears most often outside quotes (comma on a tie or none).
 * @example detectDelimiter("a;b;c\n1;2;3") // ";"
 */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best: string = ",";
  for (const [delimiter, count] of counts) if (count > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}

/**
 * Rows of a CSV text; blank lines are skipped.
 * @example parseCsv('input,expected\n"Hi, there",Hello\n').rows // [{ line: 1, cells: ["input", "expected"] }, { line: 2, cells: ["Hi, there", "Hello"] }]
 */
export function parseCsv(text: string, delimiter = detectDelimiter(text)): { rows: CsvRow[] } {
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = "";
  let line = 1;
  let rowLine = 1;
  let i = 0;
  let fieldStarted = false;
  const endRow = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== "") rows.push({ line: rowLine, cells });
    cells = [];
    cell = "";
    fieldStarted = false;
  };
  while (i < text.length) {
    const char = text[i] as string;
    if (char === '"' && !fieldStarted) {
      const opened = line;
      i += 1;
      for (;;) {
        if (i >= text.length) throw new DatasetFileError("BROKEN_QUOTE", 'a quoted field opens here and never closes: add the closing quote (")', opened);
        const c = text[i] as string;
        if (c === '"') {
          if (text[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        if (c === "\n") line += 1;
        cell += c;
        i += 1;
      }
      const after = text[i];
      if (after !== undefined && after !== delimiter && after !== "\n" && after !== "\r")
        throw new DatasetFileError(
          "BROKEN_QUOTE",
          `a quoted field is followed by ${JSON.stringify(after)} before the next ${delimiter === "\t" ? "tab" : `"${delimiter}"`}: a quote inside a quoted field is written twice ("")`,
          line,
        );
      fieldStarted = true;
      continue;
    }
    if (char === delimiter) {
      cells.push(cell);
      cell = "";
      fieldStarted = false;
      i += 1;
      continue;
    }
    if (char === "\r" || char === "\n") {
      endRow();
      i += char === "\r" && text[i + 1] === "\n" ? 2 : 1;
      line += 1;
      rowLine = line;
      continue;
    }
    cell += char;
    fieldStarted = true;
    i += 1;
  }
  if (fieldStarted || cells.length > 0) endRow();
  return { rows };
}

/**
 * One CSV field: quoted when it holds the delimiter, a quote or a line break, or starts or ends with spaces.
 * @example csvField('Say "hi", then go') // '"Say ""hi"", then go"'
 */
export function csvField(value: string, delimiter = ","): string {
  return value.includes(delimiter) || /["\r\n]/.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value;
}
