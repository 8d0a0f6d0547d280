/**
 * The app's handle on knowledge bases: files are extracted, chunked, indexed and stored in
 * IndexedDB by the knowledge worker (started on first use), never on the main thread. The
 * document keeps only each base's definition; the UI writes the returned files into it.
 */
import type { KnowledgeFile } from "../../schema/index.js";
import type {
  KnowledgeAnswers,
  KnowledgeBaseStats,
  KnowledgeFileError,
  KnowledgeProgress,
  KnowledgeReply,
  KnowledgeRequest,
  PackedKnowledgeFile,
} from "../../worker/protocol";

export type { KnowledgeBaseStats, KnowledgeFileError, KnowledgePhase, KnowledgeProgress, PackedKnowledgeFile } from "../../worker/protocol";

export interface KnowledgeAddOptions {
  onProgress?: (p: KnowledgeProgress) => void;
  /** Aborting stops the batch: nothing of it is stored and the promise rejects with an AbortError (unless it was already stored). */
  signal?: AbortSignal;
}

export interface KnowledgeClient {
  /** Extracts, chunks, indexes and stores files (replacing same-named ones). Files that fail are reported, never half-stored. */
  addFiles(
    graphId: string,
    baseId: string,
    files: readonly File[],
    options?: KnowledgeAddOptions,
  ): Promise<{ added: KnowledgeFile[]; errors: KnowledgeFileError[] }>;
  /** Same from already-extracted text (import of an export with KBs included, templates). */
  addTexts(
    graphId: string,
    baseId: string,
    files: readonly PackedKnowledgeFile[],
    options?: KnowledgeAddOptions,
  ): Promise<{ added: KnowledgeFile[]; errors: KnowledgeFileError[] }>;
  removeFile(graphId: string, baseId: string, name: string): Promise<void>;
  deleteBase(graphId: string, baseId: string): Promise<void>;
  stats(graphId: string, baseId: string): Promise<KnowledgeBaseStats>;
  /** Every file's text, for an export that includes knowledge bases. */
  texts(graphId: string, baseId: string): Promise<PackedKnowledgeFile[]>;
}

/** The worker as the client sees it (a real Worker, or a fake in tests). */
export interface KnowledgeWorkerLike {
  postMessage(message: KnowledgeRequest): void;
  addEventListener(type: "message", listener: (event: MessageEvent<KnowledgeReply>) => void): void;
  addEventListener(type: "error", listener: (event: ErrorEvent) => void): void;
}

function startWorker(): KnowledgeWorkerLike {
  return new Worker(new URL("../../worker/knowledge.worker.ts", import.meta.url), { type: "module", name: "graphwright-knowledge" }) as KnowledgeWorkerLike;
}

let counter = 0;
const requestId = () => `kb_${Date.now().toString(36)}_${(counter++).toString(36)}`;

type Target = { graphId: string; baseId: string };
type Request = Exclude<KnowledgeRequest, { type: "kb_cancel" }>;
/** A request as the client writes it: the id is added when it is posted. */
type Unsent<R> = R extends unknown ? Omit<R, "requestId"> : never;

/**
 * @example
 * const kb = createKnowledgeClient();
 * const { added, errors } = await kb.addFiles(graphId, "kb-faq", [file], { onProgress: (p) => show(p.fraction) });
 */
export function createKnowledgeClient(create: () => KnowledgeWorkerLike = startWorker): KnowledgeClient {
  let worker: KnowledgeWorkerLike | null = null;
  const pending = new Map<string, { resolve(value: unknown): void; reject(error: Error): void; onProgress?: (p: KnowledgeProgress) => void }>();

  const ensure = (): KnowledgeWorkerLike => {
    if (worker) return worker;
    const started = create();
    started.addEventListener("message", (event) => {
      const message = event.data;
      const waiting = pending.get(message.requestId);
      if (!waiting) return;
      if (message.type === "kb_progress") return waiting.onProgress?.(message.progress);
      pending.delete(message.requestId);
      if (message.ok) waiting.resolve(message.value);
      else waiting.reject(message.aborted ? new DOMException(message.error, "AbortError") : new Error(message.error));
    });
    started.addEventListener("error", (event) => {
      // The worker could not load or died: nothing in flight will answer. The next request starts a new one.
      if (worker !== started) return;
      worker = null;
      const error = new Error(`Knowledge bases are unavailable: ${event.message || "the knowledge worker failed to load"}`);
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    });
    worker = started;
    return started;
  };

  function ask<T extends Request["type"]>(request: Unsent<Extract<Request, { type: T }>>, options: KnowledgeAddOptions = {}): Promise<KnowledgeAnswers[T]> {
    const { signal, onProgress } = options;
    if (signal?.aborted) return Promise.reject(new DOMException("Adding files was cancelled", "AbortError"));
    const id = requestId();
    return new Promise<KnowledgeAnswers[T]>((resolve, reject) => {
      const cancel = () => worker?.postMessage({ type: "kb_cancel", requestId: id });
      signal?.addEventListener("abort", cancel, { once: true });
      const settle = () => signal?.removeEventListener("abort", cancel);
      pending.set(id, {
        resolve: (value) => {
          settle();
          resolve(value as KnowledgeAnswers[T]);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
        ...(onProgress ? { onProgress } : {}),
      });
      ensure().postMessage({ ...request, requestId: id } as KnowledgeRequest);
    });
  }

  const target = (graphId: string, baseId: string): Target => ({ graphId, baseId });
  return {
    addFiles: (graphId, baseId, files, options) => ask<"kb_add">({ type: "kb_add", ...target(graphId, baseId), files: [...files] }, options),
    addTexts: (graphId, baseId, texts, options) => ask<"kb_add">({ type: "kb_add", ...target(graphId, baseId), texts: [...texts] }, options),
    removeFile: async (graphId, baseId, name) => void (await ask<"kb_remove_file">({ type: "kb_remove_file", ...target(graphId, baseId), name })),
    deleteBase: async (graphId, baseId) => void (await ask<"kb_delete_base">({ type: "kb_delete_base", ...target(graphId, baseId) })),
    stats: (graphId, baseId) => ask<"kb_stats">({ type: "kb_stats", ...target(graphId, baseId) }),
    texts: (graphId, baseId) => ask<"kb_texts">({ type: "kb_texts", ...target(graphId, baseId) }),
  };
}

let shared: KnowledgeClient | undefined;

/** The app's client (talks to the engine worker / IndexedDB). */
export function knowledgeClient(): KnowledgeClient {
  shared ??= createKnowledgeClient();
  return shared;
}
