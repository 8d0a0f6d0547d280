/**
 * The app's handle on the engine worker. The worker starts on first use, so the engine
 * (LangGraph, models, tools) is never part of the main bundle and costs nothing until
 * the first message is sent or a checkpoint is opened. A watchdog (engineWatchdog.ts)
 * replaces a worker that stops answering, so Stop always ends a run and the next send works.
 */
import type { EvaluationComparison, EvaluationResult, RunEvent, TestProgress, TestsReport } from "../../engine/index.js";
import { asGraphId, asRunId, asThreadId } from "../../schema/index.js";
import type {
  BackgroundRunMessage,
  CheckpointRequest,
  CheckpointResult,
  CompareEvaluationsRequest,
  EvaluationComparisonMessage,
  EvaluationProgressMessage,
  EvaluationResultMessage,
  ForkRequest,
  ForkResult,
  FromWorker,
  ResumeRunRequest,
  RedactRequest,
  RedactResult,
  McpListToolsRequest,
  McpToolListing,
  McpToolsResult,
  MemoryEntry,
  MemoryRequest,
  MemoryResult,
  ReembedOutcome,
  RunEvaluationRequest,
  RunRequest,
  ServerAnswer,
  ServerRequest,
  ServerResult,
  TestsResultMessage,
  ToWorker,
} from "../../worker/protocol";
import type { GraphDocument, McpServer } from "../../schema/index.js";

/** What the worker answers requests with. */
type Answer =
  | CheckpointResult
  | ForkResult
  | RedactResult
  | McpToolsResult
  | ServerResult
  | TestsResultMessage
  | MemoryResult
  | EvaluationResultMessage
  | EvaluationComparisonMessage;
import { createEngineWatchdog, hangTexts, type HangReason, type WatchdogTimings } from "./engineWatchdog";
import { ClosingThreads, closeInWorkspace, type KilledRun } from "./killedRuns";
import { createSandboxBridge, frameHost, type SandboxHost } from "./sandboxRelay";
import { currentRunTarget } from "./runTarget";

/** A protocol message as the app writes it: ids as plain strings, branded here as they are posted. */
export type Unbranded<T> = { [K in keyof T]: T[K] extends string ? string : T[K] };

export interface RunHandlers {
  /** A batch of events, in order (the worker posts at most one batch per ~16 ms). */
  onEvents(events: RunEvent[]): void;
  /** The run ended and is persisted. */
  onDone(status: "completed" | "cancelled" | "error" | "interrupted", error: string | null): void;
  /** The run did not start (invalid document, compile error, storage failure). */
  onFailed(code: string, message: string): void;
  /** A resumed run goes on from a checkpoint: its events after `keptThroughSeq` are gone and will be told again. */
  onContinues?(keptThroughSeq: number): void;
}

export interface CheckpointState {
  /** Channel values at the checkpoint; null when the checkpoint no longer exists. */
  state: Record<string, unknown> | null;
  next: string[];
}

