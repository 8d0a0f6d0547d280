/**
 * CSV (RFC 4180) to rows with papaparse, keeping the line each row starts on so every later
 * message can say where. Quoted fields may hold delimiters, doubled quotes and line breaks; a quote
 * that never closes, or text right after a closing quote, is an error naming the line. The
 * delimiter (comma, semicolon, tab) is read from the first line.
 */
import Papa from "papaparse";
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

/** Counts line breaks as the text is consumed, so a position can be told as a 1-based line. */
function lineCounter(text: string) {
  let consumed = 0;
  let line = 1;
  return (position: number): number => {
    for (; consumed < position && consumed < text.length; consumed++) if (text.charCodeAt(consumed) === 10) line++;
    return line;
  };
}

/** What a papaparse quote error means for the person, at the line it names. */
function quoteError(error: Papa.ParseError, text: string, line: number, delimiter: string): DatasetFileError {
  if (error.code === "MissingQuotes")
    return new DatasetFileError("BROKEN_QUOTE", 'a quoted field opens here and never closes: add the closing quote (")', line);
  const close = text.indexOf('"', error.index);
  const after = close >= 0 ? text[close + 1] : undefined;
  const next = delimiter === "\t" ? "tab" : `"${delimiter}"`;
  const what = after === undefined ? "more text" : JSON.stringify(after);
  return new DatasetFileError(
    "BROKEN_QUOTE",
    `a quoted field is followed by ${what} before the next ${next}: a quote inside a quoted field is written twice ("")`,
    line,
  );
}

/**
 * Rows of a CSV text; blank lines are skipped.
 * @example parseCsv('input,expected\n"Hi, there",Hello\n').rows // [{ line: 1, cells: ["input", "expected"] }, { line: 2, cells: ["Hi, there", "Hello"] }]
 */
export function parseCsv(text: string, delimiter = detectDelimiter(text)): { rows: CsvRow[] } {
  const rows: CsvRow[] = [];
  const lineAt = lineCounter(text);
  let rowStart = 0;
  let failure: DatasetFileError | undefined;
  Papa.parse<string[]>(text, {
    delimiter,
    quoteChar: '"',
    escapeChar: '"',
    step(result, parser) {
      const line = lineAt(rowStart);
      const error = result.errors.find((e) => e.type === "Quotes");
      if (error) {
        failure = quoteError(error, text, error.code === "MissingQuotes" ? line : lineAt(Math.max(rowStart, error.index ?? rowStart)), delimiter);
        parser.abort();
        return;
      }
      const cells = result.data;
      if (cells.length > 1 || (cells[0] ?? "") !== "") rows.push({ line, cells });
      rowStart = result.meta.cursor;
    },
  });
  if (failure) throw failure;
  return { rows };
}

/**
 * One CSV field: quoted when it holds the delimiter, a quote or a line break, or starts or ends with spaces.
 * @example csvField('Say "hi", then go') // '"Say ""hi"", then go"'
 */
export function csvField(value: string, delimiter = ","): string {
  return value.includes(delimiter) || /["\r\n]/.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value;
}
