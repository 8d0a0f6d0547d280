/**
 * The app's handle on the engine worker. The worker starts on first use, so the engine
 * (LangGraph, models, tools) is never part of the main bundle and costs nothing until
 * the first message is sent or a checkpoint is opened.
 */
import type { RunEvent } from "../../engine/index.js";
import { asGraphId, asRunId, asThreadId } from "../../schema/index.js";
import type {
  BackgroundRunMessage,
  CheckpointRequest,
  CheckpointResult,
  ForkRequest,
  ForkResult,
  FromWorker,
  RunRequest,
  ToWorker,
} from "../../worker/protocol";

/** A protocol message as the app writes it: ids as plain strings, branded here as they are posted. */
export type Unbranded<T> = { [K in keyof T]: T[K] extends string ? string : T[K] };

export interface RunHandlers {
  /** A batch of events, in order (the worker posts at most one batch per ~16 ms). */
  onEvents(events: RunEvent[]): void;
  /** The run ended and is persisted. */
  onDone(status: "completed" | "cancelled" | "error" | "interrupted", error: string | null): void;
  /** The run did not start (invalid document, compile error, storage failure). */
  onFailed(code: string, message: string): void;
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
  fork(request: Unbranded<Omit<ForkRequest, "type" | "requestId">>): Promise<void>;
  /**
   * Hears of runs the worker starts by itself (follow-up turns of background delegations);
   * the listener returns handlers for that run's events, or nothing to ignore it.
   */
  onBackgroundRun?(listener: (run: Unbranded<Omit<BackgroundRunMessage, "type">>) => RunHandlers | undefined): () => void;
  /** Asks the worker (starting it) to pick up background delegations a previous page left open. */
  resumeBackgroundTasks?(): void;
}

/** The worker as the client sees it (a real Worker, or a fake in tests). */
export interface WorkerLike {
  postMessage(message: ToWorker): void;
  addEventListener(type: "message", listener: (event: MessageEvent<FromWorker>) => void): void;
  addEventListener(type: "error", listener: (event: ErrorEvent) => void): void;
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
export function createEngineClient(create: () => WorkerLike = startWorker): EngineClient {
  let worker: WorkerLike | null = null;
  const runs = new Map<string, RunHandlers>();
  const requests = new Map<string, { resolve(result: CheckpointResult | ForkResult): void; reject(error: Error): void }>();
  const backgroundListeners = new Set<(run: Omit<BackgroundRunMessage, "type">) => RunHandlers | undefined>();

  const receive = (message: FromWorker) => {
    switch (message.type) {
      case "events":
        runs.get(message.runId)?.onEvents(message.events);
        return;
      case "done": {
        const handlers = runs.get(message.runId);
        runs.delete(message.runId);
        handlers?.onDone(message.status, message.error);
        return;
      }
      case "failed": {
        const handlers = runs.get(message.runId);
        runs.delete(message.runId);
        handlers?.onFailed(message.code, message.message);
        return;
      }
      case "background_run": {
        const { type: _type, ...run } = message;
        for (const listener of backgroundListeners) {
          const handlers = listener(run);
          if (handlers) runs.set(message.runId, handlers);
        }
        return;
      }
      case "checkpoint_result":
      case "fork_result": {
        const pending = requests.get(message.requestId);
        requests.delete(message.requestId);
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
    worker = null;
    for (const handlers of runs.values()) handlers.onFailed("WORKER_FAILED", `The engine stopped unexpectedly: ${reason}`);
    runs.clear();
    for (const pending of requests.values()) pending.reject(new Error(`The engine stopped unexpectedly: ${reason}`));
    requests.clear();
  };

  const ensure = (): WorkerLike => {
    if (worker) return worker;
    const started = create();
    started.addEventListener("message", (event) => receive(event.data));
    started.addEventListener("error", (event) => crashed(event.message || "the engine worker failed to load"));
    worker = started;
    return started;
  };

  const ask = <R extends CheckpointResult | ForkResult>(message: CheckpointRequest | ForkRequest): Promise<R> =>
    new Promise<R>((resolve, reject) => {
      requests.set(message.requestId, { resolve: resolve as (r: CheckpointResult | ForkResult) => void, reject });
      ensure().postMessage(message);
    });

  return {
    run(request, handlers) {
      runs.set(request.runId, handlers);
      ensure().postMessage({
        type: "run",
        ...request,
        runId: asRunId(request.runId),
        threadId: asThreadId(request.threadId),
        graphId: asGraphId(request.graphId),
      });
    },
    stop(runId) {
      if (runs.has(runId)) worker?.postMessage({ type: "stop", runId: asRunId(runId) });
    },
    async checkpointState(request) {
      const result = await ask<CheckpointResult>({ type: "checkpoint", requestId: requestId(), ...request, threadId: asThreadId(request.threadId) });
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
    async fork(request) {
      const result = await ask<ForkResult>({
        type: "fork",
        requestId: requestId(),
        ...request,
        threadId: asThreadId(request.threadId),
        newThreadId: asThreadId(request.newThreadId),
      });
      if (!result.ok) throw new Error(result.error ?? "Forking the thread failed");
    },
  };
}

let shared: EngineClient | undefined;

/** The app's one engine client (one worker per tab). */
export function appEngine(): EngineClient {
  shared ??= createEngineClient();
  return shared;
}
