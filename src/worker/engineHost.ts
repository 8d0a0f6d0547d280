/**
 * The engine side of the worker: takes the app's messages and answers them. A run is
 * compiled (hostCompiler), run under the thread's lock and recorded (runRecorder); state
 * questions go to stateQueries; background delegations to backgroundRuns. It knows the
 * worker only through `post`, so tests drive it directly.
 */
import type { KnowledgeEmbedders } from "../models/index.js";
import { InMemoryStore, type BaseCheckpointSaver, type BaseStore } from "@langchain/langgraph/web";
import { DELTA_CHANNELS, runGraph, type BackgroundTaskStore, type CompiledDocument, type KnowledgeSearch, type RunEvent } from "../engine/index.js";
import type { EvaluationStore, RunStore } from "../persistence/workspace/index.js";
import { IdbSaver } from "../persistence/saver/IdbSaver.js";
import { asRunId, asThreadId, type GraphDocument } from "../schema/index.js";
import { createBackgroundRuns } from "./backgroundRuns";
import { createCutRunResumer } from "./cutRuns";
import type { Timer } from "./eventBatcher";
import { createHostCompiler, createHostServices, describeCompileFailure } from "./hostCompiler";
import { createTestRuns } from "./testRuns";
import { createEvaluationRuns } from "./evaluationRuns";
import { listMcpTools } from "./mcpListing";
import { answerMemoryRequest } from "./memoryAccess";
import { storedGraphMemory } from "./memoryStores";
import { createPageSandbox } from "./pageSandbox";
import { BACKGROUND_RUN_PREFIX, type FromWorker, type RunRequest, type ThreadLock, type ToWorker } from "./protocol";
import type { CredentialStore } from "./providerKeys";
import { createWorkerRedaction, redactEvents, redactingPost, redactingRuns, type WorkerRedaction } from "./redaction";
import { createRunRecorder } from "./runRecorder";
import { createToolSecrets } from "./toolSecretOrigins";
import { createStateQueries } from "./stateQueries";
import { answerServerRequest, forkOnServer, runTurnOnServer, serverCheckpointState, serverKeeping } from "./serverAccess";
import { createServerCutRunResumer } from "./serverCutRuns";
import type { KnowledgeTexts } from "./publishKnowledge";
import { errorMessage } from "../schema/errorMessage.js";

export interface EngineHostOptions {
  runs: Pick<RunStore, "start" | "startTurn" | "finish" | "appendEvents" | "list" | "get" | "events" | "deleteEventsAfter" | "discard" | "keepFinished">;
  /** The evaluation history (IndexedDB in the app); without it evaluation results are only posted. */
  evaluations?: Pick<EvaluationStore, "save">;
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
  /** Agents' long-term memories (IdbStore in the app), which the Memory panel reads too; without it they live in memory and end with the worker. */
  store?: BaseStore;
  /** A stored graph's current document, to run its background tasks again after a reload, and for Subgraph nodes. */
  loadDocument?(graphId: string): Promise<GraphDocument | undefined>;
  /** Searches a stored graph's knowledge bases (IndexedDB in the app); without it `search_<name>` tools say the base cannot be searched. */
  knowledgeFor?(graphId: string, embedders?: KnowledgeEmbedders): KnowledgeSearch | undefined;
  /** A base's stored file texts, published with the document to a LangGraph server; without it a base with files cannot be published. */
  knowledgeTexts?: KnowledgeTexts;
  /** The redactor of everything the host posts and stores; the worker shares it with its saver and console. */
  redaction?: WorkerRedaction;
  /** JavaScript tools run in the page's sandboxed frame (through a port the page hands over, the browser); without it, QuickJS in-process. */
  sandboxOnPage?: boolean;
}

export interface EngineHost {
  /** Handles one message from the app; resolves when the work it started has finished. */
  handle(message: ToWorker): Promise<void>;
}

/**
 * @example
 * const host = createEngineHost({ runs: ws.runs, credentials: ws, checkpointer, withThreadLock, post: (m) => self.postMessage(m) });
 * self.onmessage = (e) => void host.handle(e.data);
 */