export interface EngineClient {
  run(request: Unbranded<Omit<RunRequest, "type">>, handlers: RunHandlers): void;
  stop(runId: string): void;
  checkpointState(request: Unbranded<Omit<CheckpointRequest, "type" | "requestId">>): Promise<CheckpointState>;
  /** Resolves with the new thread's id when the engine chose another than `newThreadId` (a fork on a server). */
  fork(request: Unbranded<Omit<ForkRequest, "type" | "requestId">>): Promise<string | void>;
  /**
   * Hears of runs the worker starts by itself (follow-up turns of background delegations);
   * the listener returns handlers for that run's events, or nothing to ignore it.
   */
  onBackgroundRun?(listener: (run: Unbranded<Omit<BackgroundRunMessage, "type">>) => RunHandlers | undefined): () => void;
  /** Asks the worker (starting it) to pick up background delegations a previous page left open. */
  resumeBackgroundTasks?(): void;
  /** Starts the worker (loading the engine) ahead of the first run, so a first Send does not wait for it. */
  warm?(): void;
  /**
   * Ends the worker at once (the page is going away): the browser frees its thread locks now,
   * not whenever it gets round to tearing the worker down, so a reloaded page runs them at once.
   */
  shutdown?(): void;
  /** Continues a run a reload cut off (or records it as interrupted); its events follow like a run's. */
  resumeRun?(request: Unbranded<Omit<ResumeRunRequest, "type">>, handlers: RunHandlers): void;
  /**
   * The value with every saved key (and piece of one) and key shape redacted, by the worker:
   * the app never holds a key value, so exports ask here before they leave the browser.
   */
  redact?<T>(value: T, options?: Pick<RedactRequest, "document" | "mark">): Promise<T>;
  /**
   * Publishes to or reads from the LangGraph server of Settings (in the worker, which alone
   * reads its API key); rejects with a message naming the server and what to do.
   */
  server?<Op extends ServerRequest["op"]>(
    op: Op,
    request?: Pick<ServerRequest, "document" | "graphId" | "thread">,
    /** Hears how far a `publish` got ("Reading knowledge base …", "Sending …"). */
    onProgress?: (text: string) => void,
  ): Promise<Extract<ServerAnswer, { op: Op }>>;
  /**
   * Lists, edits or deletes a graph's long-term memories (in the worker, whose store the agents
   * use); resolves with the graph's memories after the op, rejects saying why it failed.
   */
  memory?(request: Omit<MemoryRequest, "type" | "requestId">): Promise<MemoryEntry[]>;
  /**
   * Embeds again, with the graph's memory embeddings model, its memories that another model (or
   * none) embedded, a batch at a time; aborting `signal` stops after the batch in flight. Resolves
   * with the memories after it and what it did; rejects saying why (batches done stay done).
   */
  reembedMemories?(
    graphId: string,
    options?: { signal?: AbortSignal; onProgress?(progress: { done: number; total: number }): void },
  ): Promise<{ memories: MemoryEntry[]; outcome: ReembedOutcome }>;
  /** Connects to an MCP server (in the worker, which reads the secrets its headers name) and lists its tools. */
  listMcpTools?(server: McpServer): Promise<McpToolListing[]>;
  /**
   * Runs the document's tests (or those named) in the worker, each on a fresh in-memory thread;
   * aborting `signal` stops them (the report then holds what ran). Rejects when they could not run.
   */
  runTests?(document: GraphDocument, options?: { testIds?: string[]; signal?: AbortSignal; onProgress?(progress: TestProgress): void }): Promise<TestsReport>;
  /**
   * Runs an evaluation in the worker (see RunEvaluationRequest); aborting `signal` stops it and
   * the result then holds the finished cases. Resolves with the result and, when it could not be
   * kept in history, why; rejects when it could not run.
   */
  evaluate?(
    request: Omit<RunEvaluationRequest, "type" | "requestId">,
    options?: { signal?: AbortSignal; onProgress?(progress: Omit<EvaluationProgressMessage, "type" | "requestId">): void },
  ): Promise<{ result: EvaluationResult; saveError: string | null }>;
  /** Compares an earlier evaluation with a later one, cell by cell (in the worker, which has the engine's comparison). */
  compareEvaluations?(before: EvaluationResult, after: EvaluationResult): Promise<EvaluationComparison>;
}

/** The worker as the client sees it (a real Worker, or a fake in tests). */
export interface WorkerLike {
  postMessage(message: ToWorker, transfer?: Transferable[]): void;
  addEventListener(type: "message", listener: (event: MessageEvent<FromWorker>) => void): void;
  addEventListener(type: "error", listener: (event: ErrorEvent) => void): void;
  /** Kills the worker at once, whatever it is doing (a real Worker has it). */
  terminate?(): void;
}

export interface EngineClientOptions {
  timings?: Partial<WatchdogTimings>;
  /** Records the end of runs that were on a terminated worker (the app writes IndexedDB under the thread's lock). */
  closeRun?(run: KilledRun): Promise<void>;
  /** Hands the worker ports to the JavaScript tool sandbox (a worker cannot host the sandboxed frame); defaults to the page's frame. */
  sandbox?: SandboxHost;
}

function startWorker(): WorkerLike {
  return new Worker(new URL("../../worker/engine.worker.ts", import.meta.url), { type: "module", name: "graphwright-engine" }) as WorkerLike;
}

let requestCounter = 0;
function requestId(): string {
  return `req_${Date.now().toString(36)}_${(requestCounter++).toString(36)}`;
}

/**
 * @example
 * const engine = createEngineClient();
 * engine.run({ runId, threadId, graphId, document, message: "hi" }, { onEvents, onDone, onFailed });
 */
