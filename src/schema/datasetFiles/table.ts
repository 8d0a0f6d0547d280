/**
 * The middle of an import: a file read as a table (CSV rows, or JSONL objects as columns), whether
 * its first row is a header, and the column mapping — which column is the input, which the
 * expected output, which become metadata — as plain data a dialog can show and change. Cases
 * come out of a table and a mapping; rows without an input are left out and named by line.
 */
import { MAX_DATASET_CASES, type DatasetCase } from "../dataset.js";
import { DatasetFileError } from "./datasetFileError.js";

/** A file as columns and rows; cells are text (CSV) or JSON values (JSONL). */
export interface DatasetTable {
  format: "csv" | "jsonl";
  /** Column names: the header's, the JSONL keys, or `Column 1`, `Column 2`… */
  columns: string[];
  /** True when the first row of a CSV was taken as its header (JSONL always names its columns). */
  header: boolean;
  rows: { line: number; cells: unknown[] }[];
}

/**
 * Which column is what, by position in `columns`. The dialog edits it; `proposeMapping` guesses it.
 * @example const mapping: ColumnMapping = { input: 0, expected: 1, id: null, metadata: [2] };
 */
export interface ColumnMapping {
  input: number;
  expected: number | null;
  /** A column of case ids; absent, cases are numbered `case-1`, `case-2`… by row. */
  id: number | null;
  metadata: number[];
}

/** What an import gives: the cases, and the rows left out (by line) with why. */
export interface ImportedCases {
  cases: DatasetCase[];
  skipped: { line: number; reason: string }[];
}

const INPUT_NAMES = ["input", "question", "prompt", "message", "query", "user", "messages"];
const EXPECTED_NAMES = ["expected", "expected_output", "answer", "output", "reference", "ideal", "target", "response"];
const ID_NAMES = ["id", "case_id", "case"];

const normal = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

/**
 * True when a CSV's first row reads as column names: a known name (input, question, expected…),
 * or short, distinct labels without sentence punctuation while the next row differs in kind.
 * @example looksLikeHeader(["question", "answer"], ["What is 2+2?", "4"]) // true
 */
export function looksLikeHeader(first: readonly string[], second: readonly string[] | undefined): boolean {
  const names = first.map(normal);
  if (names.some((n) => INPUT_NAMES.includes(n) || EXPECTED_NAMES.includes(n))) return true;
  if (names.some((n) => n === "") || new Set(names).size !== names.length) return false;
  if (first.some((cell) => cell.length > 40 || /[?!.]\s*$/.test(cell) || /^-?\d+([.,]\d+)?$/.test(cell.trim()))) return false;
  return second !== undefined && second.some((cell) => cell.length > 40 || /[?!.]\s*$/.test(cell) || /^-?\d+([.,]\d+)?$/.test(cell.trim()));
}

function find(columns: readonly string[], names: readonly string[], taken: ReadonlySet<number>): number | null {
  const at = columns.findIndex((column, i) => !taken.has(i) && names.includes(normal(column)));
  return at === -1 ? null : at;
}

/**
 * A first guess at the mapping from column names: input, expected and id by name (input defaults
 * to the first column, expected to the second when there are two or more unnamed ones), the rest metadata.
 * @example proposeMapping({ columns: ["question", "answer", "topic"], … }) // { input: 0, expected: 1, id: null, metadata: [2] }
 */
export function proposeMapping(table: Pick<DatasetTable, "columns" | "header" | "format">): ColumnMapping {
  const taken = new Set<number>();
  const id = find(table.columns, ID_NAMES, taken);
  if (id !== null) taken.add(id);
  const input = find(table.columns, INPUT_NAMES, taken) ?? table.columns.findIndex((_, i) => !taken.has(i));
  taken.add(input);
  let expected = find(table.columns, EXPECTED_NAMES, taken);
  if (expected === null && !table.header && table.format === "csv" && table.columns.length >= 2) expected = table.columns.findIndex((_, i) => !taken.has(i));
  if (expected !== null) taken.add(expected);
  const metadata = table.columns.flatMap((_, i) => (taken.has(i) ? [] : [i]));
  return { input: Math.max(0, input), expected, id, metadata };
}

