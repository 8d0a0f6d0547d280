/**
 * What the import worker does with one request, apart from the worker itself so Node tests run
 * it: read and recognise the file, list its flows or convert the one asked for. An importer's
 * unexpected throw becomes a `failed` reply that says so, never a lost request.
 */
import { importForeign, ImportError, IMPORTERS, readForeignFile, type Importer } from "../import/index.js";
import type { ImportReply, ImportRequest } from "./importProtocol";
import { errorMessage } from "../schema/errorMessage.js";

/**
 * @example const reply = answerImport({ id: 1, text, graphId: "imported-1", now: new Date().toISOString() });
 */
export function answerImport(request: ImportRequest, importers: readonly Importer[] = IMPORTERS): ImportReply {
  const { id, text } = request;
  try {
    const file = readForeignFile(text, importers);
    if (request.flow === undefined && file.flows.length > 1) return { id, kind: "choose", format: file.format, flows: file.flows.map((f) => f.name) };
    const flow = request.flow ?? file.flows[0]?.name;
    const result = importForeign(text, { graphId: request.graphId, now: request.now, ...(flow === undefined ? {} : { flow }) }, importers);
    return { id, kind: "imported", format: file.format, document: result.document, report: result.report };
  } catch (error) {
    if (error instanceof ImportError) return { id, kind: "failed", code: error.code, message: error.message };
    return { id, kind: "failed", code: "FAILED", message: `The importer failed on this file: ${errorMessage(error)}` };
  }
}
