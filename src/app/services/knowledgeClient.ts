/**
 * The app's handle on knowledge bases: files are extracted, chunked, indexed and stored in
 * IndexedDB by the knowledge worker (started on first use), never on the main thread. The
 * document keeps only each base's definition; the UI writes the returned files into it. A worker
 * that hangs or dies is restarted (knowledgeWatchdog.ts), so no request waits forever.
 */
import type { KnowledgeFile, ModelProfile } from "../../schema/index.js";
import type {
  KnowledgeAnswers,
  KnowledgeBaseStats,
  KnowledgeFileError,
  KnowledgeProgress,
  KnowledgeReply,
  KnowledgeRequest,
  PackedKnowledgeFile,
} from "../../worker/protocol";
import { activityOf, KNOWLEDGE_WATCHDOG_TIMINGS, lostRequestError, type KnowledgeWatchdogTimings, type KnowledgeWorkerLoss } from "./knowledgeWatchdog";

export { KnowledgeWorkerRestarted } from "./knowledgeWatchdog";
export type { KnowledgeBaseStats, KnowledgeFileError, KnowledgePhase, KnowledgeProgress, PackedKnowledgeFile } from "../../worker/protocol";

export interface KnowledgeAddOptions {
  onProgress?: (p: KnowledgeProgress) => void;
  /** Aborting stops the batch: nothing of it is stored and the promise rejects with an AbortError (unless it was already stored). */
  signal?: AbortSignal;
  /** The base's embeddings model profile (no key: the worker reads it from settings): its chunks are embedded too. */
  embedding?: ModelProfile;
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
  /** Embeds the base's files whose vectors another model made, with `profile`; all or nothing, with progress and Stop. */
  embed(graphId: string, baseId: string, profile: ModelProfile, options?: Omit<KnowledgeAddOptions, "embedding">): Promise<{ chunks: number }>;
}

/** The worker as the client sees it (a real Worker, or a fake in tests). */
export interface KnowledgeWorkerLike {
  postMessage(message: KnowledgeRequest): void;
  addEventListener(type: "message", listener: (event: MessageEvent<KnowledgeReply>) => void): void;
  addEventListener(type: "error", listener: (event: ErrorEvent) => void): void;
  addEventListener(type: "messageerror", listener: (event: MessageEvent) => void): void;
  /** Kills the worker at once, whatever it is doing (a real Worker has it). */
  terminate?(): void;
}

const embeddingOf = (options: KnowledgeAddOptions | undefined) => (options?.embedding ? { embedding: options.embedding } : {});