export function createEngineClient(create: () => WorkerLike = startWorker, options: EngineClientOptions = {}): EngineClient {
  let worker: WorkerLike | null = null;
  /** Runs in flight on the current worker, with the thread each holds the lock of. */
  const runs = new Map<string, { handlers: RunHandlers; threadId: string; stopping: boolean; posted: boolean }>();
  const closing = new ClosingThreads();
  const requests = new Map<string, { resolve(result: Answer): void; reject(error: Error): void }>();
  /** Progress listeners of test runs in flight, by request id. */
  const testProgress = new Map<string, (progress: TestProgress) => void>();
  const evaluationProgress = new Map<string, (progress: Omit<EvaluationProgressMessage, "type" | "requestId">) => void>();
  const serverProgress = new Map<string, (text: string) => void>();
  const memoryProgress = new Map<string, (progress: { done: number; total: number }) => void>();
  const backgroundListeners = new Set<(run: Omit<BackgroundRunMessage, "type">) => RunHandlers | undefined>();
  const closeRun = options.closeRun ?? closeInWorkspace;
  const sandbox = createSandboxBridge(options.sandbox ?? frameHost);

  const watchdog = createEngineWatchdog({
    timings: options.timings,
    ping: (seq) => worker?.postMessage({ type: "ping", seq }),
    onHang: (reason) => restart(reason),
  });
  const settle = () => watchdog.busy(runs.size > 0 || requests.size > 0);
  const end = (runId: string) => {
    const run = runs.get(runId);
    runs.delete(runId);
    watchdog.ended(runId);
    settle();
    return run?.handlers;
  };

  const receive = (message: FromWorker, from: WorkerLike) => {
    watchdog.heard();
    switch (message.type) {
      case "events":
        runs.get(message.runId)?.handlers.onEvents(message.events);
        return;
      case "continues":
        runs.get(message.runId)?.handlers.onContinues?.(message.keptThroughSeq);
        return;
      case "done":
        end(message.runId)?.onDone(message.status, message.error);
        return;
      case "failed":
        end(message.runId)?.onFailed(message.code, message.message);
        return;
      case "stopped":
        watchdog.acknowledged(message.runId);
        return;
      case "pong":
        return;
      case "sandbox_connect":
        sandbox.connect(message, from);
        return;
      case "sandbox_stuck":
        sandbox.stuck(message);
        return;
      case "background_run": {
        const { type: _type, ...run } = message;
        for (const listener of backgroundListeners) {
          const handlers = listener(run);
          if (handlers) runs.set(message.runId, { handlers, threadId: message.threadId, stopping: false, posted: true });
        }
        settle();
        return;
      }
      case "tests_progress":
        testProgress.get(message.requestId)?.(message.progress);
        return;
      case "evaluation_progress": {
        const { type: _type, requestId, ...progress } = message;
        evaluationProgress.get(requestId)?.(progress);
        return;
      }
      case "server_progress":
        serverProgress.get(message.requestId)?.(message.text);
        return;
      case "memory_progress":
        memoryProgress.get(message.requestId)?.({ done: message.done, total: message.total });
        return;
      case "tests_result":
      case "evaluation_result":
      case "evaluation_comparison":
      case "checkpoint_result":
      case "fork_result":
      case "redact_result":
      case "mcp_tools_result":
      case "memory_result":
      case "server_result": {
        const pending = requests.get(message.requestId);
        requests.delete(message.requestId);
        serverProgress.delete(message.requestId);
        settle();
        pending?.resolve(message);
        return;
      }
      default: {
        const never: never = message;
        throw new Error(`Unknown engine message ${(never as FromWorker).type}`);
      }
    }
  };

  const crashed = (reason: string) => {
    // The worker could not load or died: nothing in flight will ever answer.
    if (worker) sandbox.forget(worker);
    worker = null;
    watchdog.reset();
    for (const { handlers } of runs.values()) handlers.onFailed("WORKER_FAILED", `The engine stopped unexpectedly: ${reason}`);
    runs.clear();
    for (const pending of requests.values()) pending.reject(new Error(`The engine stopped unexpectedly: ${reason}`));
    requests.clear();
  };

  /**
   * The worker is hung: terminate it, end its runs at once, and close their records once the
   * browser has freed its thread locks. The next request starts a fresh worker.
   */
  function restart(reason: HangReason) {
    worker?.terminate?.();
    if (worker) sandbox.forget(worker);
    worker = null;
    const texts = hangTexts(reason);
    const victims = [...runs].filter(([, run]) => run.posted);
    for (const [runId] of victims) runs.delete(runId);
    for (const pending of requests.values()) pending.reject(new Error(texts.cutOff));
    requests.clear();
    for (const [runId, { handlers, threadId, stopping }] of victims) {
      const status = stopping ? "cancelled" : "error";
      const error = stopping ? texts.stopped : texts.cutOff;
      closing.track(threadId, closeRun({ runId, threadId, status, error }), runId);
      handlers.onDone(status, stopping ? null : error);
    }
    settle();
  }

  /** Posts a run; one of a thread whose killed run is still being closed waits for that first. */
  const post = (request: Unbranded<Omit<RunRequest, "type">>) => {
    const run = runs.get(request.runId);
    if (!run) return;
    run.posted = true;
    const message = { ...request, runId: asRunId(request.runId), threadId: asThreadId(request.threadId), graphId: asGraphId(request.graphId) };
    ensure().postMessage({ type: "run", ...message });
    settle();
  };

  const ensure = (): WorkerLike => {
    if (worker) return worker;
    const started = create();
    // A terminated worker's last messages (already queued) belong to runs that were closed here.
    started.addEventListener("message", (event) => worker === started && receive(event.data, started));
    started.addEventListener("error", (event) => worker === started && crashed(event.message || "the engine worker failed to load"));
    worker = started;
    return started;
  };

  const ask = <R extends Answer>(
    message:
      | CheckpointRequest
      | ForkRequest
      | RedactRequest
      | McpListToolsRequest
      | ServerRequest
      | MemoryRequest
      | RunEvaluationRequest
      | CompareEvaluationsRequest
      | Extract<ToWorker, { type: "run_tests" }>,
  ): Promise<R> =>
    new Promise<R>((resolve, reject) => {
      requests.set(message.requestId, { resolve: resolve as (r: Answer) => void, reject });
      ensure().postMessage(message);
      settle();
    });

  return {
    run(request, handlers) {
      runs.set(request.runId, { handlers, threadId: request.threadId, stopping: false, posted: false });
      const closed = closing.settled(request.threadId);
      if (closed) void closed.then(() => post(request));
      else post(request);
    },
    stop(runId) {
      const run = runs.get(runId);
      if (!run) return;
      run.stopping = true;
      if (!run.posted) {
        // Still waiting for its thread to be freed: it never reaches a worker.
        end(runId)?.onDone("cancelled", null);
        return;
      }
      if (!worker) return;
      watchdog.stopping(runId);
      worker.postMessage({ type: "stop", runId: asRunId(runId) });
    },
    async checkpointState(request) {
      const result = await ask<CheckpointResult>({
        type: "checkpoint",
        requestId: requestId(),
        ...request,
        threadId: asThreadId(request.threadId),
        ...(currentRunTarget() === "server" ? { runOn: "server" as const } : {}),
      });
      if (!result.ok) throw new Error(result.error ?? "Reading the checkpoint failed");
      return { state: result.state, next: result.next };
    },
    onBackgroundRun(listener) {
      backgroundListeners.add(listener);
      return () => backgroundListeners.delete(listener);
    },
    resumeBackgroundTasks() {
      ensure().postMessage({ type: "resume_tasks" });
    },
    warm() {
      ensure();
    },
    shutdown() {
      const ending = worker;
      worker = null;
      ending?.terminate?.();
    },
    resumeRun(request, handlers) {
      runs.set(request.runId, { handlers, threadId: request.threadId, stopping: false, posted: true });
      ensure().postMessage({
        type: "resume_run",
        runId: asRunId(request.runId),
        threadId: asThreadId(request.threadId),
        graphId: asGraphId(request.graphId),
        ...(currentRunTarget() === "server" ? { runOn: "server" as const } : {}),
      });
    },
    async redact<T>(value: T, options: Pick<RedactRequest, "document" | "mark"> = {}): Promise<T> {
      const result = await ask<RedactResult>({ type: "redact", requestId: requestId(), value, ...options });
      return result.value as T;
    },
    async server(op, request = {}, onProgress) {
      const id = requestId();
      if (onProgress) serverProgress.set(id, onProgress);
      try {
        const result = await ask<ServerResult>({ type: "server_request", requestId: id, op, ...request });
        if (!result.ok || !result.answer) throw new Error(result.error ?? "The LangGraph server did not answer");
        return result.answer as never;
      } finally {
        serverProgress.delete(id);
      }
    },
    async listMcpTools(server) {
      const result = await ask<McpToolsResult>({ type: "mcp_list_tools", requestId: requestId(), server });
      if (!result.ok) throw new Error(result.error ?? "The MCP server could not be listed");
      return result.tools;
    },
    async memory(request) {
      const result = await ask<MemoryResult>({ type: "memory", requestId: requestId(), ...request });
      if (!result.ok) throw new Error(result.error ?? "Long-term memory could not be read");
      return result.memories;
    },
    async reembedMemories(graphId, options = {}) {
      const id = requestId();
      const stop = () => worker?.postMessage({ type: "stop_memory", requestId: id });
      if (options.onProgress) memoryProgress.set(id, options.onProgress);
      options.signal?.addEventListener("abort", stop, { once: true });
      try {
        const result = await ask<MemoryResult>({ type: "memory", requestId: id, graphId, op: "reembed" });
        if (!result.ok || !result.reembedded) throw new Error(result.error ?? "The memories could not be embedded again");
        return { memories: result.memories, outcome: result.reembedded };
      } finally {
        memoryProgress.delete(id);
        options.signal?.removeEventListener("abort", stop);
      }
    },
    async runTests(document, options = {}) {
      const id = requestId();
      const stop = () => worker?.postMessage({ type: "stop_tests", requestId: id });
      if (options.onProgress) testProgress.set(id, options.onProgress);
      options.signal?.addEventListener("abort", stop, { once: true });
      try {
        const result = await ask<TestsResultMessage>({ type: "run_tests", requestId: id, document, ...(options.testIds ? { testIds: options.testIds } : {}) });
        if (!result.ok || !result.report) throw new Error(result.error ?? "The tests could not run");
        return result.report;
      } finally {
        testProgress.delete(id);
        options.signal?.removeEventListener("abort", stop);
      }
    },
    async evaluate(request, options = {}) {
      const id = requestId();
      const stop = () => worker?.postMessage({ type: "stop_evaluation", requestId: id });
      if (options.onProgress) evaluationProgress.set(id, options.onProgress);
      options.signal?.addEventListener("abort", stop, { once: true });
      try {
        const answer = await ask<EvaluationResultMessage>({ type: "run_evaluation", requestId: id, ...request });
        if (!answer.ok || !answer.result) throw new Error(answer.error ?? "The evaluation could not run");
        return { result: answer.result, saveError: answer.saveError };
      } finally {
        evaluationProgress.delete(id);
        options.signal?.removeEventListener("abort", stop);
      }
    },
    async compareEvaluations(before, after) {
      const answer = await ask<EvaluationComparisonMessage>({ type: "compare_evaluations", requestId: requestId(), before, after });
      return answer.comparison;
    },
    async fork(request) {
      const result = await ask<ForkResult>({
        type: "fork",
        requestId: requestId(),
        ...request,
        threadId: asThreadId(request.threadId),
        newThreadId: asThreadId(request.newThreadId),
        ...(currentRunTarget() === "server" ? { runOn: "server" as const } : {}),
      });
      if (!result.ok) throw new Error(result.error ?? "Forking the thread failed");
      return result.threadId;
    },
  };
}

/**
 * Ends the engine's worker when the page is unloaded (`pagehide` not kept in the back/forward
 * cache): a run it held a thread for is cut either way, and the next page resumes it.
 */
export function endWithPage(engine: EngineClient, page: Pick<EventTarget, "addEventListener">): void {
  page.addEventListener("pagehide", (event) => {
    if (!(event as PageTransitionEvent).persisted) engine.shutdown?.();
  });
}

let shared: EngineClient | undefined;

/** The app's one engine client (one worker per tab), ended with its page. */
export function appEngine(): EngineClient {
  if (!shared) {
    shared = createEngineClient();
    if (typeof window !== "undefined") endWithPage(shared, window);
  }
  return shared;
}
