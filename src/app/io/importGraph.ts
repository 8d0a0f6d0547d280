/**
 * Reading a graph file: validation with JSON-path errors, and a fresh id when the graph would
 * overwrite one already in the workspace. Pure: importing never runs or connects anything.
 */
import { INPUT_LIMITS, LIMITS, validateText, type GraphDocument, type ValidationIssue } from "../../schema/index.js";

export type GraphImport =
  | {
      ok: true;
      document: GraphDocument;
      warnings: ValidationIssue[];
      /** The id the file had, when it clashed with a stored graph and the import got a new one. */
      replacedId: string | null;
    }
  | { ok: false; errors: ValidationIssue[] };

export interface ImportOptions {
  /** Graph ids already in the workspace. */
  takenIds: ReadonlySet<string>;
  /** A graph id not in `takenIds`. */
  newId: () => string;
}

export const IMPORTED_SUFFIX = " (imported)";

/** Files larger than this are refused before they are read. */
export const MAX_IMPORT_BYTES = INPUT_LIMITS.maxTextLength;

/**
 * Validates the text of a graph file and returns the document to open, or every problem found.
 * `$schema` is file metadata and is dropped; the export adds it back.
 * @example
 * const result = readGraphFile(text, { takenIds: new Set(["g1"]), newId: () => "g2" });
 * if (!result.ok) show(formatIssues(result.errors));
 */
export function readGraphFile(text: string, options: ImportOptions): GraphImport {
  const result = validateText(text);
  if (!result.ok) return { ok: false, errors: result.errors };
  const { $schema: _schema, ...document } = result.document;
  if (!options.takenIds.has(document.meta.id)) return { ok: true, document, warnings: result.warnings, replacedId: null };
  const name = `${document.meta.name.slice(0, LIMITS.titleLength - IMPORTED_SUFFIX.length)}${IMPORTED_SUFFIX}`;
  return {
    ok: true,
    document: { ...document, meta: { ...document.meta, id: options.newId(), name } },
    warnings: result.warnings,
    replacedId: document.meta.id,
  };
}

/** The refusal for a file too large to read, in the shape validation reports. */
export function fileTooLarge(bytes: number): ValidationIssue {
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  return { code: "TOO_LARGE", path: "$", message: `The file is ${mb(bytes)} MB; the limit is ${mb(MAX_IMPORT_BYTES)} MB` };
}
