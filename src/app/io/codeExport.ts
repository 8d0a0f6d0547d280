/**
 * Export → LangGraph.js code: the open graph as a TypeScript project a person owns (src/eject),
 * zipped under one folder named after the graph. The document is cleaned as for the JSON export
 * first, so no key or secret lands in the code. The menu loads this module lazily: it brings
 * Prettier's standalone formatter with it.
 */
import { strToU8, zipSync } from "fflate";
import { ejectDocument, type EjectTodo } from "../../eject/index.js";
import type { GraphDocument } from "../../schema/index.js";
import { fileNameFor } from "./fileName";
import { changedPaths, stripSecrets } from "./stripSecrets";

export { subgraphDocuments } from "../../server/bundle/subgraphs.js";

export interface CodeExportZip {
  /** `<graph>-langgraph-code.zip` */
  fileName: string;
  /** The folder the zip unpacks into: `<graph>-langgraph-code`. */
  folder: string;
  bytes: Uint8Array;
  /** Places the generated code does not do what the graph does yet (marked `TODO(<name>)` there). */
  todos: EjectTodo[];
  /** JSON paths of secrets left out of the document before it became code. */
  removed: string[];
}

/** A fixed time for every entry, so the same graph gives the same zip (fflate stamps "now" otherwise). */
const ENTRY_TIME = new Date(Date.UTC(2000, 0, 1));

/**
 * Ejects and zips a document. `redacted` is the document as the engine worker redacted it
 * (`redactDocumentForExport`); `original`, when given, is the open document before that, so the
 * secrets the worker took out are reported too. `subgraphs` (redacted too) are the saved graphs
 * its Subgraph nodes run: they become child graphs of the project.
 * @example
 * const zip = await codeExportZip(await redactDocumentForExport(doc), doc);
 * zip.fileName; // "weather-assistant-langgraph-code.zip"
 */
export async function codeExportZip(redacted: GraphDocument, original?: GraphDocument, subgraphs: readonly GraphDocument[] = []): Promise<CodeExportZip> {
  const { document, removed } = stripSecrets(redacted);
  const children = subgraphs.map((sub) => stripSecrets(sub).document);
  const { files, todos } = await ejectDocument(document, { subgraphs: children });
  const folder = `${fileNameFor(document.meta.name, "zip").replace(/\.zip$/, "")}-langgraph-code`;
  const bytes = zipSync(Object.fromEntries(files.map((file) => [`${folder}/${file.path}`, [strToU8(file.text), { mtime: ENTRY_TIME }]])));
  const all = [...new Set([...(original ? changedPaths(original, redacted) : []), ...removed])];
  return { fileName: `${folder}.zip`, folder, bytes, todos, removed: all };
}

/** What the export says: where to go next, how many places are left to finish, what it left out. */
export function codeExportNotice(zip: CodeExportZip): string {
  const parts = [`Exported ${zip.fileName}: unzip it, cd into ${zip.folder}, then npm install && npm test.`];
  if (zip.todos.length > 0) parts.push(`${zip.todos.length} place${zip.todos.length === 1 ? "" : "s"} marked TODO to finish by hand.`);
  if (zip.removed.length > 0) parts.push(`Left out ${zip.removed.length} secret${zip.removed.length === 1 ? "" : "s"}: ${zip.removed.join(", ")}.`);
  return parts.join(" ");
}