export interface KnowledgeClientOptions {
  /** When the worker counts as lost (tests shorten them). */
  timings?: Partial<KnowledgeWatchdogTimings>;
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

interface Pending {
  request: Request;
  progress: KnowledgeProgress | null;
  /** Which progress report of the client's moved it last (0: none yet). */
  moved: number;
  resolve(value: unknown): void;
  reject(error: Error): void;
  onProgress?: (p: KnowledgeProgress) => void;
}

/**
 * The worker is watched while requests are in flight: silence past `probeMs` sends it a cheap
 * question (a base's size), which a busy worker answers between steps; silence past `silentMs`,
 * an `error` or `messageerror` event, or a Stop unanswered for `stopMs` restarts it, and every
 * request in flight is rejected with a `KnowledgeWorkerRestarted` saying why.
 * @example
 * const kb = createKnowledgeClient();
 * const { added, errors } = await kb.addFiles(graphId, "kb-faq", [file], { onProgress: (p) => show(p.fraction) });
 */
export function createKnowledgeClient(create: () => KnowledgeWorkerLike = startWorker, options: KnowledgeClientOptions = {}): KnowledgeClient {
  const timings = { ...KNOWLEDGE_WATCHDOG_TIMINGS, ...options.timings };
  let worker: KnowledgeWorkerLike | null = null;
  const pending = new Map<string, Pending>();
  let lastHeard = 0;
  let reports = 0;
  let ticker: ReturnType<typeof setInterval> | null = null;

  const idle = () => {
    if (pending.size > 0 || ticker === null) return;
    clearInterval(ticker);
    ticker = null;
  };

  /** Restarts the worker: it is killed, and everything in flight on it is rejected. */
  const lose = (loss: KnowledgeWorkerLoss) => {
    const lost = worker;
    worker = null;
    lost?.terminate?.();
    const requests = [...pending];
    pending.clear();
    idle();
    // What the worker was busy with: the batch whose progress moved last, else the oldest request.
    const stuck = requests.reduce<Pending | undefined>((last, [, entry]) => (!last || entry.moved > last.moved ? entry : last), undefined);
    const doing = stuck ? activityOf(stuck.request, stuck.progress) : "starting";
    for (const [id, { request, progress, reject }] of requests) {
      reject(lostRequestError(loss, doing, request, progress, loss.kind === "stop" && loss.requestId === id));
    }
  };

  const tick = () => {
    const silentMs = Date.now() - lastHeard;
    if (silentMs >= timings.silentMs) return lose({ kind: "silent", silentMs });
    const asked = pending.values().next().value;
    // Answered whenever the worker's event loop is free: a long extraction is not a hang.
    if (silentMs >= timings.probeMs && asked)
      worker?.postMessage({ type: "kb_stats", requestId: `probe_${requestId()}`, graphId: asked.request.graphId, baseId: asked.request.baseId });
  };

  const ensure = (): KnowledgeWorkerLike => {
    if (worker) return worker;
    const started = create();
    started.addEventListener("message", (event) => {
      if (worker !== started) return;
      lastHeard = Date.now();
      const message = event.data;
      const waiting = pending.get(message.requestId);
      if (!waiting) return;
      if (message.type === "kb_progress") {
        waiting.progress = message.progress;
        waiting.moved = ++reports;
        return waiting.onProgress?.(message.progress);
      }
      pending.delete(message.requestId);
      idle();
      if (message.ok) waiting.resolve(message.value);
      else waiting.reject(message.aborted ? new DOMException(message.error, "AbortError") : new Error(message.error));
    });
    // The worker could not load, threw outside any request, or died: nothing in flight will answer.
    started.addEventListener("error", (event) => {
      if (worker === started) lose({ kind: "crashed", detail: event.message || "it crashed or ran out of memory" });
    });
    started.addEventListener("messageerror", () => {
      if (worker === started) lose({ kind: "unreadable" });
    });
    worker = started;
    return started;
  };

  function ask<T extends Request["type"]>(request: Unsent<Extract<Request, { type: T }>>, options: KnowledgeAddOptions = {}): Promise<KnowledgeAnswers[T]> {
    const { signal, onProgress } = options;
    if (signal?.aborted) return Promise.reject(new DOMException("Adding files was cancelled", "AbortError"));
    const id = requestId();
    const message = { ...request, requestId: id } as Request;
    return new Promise<KnowledgeAnswers[T]>((resolve, reject) => {
      let stopTimer: ReturnType<typeof setTimeout> | undefined;
      const cancel = () => {
        worker?.postMessage({ type: "kb_cancel", requestId: id });
        // A worker stuck in a step never sees the cancel: Stop still ends the batch, by restarting it.
        stopTimer = setTimeout(() => pending.has(id) && lose({ kind: "stop", requestId: id, waitedMs: timings.stopMs }), timings.stopMs);
      };
      signal?.addEventListener("abort", cancel, { once: true });
      const settle = () => {
        signal?.removeEventListener("abort", cancel);
        clearTimeout(stopTimer);
      };
      if (pending.size === 0) lastHeard = Date.now();
      pending.set(id, {
        request: message,
        progress: null,
        moved: 0,
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
      ticker ??= setInterval(tick, timings.probeMs);
      try {
        ensure().postMessage(message);
      } catch (error) {
        // No worker could be started (or it refused the message): nothing will answer this request.
        pending.get(id)?.reject(error instanceof Error ? error : new Error(String(error)));
        pending.delete(id);
        idle();
      }
    });
  }

  const target = (graphId: string, baseId: string): Target => ({ graphId, baseId });
  return {
    addFiles: (graphId, baseId, files, options) =>
      ask<"kb_add">({ type: "kb_add", ...target(graphId, baseId), files: [...files], ...embeddingOf(options) }, options),
    addTexts: (graphId, baseId, texts, options) =>
      ask<"kb_add">({ type: "kb_add", ...target(graphId, baseId), texts: [...texts], ...embeddingOf(options) }, options),
    embed: (graphId, baseId, embedding, options) => ask<"kb_embed">({ type: "kb_embed", ...target(graphId, baseId), embedding }, options),
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