export function createEngineHost(options: EngineHostOptions): EngineHost {
  const { checkpointer } = options;
  const redaction = options.redaction ?? createWorkerRedaction(options.credentials);
  const post = redactingPost(options.post, redaction);
  const runs = redactingRuns(options.runs, redaction);
  const now = options.now ?? (() => Date.now());
  const controllers = new Map<string, AbortController>();
  /** The Memory panel's re-embedding jobs in flight, by request id. */
  const memoryJobs = new Map<string, AbortController>();
  // What JavaScript tools send to the sandbox goes through the redactor too: no key enters it.
  const pageSandbox = options.sandboxOnPage ? createPageSandbox(post, { redact: (request) => redaction.current().redactValue(request) }) : null;
  const recordRaw = createRunRecorder({ runs, post, now, timer: options.timer, batchMs: options.batchMs });
  const record: typeof recordRaw = (meta, source, signal, onEvent) => recordRaw(meta, (s) => redactEvents(source(s), redaction), signal, onEvent);

  let runCounter = 0;
  const background = options.tasks
    ? createBackgroundRuns({
        tasks: options.tasks,
        withThreadLock: options.withThreadLock,
        post,
        record: (meta, source) => record(meta, source, new AbortController().signal),
        runs,
        compileStored: (graphId) => compileStored(graphId),
        newRunId: () => asRunId(`${BACKGROUND_RUN_PREFIX}${now().toString(36)}_${(runCounter++).toString(36)}`),
        now,
      })
    : null;

  const store = options.store ?? new InMemoryStore();
  const servicesFor = createHostServices({
    checkpointer,
    store,
    tasksFor: (graphId) => background?.storeFor(graphId),
    loadDocument: options.loadDocument,
    ...(options.knowledgeFor ? { knowledgeFor: options.knowledgeFor } : {}),
    toolSecrets: createToolSecrets(options.credentials),
    ...(pageSandbox ? { sandbox: pageSandbox.sandbox } : {}),
  });
  const compile = createHostCompiler(servicesFor);
  const tests = createTestRuns({
    servicesFor,
    post,
    credentials: async (request) => {
      redaction.learn(request.document);
      return redaction.refresh();
    },
  });
  const evaluations = createEvaluationRuns({
    servicesFor,
    runs,
    ...(options.evaluations ? { evaluations: options.evaluations } : {}),
    redaction,
    post,
    ...(options.timer ? { timer: options.timer } : {}),
  });
  const compileStored = async (graphId: string) => {
    const document = await options.loadDocument?.(graphId);
    if (!document) throw new Error(`graph "${graphId}" is no longer in the workspace`);
    redaction.learn(document);
    return compile(document, { credentials: await redaction.refresh(), graphId });
  };
  const resumeCut = createCutRunResumer({ runs, checkpointer, withThreadLock: options.withThreadLock, post, now, compileStored, record, controllers });
  const resumeCutOnServer = createServerCutRunResumer(
    { runs, withThreadLock: options.withThreadLock, post, now, record, controllers },
    options.credentials,
    resumeCut,
  );
  const keptElsewhere = (threadId: string) => serverKeeping(threadId, options.credentials);
  const queries = createStateQueries({ compile, checkpointer, withThreadLock: options.withThreadLock, post, keptElsewhere });

  async function run(request: RunRequest): Promise<void> {
    const { runId, threadId } = request;
    const controller = new AbortController();
    controllers.set(runId, controller);
    try {
      let compiled: CompiledDocument;
      try {
        redaction.learn(request.document);
        // One read of the saved keys, for the redactor and the run.
        const credentials = await redaction.refresh();
        compiled = compile(request.document, { credentials: request.replay ? null : credentials, replay: request.replay, graphId: request.graphId });
      } catch (error) {
        post({ type: "failed", runId, ...describeCompileFailure(error) });
        return;
      }
      background?.watch(compiled, request.graphId);
      if (request.runOn === "server" && request.breakpoints?.length && !request.replay) {
        post({
          type: "failed",
          runId,
          code: "UNSUPPORTED",
          message: `Breakpoints pause runs in this browser only, and this graph has ${request.breakpoints.length}: choose Run on This browser, or clear them in the inspector.`,
        });
        return;
      }
      if (request.runOn === "server" && request.agent) {
        post({
          type: "failed",
          runId,
          code: "UNSUPPORTED",
          message: `Running ${request.agent} directly is not available on a LangGraph server yet: choose Graph in Agent, or Run on This browser.`,
        });
        return;
      }
      const input = { message: request.message, ...(request.resume ? { resume: request.resume } : {}) };
      const source = (signal: AbortSignal) =>
        // A replay answers from its recording, which only this engine can do: it runs here.
        request.runOn === "server" && !request.replay
          ? runTurnOnServer(compiled, request.document, input, { threadId, runId, signal, now }, options.credentials, options.knowledgeTexts)
          : runGraph(compiled, input, {
              threadId,
              runId,
              signal,
              ...(request.agent ? { agent: request.agent } : {}),
              ...(request.breakpoints?.length ? { breakpoints: request.breakpoints } : {}),
            });
      const onEvent = (event: RunEvent) => {
        if (event.type === "delegation_queued") background?.hold(compiled, event.task_id);
      };
      // The run's first reads of its thread go out with its record and task list, not after them.
      const readsHere = request.runOn !== "server" && !request.agent && checkpointer instanceof IdbSaver;
      // Queued: behind this worker's own run of the thread (a background follow-up turn), or for a
      // moment behind a reloaded page's previous worker; a tab really running the thread refuses it.
      await options.withThreadLock(
        threadId,
        async () => {
          const readDone = readsHere ? checkpointer.readAhead(threadId, DELTA_CHANNELS) : null;
          try {
            await record({ runId, threadId, graphId: request.graphId, input: request.message }, source, controller.signal, onEvent);
          } finally {
            readDone?.();
          }
        },
        { queue: true },
      );
    } catch (error) {
      // Persistence or lock failures: the run could not be recorded, so it did not happen. A
      // busy thread says so by its code: the app then takes back the message it wrote.
      const busy = (error as { code?: string } | null)?.code === "THREAD_BUSY";
      post({ type: "failed", runId, code: busy ? "THREAD_BUSY" : "RUN_FAILED", message: `The run could not start: ${errorMessage(error)}` });
    } finally {
      controllers.delete(runId);
    }
  }

  return {
    async handle(message) {
      switch (message.type) {
        case "run":
          return run(message);
        case "run_evaluation":
          return evaluations.run(message);
        case "stop_evaluation":
          return evaluations.stop(message);
        case "compare_evaluations":
          return evaluations.compare(message);
        case "run_tests":
          return tests.run(message);
        case "stop_tests":
          return tests.stop(message);
        case "stop":
          controllers.get(message.runId)?.abort();
          // Acknowledged even for a run that already ended: the app only needs to know the worker is listening.
          post({ type: "stopped", runId: message.runId });
          return;
        case "ping":
          post({ type: "pong", seq: message.seq });
          return;
        case "checkpoint":
          if (message.runOn === "server") {
            try {
              const found = await serverCheckpointState(message, options.credentials);
              if (found) return post({ type: "checkpoint_result", requestId: message.requestId, ok: true, ...found, error: null });
            } catch (error) {
              return post({ type: "checkpoint_result", requestId: message.requestId, ok: false, state: null, next: [], error: errorMessage(error) });
            }
          }
          return queries.checkpoint(message);
        case "fork":
          if (message.runOn === "server") {
            try {
              const threadId = await forkOnServer(message, options.credentials);
              if (threadId) return post({ type: "fork_result", requestId: message.requestId, ok: true, error: null, threadId: asThreadId(threadId) });
            } catch (error) {
              return post({ type: "fork_result", requestId: message.requestId, ok: false, error: errorMessage(error) });
            }
          }
          return queries.fork(message);
        case "resume_tasks":
          return background?.resumeOpen();
        case "resume_run":
          return message.runOn === "server" ? resumeCutOnServer(message) : resumeCut(message);
        case "redact": {
          if (message.document) redaction.learn(message.value as GraphDocument);
          await redaction.refresh();
          post({ type: "redact_result", requestId: message.requestId, value: redaction.current().redactValue(message.value, message.mark) });
          return;
        }
        case "sandbox_port":
          pageSandbox?.connected(message);
          return;
        case "sandbox_lost":
          pageSandbox?.lost(message);
          return;
        case "server_request":
          post(
            await answerServerRequest(message, options.credentials, {
              texts: options.knowledgeTexts,
              onProgress: (text) => post({ type: "server_progress", requestId: message.requestId, text }),
            }),
          );
          return;
        case "memory": {
          const { requestId } = message;
          const stop = new AbortController();
          memoryJobs.set(requestId, stop);
          try {
            const onProgress = (progress: { done: number; total: number }) => post({ type: "memory_progress", requestId, ...progress });
            post(await answerMemoryRequest(await storedGraphMemory(store, message.graphId, options), message, { signal: stop.signal, onProgress }));
          } finally {
            memoryJobs.delete(requestId);
          }
          return;
        }
        case "stop_memory":
          memoryJobs.get(message.requestId)?.abort();
          return;
        case "mcp_list_tools":
          post(await listMcpTools(message, createToolSecrets(options.credentials)));
          return;
        default: {
          const never: never = message;
          throw new Error(`Unknown engine request ${(never as ToWorker).type}`);
        }
      }
    },
  };
}
