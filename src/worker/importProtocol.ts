/**
 * Messages between the app and the import worker (import.worker.ts), which reads other
 * builders' workflow files (Flowise, Langflow, n8n, Dify) off the main thread: their YAML and
 * HTML readers never load in the page. Plain JSON only; nothing in a file is run or fetched.
 */
import type { GraphDocument } from "../schema/index.js";
import type { ForeignFormat, ImportErrorCode, ImportReport } from "../import/index.js";

/**
 * Import one flow of `text` as a new graph with id `graphId`. Without `flow`, a file of one flow
 * is imported and a file of several answers `choose` with their names.
 */
export interface ImportRequest {
  id: number;
  text: string;
  flow?: string;
  graphId: string;
  /** ISO time of the import (the graph's created and updated). */
  now: string;
}

export type ImportReply =
  | { id: number; kind: "imported"; format: ForeignFormat; document: GraphDocument; report: ImportReport }
  /** A file of several flows and no `flow` asked for: the person picks. */
  | { id: number; kind: "choose"; format: ForeignFormat; flows: string[] }
  /** The file could not be used; `message` says what and where (an ImportError's). */
  | { id: number; kind: "failed"; code: ImportErrorCode | "FAILED"; message: string };