/**
 * Refuses a file of more rows than a dataset holds, saying how many it has.
 * @example checkRowLimit(100_000) // throws "The file has 100,000 rows; a dataset holds at most 10,000: …"
 */
export function checkRowLimit(rows: number): void {
  if (rows > MAX_DATASET_CASES)
    throw new DatasetFileError(
      "TOO_MANY_ROWS",
      `The file has ${rows.toLocaleString("en-US")} rows; a dataset holds at most ${MAX_DATASET_CASES.toLocaleString("en-US")}: split it into several datasets`,
    );
}

/** A JSON array of strings in a CSV cell is a conversation, as the CSV export writes one. */
function inputOf(cell: unknown): string | string[] | null {
  if (Array.isArray(cell)) {
    const turns = cell.map((turn) =>
      typeof turn === "string"
        ? turn
        : turn && typeof turn === "object" && (turn as { role?: unknown }).role === "user"
          ? String((turn as { content?: unknown }).content ?? "")
          : null,
    );
    const users = turns.filter((t): t is string => t !== null && t.trim() !== "");
    return users.length === 0 ? null : users.length === 1 ? (users[0] as string) : users;
  }
  if (typeof cell === "string" && cell.trim().startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(cell);
      if (Array.isArray(parsed) && parsed.length > 0 && parsed.every((t) => typeof t === "string")) return inputOf(parsed);
    } catch {
      // Not JSON: the text itself is the message.
    }
  }
  if (typeof cell === "string") return cell.trim() === "" ? null : cell;
  if (typeof cell === "number" || typeof cell === "boolean") return String(cell);
  return null;
}

function metadataValue(cell: unknown): string | number | boolean | null {
  if (cell === null || typeof cell === "string" || typeof cell === "boolean" || (typeof cell === "number" && Number.isFinite(cell))) return cell;
  return cell === undefined ? null : JSON.stringify(cell);
}

/**
 * Cases from a table and a mapping; refuses more than the dataset limit with the number of rows.
 * @example casesFromTable(table, proposeMapping(table)).cases[0] // { id: "case-1", input: "What is 2+2?", expected: "4", metadata: {} }
 */
export function casesFromTable(table: DatasetTable, mapping: ColumnMapping): ImportedCases {
  const width = table.columns.length;
  const columns = [mapping.input, mapping.expected, mapping.id, ...mapping.metadata].filter((c): c is number => c !== null);
  const outside = columns.find((c) => !Number.isInteger(c) || c < 0 || c >= width);
  if (outside !== undefined) throw new DatasetFileError("BAD_MAPPING", `The mapping names column ${outside + 1}, and the file has ${width}`);
  checkRowLimit(table.rows.length);
  const cases: DatasetCase[] = [];
  const skipped: ImportedCases["skipped"] = [];
  const ids = new Set<string>();
  table.rows.forEach((row, index) => {
    const input = inputOf(row.cells[mapping.input]);
    if (input === null) return skipped.push({ line: row.line, reason: `the input column "${table.columns[mapping.input]}" is empty` });
    const rawId = mapping.id === null ? "" : String(row.cells[mapping.id] ?? "").trim();
    let id = /^[A-Za-z0-9_.:-]{1,128}$/.test(rawId) ? rawId : `case-${index + 1}`;
    while (ids.has(id)) id = `${id}-${index + 1}`;
    ids.add(id);
    const expectedCell = mapping.expected === null ? undefined : row.cells[mapping.expected];
    const expected =
      expectedCell === undefined || expectedCell === null || expectedCell === ""
        ? undefined
        : typeof expectedCell === "string"
          ? expectedCell
          : JSON.stringify(expectedCell);
    const metadata = Object.fromEntries(mapping.metadata.map((c) => [(table.columns[c] as string).slice(0, 64), metadataValue(row.cells[c])]));
    return cases.push({ id, input, ...(expected !== undefined ? { expected } : {}), metadata });
  });
  return { cases, skipped };
}
