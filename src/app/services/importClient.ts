/**
 * The app's handle on the import worker (src/worker/import.worker.ts): other builders' files are
 * read and converted there, so their YAML and HTML readers stay out of the page's bundle and a
 * large file never blocks it. The worker starts on first use and stays for the next import; one
 * that fails or does not answer within the deadline is dropped, and the import says so.
 */
import type { ImportReply, ImportRequest } from "../../worker/protocol";

/** The part of a Worker the client uses (tests give an in-process one). */
export interface ImportWorkerLike {
  postMessage(message: ImportRequest): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<ImportReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

export interface ImportClient {
  /** Imports one flow of a file (or lists the flows of a file of several); never throws: a failure is a `failed` reply. */
  importText(request: Omit<ImportRequest, "id">): Promise<ImportReply>;
}

export interface ImportClientOptions {
  startWorker?: () => ImportWorkerLike;
  /** How long one import may take before the worker is dropped (ms). A 20 MB file takes seconds. */
  deadlineMs?: number;
}

const DEADLINE_MS = 60_000;

function startImportWorker(): ImportWorkerLike {
  return new Worker(new URL("../../worker/import.worker.ts", import.meta.url), { type: "module", name: "graphwright-import" }) as ImportWorkerLike;
}

/**
 * @example const reply = await createImportClient().importText({ text, graphId: "imported-1", now: new Date().toISOString() });
 */
export function createImportClient(options: ImportClientOptions = {}): ImportClient {
  const start = options.startWorker ?? startImportWorker;
  const deadlineMs = options.deadlineMs ?? DEADLINE_MS;
  let worker: ImportWorkerLike | undefined;
  let nextId = 0;
  const waiting = new Map<number, (reply: ImportReply) => void>();

  /** Answers every open request with `message` and drops the worker, so the next import starts a fresh one. */
  const lose = (message: string) => {
    worker?.terminate();
    worker = undefined;
    for (const [id, answer] of waiting) answer({ id, kind: "failed", code: "FAILED", message });
    waiting.clear();
  };
  const ensure = (): ImportWorkerLike => {
    if (worker) return worker;
    const started = start();
    started.onmessage = (event) => {
      const answer = waiting.get(event.data.id);
      waiting.delete(event.data.id);
      answer?.(event.data);
    };
    started.onerror = (event) => lose(`The import worker failed: ${event.message || "it could not start"}. Nothing was imported.`);
    worker = started;
    return started;
  };

  return {
    importText(request) {
      const id = ++nextId;
      const target = ensure();
      return new Promise<ImportReply>((resolve) => {
        const timer = setTimeout(() => {
          if (waiting.has(id)) lose(`Reading the file took longer than ${Math.round(deadlineMs / 1000)} s, so it was stopped. Nothing was imported.`);
        }, deadlineMs);
        waiting.set(id, (reply) => {
          clearTimeout(timer);
          resolve(reply);
        });
        target.postMessage({ ...request, id });
      });
    },
  };
}

let shared: ImportClient | undefined;

/** The page's import client. */
export function importClient(): ImportClient {
  shared ??= createImportClient();
  return shared;
}
