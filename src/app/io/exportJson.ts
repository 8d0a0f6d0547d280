/** The JSON export: the document as a file, `$schema` set, secrets stripped, pretty-printed. */
import { graphDocumentSchema, SCHEMA_URL, type GraphDocument } from "../../schema/index.js";
import { fileNameFor } from "./fileName";
import { changedPaths, stripSecrets } from "./stripSecrets";

export interface JsonExport {
  fileName: string;
  text: string;
  /** JSON paths of secrets that were left out. */
  removed: string[];
}

/**
 * The export file for a document; `readGraphFile` of its text gives the document back. `redacted`
 * is the document as the engine worker redacted it (saved keys out: see `redactForExport`).
 * @example exportGraphJson(doc).text.startsWith('{\n  "$schema": "https://graphwright.dev/schema/graph.v1.json"') // true
 */
export function exportGraphJson(document: GraphDocument, redacted: GraphDocument = document): JsonExport {
  const { document: clean, removed: stripped } = stripSecrets(redacted);
  const removed = [...new Set([...changedPaths(document, redacted), ...stripped])];
  // Through the schema when it passes, for the schema's key order: the same graph always
  // exports the same text. A graph mid-edit that does not pass is exported as it is.
  const parsed = graphDocumentSchema.safeParse(clean);
  const { $schema: _previous, ...rest } = parsed.success ? parsed.data : clean;
  const text = `${JSON.stringify({ $schema: SCHEMA_URL, ...rest }, null, 2)}\n`;
  return { fileName: fileNameFor(document.meta.name, "json"), text, removed };
}
