/**
 * The engine side of the worker: validates and compiles documents, runs turns under the
 * thread's lock, persists runs and events, answers checkpoint and fork requests. It
 * knows the worker only through `post`, so tests drive it directly.
 */
import { isBaseMessage, type BaseMessage } from "@langchain/core/messages";
import type { BaseCheckpointSaver } from "@langchain/langgraph/web";
import {
  compileGraph,
  ENTRY_NODE,
  EngineError,
  messageToJson,
  runGraph,
  type BackgroundTaskStore,
  type CompiledDocument,
  type EngineServices,
  type RunEvent,
} from "../engine/index.js";
import { createModelResolver, createScriptedModel } from "../models/index.js";
import type { RunStore } from "../persistence/workspace/index.js";
import { GraphValidationError, type GraphDocument } from "../schema/index.js";
import { createToolResolver } from "../tools/index.js";
import { createBackgroundRuns, type RecordedRun } from "./backgroundRuns";
import type { CheckpointRequest, ForkRequest, FromWorker, RunRequest, ThreadLock, ToWorker } from "./protocol";
import { createIntervalBatcher, systemTimer, type Timer } from "./eventBatcher";
import { summarizeProblems } from "./problemSummary";
import { keySource, readCredentials, withProviderDefaults, type CredentialStore, type ProviderCredentials } from "./providerKeys";
import { replayServices } from "./replay";

export interface EngineHostOptions {
  runs: Pick<RunStore, "start" | "finish" | "appendEvents" | "list">;
  credentials: CredentialStore;
  checkpointer: BaseCheckpointSaver;
  withThreadLock: ThreadLock;
  post(message: FromWorker): void;
  timer?: Timer;
  /** Milliseconds since the epoch, for run records. */
  now?: () => number;
  /** Posting interval for event batches. */
  batchMs?: number;
  /** Background delegations (IndexedDB in the app); without it they live in memory and end with the worker. */
  tasks?: BackgroundTaskStore;
  /** A stored graph's current document, to run its background tasks again after a reload, and for Subgraph nodes. */
  loadDocument?(graphId: string): Promise<GraphDocument | undefined>;
}

export interface EngineHost {
  /** Handles one message from the app; resolves when the work it started has finished. */
  handle(message: ToWorker): Promise<void>;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Why a document cannot run, in the playground's words. */
export function describeCompileFailure(error: unknown): { code: string; message: string } {
  if (error instanceof GraphValidationError) return { code: "INVALID_DOCUMENT", message: summarizeProblems(error.issues) };
  if (error instanceof EngineError) return { code: error.code, message: `This graph cannot run: ${error.message}` };
  return { code: "COMPILE_ERROR", message: `This graph cannot run: ${errorText(error)}` };
}

/** Graph state as JSON: messages through the engine's converter, everything else cloned. */
export function stateToJson(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (Array.isArray(value) && value.some((item) => isBaseMessage(item))) {
      out[key] = value.map((item) => (isBaseMessage(item) ? messageToJson(item as BaseMessage) : item));
      continue;
    }
    try {
      out[key] = value === undefined ? null : JSON.parse(JSON.stringify(value));
    } catch {
      out[key] = String(value);
    }
  }
  return out;
}

/**
 * @example
 * const host = createEngineHost({ runs: ws.runs, credentials: ws, checkpointer, withThreadLock, post: (m) => self.postMessage(m) });
 * self.onmessage = (e) => void host.handle(e.data);
 */
