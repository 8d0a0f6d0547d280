/**
 * What every export asks first: the engine worker redacts the value, because only the worker
 * knows the saved key values (the app sees masked forms only). A key pasted into a prompt, an
 * edge label or a chat message is then gone from the file, the Mermaid text and the share link.
 */
import { REDACTED, type GraphDocument } from "../../schema/index.js";
import { appEngine, type EngineClient } from "../services/engineClient";

/**
 * The document with saved keys, pieces of them and its own credential headers redacted as `REDACTED` (still valid).
 * @example const clean = await redactDocumentForExport(doc); exportGraphJson(doc, clean);
 */
export async function redactDocumentForExport(document: GraphDocument, engine: Pick<EngineClient, "redact"> = appEngine()): Promise<GraphDocument> {
  if (!engine.redact) throw new Error("the engine cannot redact the export");
  return engine.redact(document, { document: true, mark: REDACTED });
}

/** Any exported value (a trace, a Mermaid text) with saved keys redacted as `[redacted]`. */
export async function redactForExport<T>(value: T, engine: Pick<EngineClient, "redact"> = appEngine()): Promise<T> {
  if (!engine.redact) throw new Error("the engine cannot redact the export");
  return engine.redact(value);
}
