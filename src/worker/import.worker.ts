/**
 * The import worker: reads other builders' workflow files off the main thread (importHost.ts),
 * one request at a time, each answer carrying its request's id. Started on first use by
 * src/app/services/importClient.ts; it opens no database and connects nowhere.
 */
// First: zod must know it runs without eval before any schema is built.
import "../schema/browserZod";
import { answerImport } from "./importHost";
import type { ImportReply, ImportRequest } from "./importProtocol";

interface WorkerScope {
  postMessage(message: ImportReply): void;
  onmessage: ((event: MessageEvent<ImportRequest>) => void) | null;
}

const scope = self as unknown as WorkerScope;
scope.onmessage = (event: MessageEvent<ImportRequest>) => scope.postMessage(answerImport(event.data));