export function createEngineHost(options: EngineHostOptions): EngineHost {
  const { runs, checkpointer, post } = options;
  const now = options.now ?? (() => Date.now());
  const timer = options.timer ?? systemTimer;
  const controllers = new Map<string, AbortController>();

  let runCounter = 0;
  const background = options.tasks
    ? createBackgroundRuns({
        tasks: options.tasks,
        withThreadLock: options.withThreadLock,
        post,
        record: (meta, source) => execute(meta, source, new AbortController().signal),
        runs,
        compileStored: async (graphId) => {
          const document = await options.loadDocument?.(graphId);
          if (!document) throw new Error(`graph "${graphId}" is no longer in the workspace`);
          return compile(document, await readCredentials(options.credentials), undefined, graphId);
        },
        newRunId: () => `run_bg_${now().toString(36)}_${(runCounter++).toString(36)}`,
        now,
      })
    : null;

  const compile = (document: GraphDocument, credentials: ProviderCredentials | null, replay?: RunRequest["replay"], graphId?: string): CompiledDocument => {
    const tasks = background && graphId ? { tasks: background.storeFor(graphId) } : {};
    // Subgraph nodes run other saved graphs of the workspace, with the same provider settings.
    const load = options.loadDocument;
    const loadSaved = async (id: string) => {
      const saved = load ? await load(id) : undefined;
      if (!saved) return null;
      return credentials ? withProviderDefaults(saved, credentials) : saved;
    };
    const graphs = load ? { graphs: { load: loadSaved } } : {};
    const services: EngineServices = replay
      ? { ...replayServices(replay), checkpointer }
      : {
          models: createModelResolver({ getKey: credentials ? keySource(credentials) : () => null, scripted: createScriptedModel }),
          tools: createToolResolver(),
          checkpointer,
          ...tasks,
          ...graphs,
        };
    return compileGraph(credentials ? withProviderDefaults(document, credentials) : document, services);
  };

  async function run(request: RunRequest): Promise<void> {
    const { runId, threadId } = request;
    const controller = new AbortController();
    controllers.set(runId, controller);
    try {
      let compiled: CompiledDocument;
      try {
        const credentials = request.replay ? null : await readCredentials(options.credentials);
        compiled = compile(request.document, credentials, request.replay, request.graphId);
      } catch (error) {
        post({ type: "failed", runId, ...describeCompileFailure(error) });
        return;
      }
      background?.watch(compiled, request.graphId);
      const source = (signal: AbortSignal) =>
        runGraph(
          compiled,
          { message: request.message, ...(request.resume ? { resume: request.resume } : {}) },
          { threadId, runId, signal, ...(request.agent ? { agent: request.agent } : {}) },
        );
      const onEvent = (event: RunEvent) => {
        if (event.type === "delegation_queued") background?.hold(compiled, event.task_id);
      };
      await options.withThreadLock(threadId, () =>
        execute({ runId, threadId, graphId: request.graphId, input: request.message }, source, controller.signal, onEvent),
      );
    } catch (error) {
      // Persistence or lock failures: the run could not be recorded, so it did not happen.
      post({ type: "failed", runId, code: "RUN_FAILED", message: `The run could not start: ${errorText(error)}` });
    } finally {
      controllers.delete(runId);
    }
  }

  /** Records one run: persists it and its events, posts them, reports done. The caller holds the thread's lock. */
  async function execute(
    meta: RecordedRun,
    source: (signal: AbortSignal) => AsyncIterable<RunEvent>,
    signal: AbortSignal,
    onEvent?: (event: RunEvent) => void,
  ): Promise<void> {
    const { runId, threadId } = meta;
    await closeInterruptedRuns(threadId);
    await runs.start({ id: runId, threadId, graphId: meta.graphId, input: meta.input, started: now() });
    let saving: Promise<void> = Promise.resolve();
    let saveError: string | null = null;
    const batcher = createIntervalBatcher<RunEvent>(
      (events) => {
        post({ type: "events", runId, events });
        // One transaction per post, in order; the first failure is reported with the run.
        saving = saving.then(() =>
          runs.appendEvents(events).catch((error: unknown) => {
            saveError ??= `Saving the run's events failed: ${errorText(error)}`;
          }),
        );
      },
      options.batchMs ?? 16,
      timer,
    );
    let status: "completed" | "cancelled" | "error" | "interrupted" = "error";
    let runError: string | null = null;
    try {
      for await (const event of source(signal)) {
        batcher.push(event);
        onEvent?.(event);
        if (event.type === "error") runError ??= event.message;
        if (event.type === "run_end") status = event.status;
      }
    } finally {
      batcher.close();
      await saving;
    }
    if (saveError && status !== "cancelled") {
      status = "error";
      runError ??= saveError;
    }
    await runs.finish(runId, { status, ended: now(), ...(runError ? { error: runError } : {}) });
    post({ type: "done", runId, status, error: status === "error" ? (runError ?? saveError ?? "The run failed") : null });
  }

  /**
   * Runs of this thread still marked running were cut off (their tab closed mid-run): we hold
   * the thread's lock, so nobody else is running them. Record them as cancelled.
   */
  async function closeInterruptedRuns(threadId: string): Promise<void> {
    for (const run of await runs.list(threadId)) {
      if (run.status === "running") await runs.finish(run.id, { status: "cancelled", ended: now(), error: "Interrupted: the page was closed during the run" });
    }
  }

  /** Compiles for reading state only: a document that no longer compiles falls back to the raw checkpoint. */
  function tryCompile(document: GraphDocument): CompiledDocument | null {
    try {
      return compile(document, null);
    } catch {
      return null;
    }
  }

  async function checkpoint(request: CheckpointRequest): Promise<void> {
    const config = { configurable: { thread_id: request.threadId, checkpoint_ns: "", checkpoint_id: request.checkpointId } };
    try {
      const compiled = tryCompile(request.document);
      if (compiled) {
        const snapshot = await compiled.graph.getState(config);
        if (!snapshot.config?.configurable?.checkpoint_id) {
          post({ type: "checkpoint_result", requestId: request.requestId, ok: true, state: null, next: [], error: null });
          return;
        }
        post({
          type: "checkpoint_result",
          requestId: request.requestId,
          ok: true,
          state: stateToJson(snapshot.values as Record<string, unknown>),
          next: [...snapshot.next],
          error: null,
        });
        return;
      }
      const tuple = await checkpointer.getTuple(config);
      const values = (tuple?.checkpoint.channel_values ?? null) as Record<string, unknown> | null;
      post({ type: "checkpoint_result", requestId: request.requestId, ok: true, state: values ? stateToJson(values) : null, next: [], error: null });
    } catch (error) {
      post({ type: "checkpoint_result", requestId: request.requestId, ok: false, state: null, next: [], error: errorText(error) });
    }
  }

  async function fork(request: ForkRequest): Promise<void> {
    try {
      if (request.checkpointId !== null) {
        const compiled = compile(request.document, null);
        const source = { configurable: { thread_id: request.threadId, checkpoint_ns: "", checkpoint_id: request.checkpointId } };
        const snapshot = await compiled.graph.getState(source);
        if (!snapshot.config?.configurable?.checkpoint_id) throw new Error(`Checkpoint ${request.checkpointId} of this thread was not found`);
        // As if the entry node had just run: the new thread waits for its next message.
        await options.withThreadLock(request.newThreadId, () =>
          compiled.graph.updateState({ configurable: { thread_id: request.newThreadId } }, snapshot.values, ENTRY_NODE),
        );
      }
      post({ type: "fork_result", requestId: request.requestId, ok: true, error: null });
    } catch (error) {
      const message = error instanceof GraphValidationError || error instanceof EngineError ? describeCompileFailure(error).message : errorText(error);
      post({ type: "fork_result", requestId: request.requestId, ok: false, error: message });
    }
  }

  return {
    async handle(message) {
      switch (message.type) {
        case "run":
          return run(message);
        case "stop":
          controllers.get(message.runId)?.abort();
          return;
        case "checkpoint":
          return checkpoint(message);
        case "fork":
          return fork(message);
        case "resume_tasks":
          return background?.resumeOpen();
        default: {
          const never: never = message;
          throw new Error(`Unknown engine request ${(never as ToWorker).type}`);
        }
      }
    },
  };
}
