/**
 * Reading a dataset file: bytes → text (UTF-8 only, said plainly otherwise) → a table (CSV with
 * its header detected, or JSONL with one JSON object a line) → cases through a column mapping.
 * Pure, so the import dialog (in a worker) and `npm run cli -- eval --dataset file.csv` share it.
 */
import { caseTurns, type Dataset } from "../dataset.js";
import { csvField, parseCsv } from "./csv.js";
import { DatasetFileError } from "./datasetFileError.js";
import { decodeText } from "./decodeText.js";
import { checkRowLimit, looksLikeHeader, type DatasetTable } from "./table.js";
import { errorMessage } from "../errorMessage.js";

/**
 * Which reader a file name asks for.
 * @example datasetFormatOf("cases.JSONL") // "jsonl"
 */
export function datasetFormatOf(fileName: string): "csv" | "jsonl" | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith(".csv") || lower.endsWith(".tsv") || lower.endsWith(".txt")) return "csv";
  if (lower.endsWith(".jsonl") || lower.endsWith(".ndjson")) return "jsonl";
  return null;
}

function csvTable(text: string): DatasetTable {
  const { rows } = parseCsv(text);
  const [first, second] = rows;
  if (!first) throw new DatasetFileError("EMPTY_FILE", "The file has no rows");
  const header = looksLikeHeader(first.cells, second?.cells);
  const width = Math.max(...rows.map((r) => r.cells.length));
  const columns = Array.from({ length: width }, (_, i) => (header && first.cells[i]?.trim() ? (first.cells[i] as string).trim() : `Column ${i + 1}`));
  return { format: "csv", columns, header, rows: header ? rows.slice(1) : rows };
}

function jsonlTable(text: string): DatasetTable {
  const columns: string[] = [];
  const index = new Map<string, number>();
  const objects: { line: number; fields: Record<string, unknown> }[] = [];
  text.split(/\r?\n/).forEach((source, i) => {
    if (source.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(source);
    } catch (error) {
      throw new DatasetFileError("BAD_JSON_LINE", `not JSON (${errorMessage(error)}); each line must be one JSON object`, i + 1);
    }
    if (value === null || typeof value !== "object" || Array.isArray(value))
      throw new DatasetFileError("BAD_JSON_LINE", 'each line must be one JSON object, like {"input": "…"}', i + 1);
    const { metadata, ...rest } = value as Record<string, unknown>;
    // A nested `metadata` object's fields become columns of their own, as a CSV would have them.
    const fields = { ...rest, ...(metadata && typeof metadata === "object" && !Array.isArray(metadata) ? (metadata as Record<string, unknown>) : {}) };
    for (const key of Object.keys(fields))
      if (!index.has(key)) {
        index.set(key, columns.length);
        columns.push(key);
      }
    objects.push({ line: i + 1, fields });
  });
  if (objects.length === 0) throw new DatasetFileError("EMPTY_FILE", "The file has no JSON lines");
  return { format: "jsonl", columns, header: true, rows: objects.map(({ line, fields }) => ({ line, cells: columns.map((c) => fields[c]) })) };
}

/**
 * A dataset file's bytes as a table, ready for a mapping. Refuses (DatasetFileError) other
 * encodings, broken quotes and bad JSON lines with their line, and files over the case limit with their row count.
 * @example readDatasetTable(new TextEncoder().encode("question,answer\nHi?,Hello"), "cases.csv").columns // ["question", "answer"]
 */
export function readDatasetTable(bytes: Uint8Array, fileName: string): DatasetTable {
  const format = datasetFormatOf(fileName);
  if (format === null) throw new DatasetFileError("BAD_MAPPING", `${fileName} is neither CSV (.csv, .tsv) nor JSONL (.jsonl): save the cases as one of those`);
  const text = decodeText(bytes);
  const table = format === "csv" ? csvTable(text) : jsonlTable(text);
  checkRowLimit(table.rows.length);
  return table;
}

function metadataKeys(dataset: Pick<Dataset, "cases">): string[] {
  return [...new Set(dataset.cases.flatMap((c) => Object.keys(c.metadata)))];
}

/**
 * A dataset as CSV: id, input (a conversation as a JSON array of its turns), expected, then a column per metadata key.
 * @example datasetToCsv({ cases: [{ id: "c1", input: "Hi, you", expected: "Hello", metadata: {} }] }) // 'id,input,expected\r\nc1,"Hi, you",Hello\r\n'
 */
export function datasetToCsv(dataset: Pick<Dataset, "cases">): string {
  const keys = metadataKeys(dataset);
  const lines = [["id", "input", "expected", ...keys].map((c) => csvField(c)).join(",")];
  for (const c of dataset.cases) {
    const input = typeof c.input === "string" ? c.input : JSON.stringify(caseTurns(c.input));
    const meta = keys.map((k) => {
      const v = c.metadata[k];
      return v === undefined || v === null ? "" : String(v);
    });
    lines.push([c.id, input, c.expected ?? "", ...meta].map((cell) => csvField(cell)).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * A dataset as JSONL: one `{ id, input, expected?, metadata }` object a line.
 * @example datasetToJsonl({ cases: [{ id: "c1", input: "Hi", metadata: {} }] }) // '{"id":"c1","input":"Hi","metadata":{}}\n'
 */
export function datasetToJsonl(dataset: Pick<Dataset, "cases">): string {
  return dataset.cases
    .map((c) => `${JSON.stringify({ id: c.id, input: c.input, ...(c.expected !== undefined ? { expected: c.expected } : {}), metadata: c.metadata })}\n`)
    .join("");
}
