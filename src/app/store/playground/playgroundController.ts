/**
 * The playground store's I/O, injected: threads, their events and each graph's remembered thread
 * in the workspace; runs, stops, forks and background delegations in the engine. The store
 * decides what to do and when; the controller only does it.
 */
import type { RunEvent } from "../../../engine/index.js";
import type { RunRecord, ThreadRecord, Workspace } from "../../../persistence/workspace/index.js";
import { REDACTED_MARK, redactKeyShapes, type GraphDocument } from "../../../schema/index.js";
import type { EngineClient, RunHandlers, Unbranded } from "../../services/engineClient";
import { BACKGROUND_RUN_PREFIX, type BackgroundRunMessage, type RunRequest } from "../../../worker/protocol";
import { copyRuns } from "../../services/threadBranch";
import { breakpointsFor } from "../breakpoints";
import { currentRunTarget } from "../../services/runTarget";
import { threadLockName } from "../../../persistence/threadLockName.js";

/** How long a resume found busy waits for the thread's lock before reading the thread as stored. */
const THREAD_FREE_WAIT_MS = 10_000;

/** A run to start, as the engine takes it (the engine client brands the ids). */
export type RunStart = Unbranded<Omit<RunRequest, "type">>;
/** A run the worker started by itself (a follow-up turn of a background delegation). */
export type BackgroundRun = Unbranded<Omit<BackgroundRunMessage, "type">>;

/** A new thread branched off a checkpoint of another, starting with `history`. */
export interface ThreadFork {
  document: GraphDocument;
  fromThreadId: string;
  checkpointId: string | null;
  thread: { id: string; graphId: string; title: string };
  /** Recorded events the new thread starts with, stored under fresh run ids. */
  history: readonly RunEvent[];
  /** The checkpoint is a pause the new thread waits on too (see ForkRequest.atPause). */
  atPause?: { answeredAt: number | null };
  /** Channel values edited at the checkpoint: the new thread starts from them. */
  edits?: Record<string, unknown>;
  newRunId(): string;
}

export interface PlaygroundController {
  listThreads(graphId: string): Promise<ThreadRecord[]>;
  /** The thread's events in run order; with `runs`, of those runs alone, in that order. */
  threadEvents(threadId: string, runs?: readonly string[]): Promise<RunEvent[]>;
  /** The events of the thread's latest `count` runs, in run order, and the ids of the runs before them, oldest first. */
  latestThreadEvents(threadId: string, count: number): Promise<{ events: RunEvent[]; earlierRuns: string[] }>;
  /** The thread that was active when the graph was last shown. */
  rememberedThread(graphId: string): Promise<string | null>;
  rememberThread(graphId: string, threadId: string | null): Promise<void>;
  createThread(thread: { id: string; graphId: string; title: string }): Promise<void>;
  renameThread(threadId: string, title: string): Promise<void>;
  deleteThread(threadId: string): Promise<void>;
  /** Marks a thread as just used (the thread list is ordered by it). */
  touchThread(threadId: string): Promise<void>;
  /**
   * Writes the user's message to the thread as its run starts (the run record, still running,
   * and its `run_start` event, in one transaction): once it commits, a reload finds it and
   * resumes the run. The engine records the same run and event when the run really starts;
   * a write that comes after the engine's leaves the engine's.
   */
  recordSend(send: { runId: string; threadId: string; graphId: string; event: RunEvent }): Promise<void>;
  /** Runs of the thread still marked running: cut off by a reload or a closed tab, or running in another tab. */
  cutRuns(threadId: string): Promise<RunRecord[]>;
  /** Continues a cut run from its checkpoint in the engine, or has it recorded as interrupted. */
  resumeRun(run: { runId: string; threadId: string; graphId: string }, handlers: RunHandlers): void;
  /**
   * Resolves when no engine holds the thread's lock (or after a bound): a reloaded page's old
   * worker may still be finishing a run the new page found cut.
   */
  whenThreadFree(threadId: string): Promise<void>;
  /** Takes back a sent message the engine refused to run (see RunStore.discardSent). */
  discardSend(runId: string): Promise<void>;
  startRun(request: RunStart, handlers: RunHandlers): void;
  stopRun(runId: string): void;
  /** The engine state at the checkpoint, the thread record, then the history's runs: in that order. */
  /** Resolves with the new thread's id: the one asked for, or the one the engine chose (a fork on a server). */
  forkThread(fork: ThreadFork): Promise<string>;
  /** The thread record, then the history's runs (a thread kept on a LangGraph server, seen here for the first time). */
  adoptThread(thread: { id: string; graphId: string; title: string }, history: readonly RunEvent[], newRunId: () => string): Promise<void>;
  /** Hears of runs the worker starts by itself; the listener returns handlers, or nothing to ignore the run. */
  onBackgroundRun(listener: (run: BackgroundRun) => RunHandlers | undefined): void;
  /** True when a previous page left background delegations open. */
  hasOpenBackgroundTasks(): Promise<boolean>;
  /** Asks the engine (starting the worker) to pick up the open background delegations. */
  resumeBackgroundTasks(): void;
  /** Starts the engine worker ahead of the first run (the page is idle). */
  warmEngine?(): void;
}

export interface PlaygroundControllerDeps {
  workspace: Pick<Workspace, "threads" | "runs" | "settings"> & Partial<Pick<Workspace, "tasks">>;
  engine: EngineClient;
  /** Clock for the start times of copied runs. */
  now?: () => number;
}

/** Waits until the thread's lock is free, or `ms` passes: taking it for an instant waits for its holder. */
async function freeWithin(threadId: string, ms: number): Promise<void> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (!locks) return;
  await locks.request(threadLockName(threadId), { signal: AbortSignal.timeout(ms) }, async () => undefined).catch(() => undefined);
}

/** Setting that remembers the last active thread of each graph. */
export const activeThreadSetting = (graphId: string) => `playground.active_thread.${graphId}`;

/**
 * @example
 * const playground = createPlaygroundStore({ controller: createPlaygroundController({ workspace: appWorkspace(), engine: appEngine() }) });
 */
export function createPlaygroundController(deps: PlaygroundControllerDeps): PlaygroundController {
  const { workspace, engine } = deps;
  const now = deps.now ?? (() => Date.now());
  // A title is the first message: key shapes are redacted at once, and saved key values (which only the
  // worker knows) right after, without holding up the send on the worker.
  const redactStoredTitle = (threadId: string, title: string) => {
    if (!engine.redact) return;
    engine
      .redact(title)
      .then((clean) => (clean !== title ? workspace.threads.rename(threadId, clean) : undefined))
      .catch(() => undefined);
  };
  return {
    listThreads: (graphId) => workspace.threads.list(graphId),
    threadEvents: (threadId, runs) => workspace.runs.threadEvents(threadId, runs),
    latestThreadEvents: (threadId, count) => workspace.runs.latestThreadEvents(threadId, count),
    rememberedThread: (graphId) => workspace.settings.get<string | null>(activeThreadSetting(graphId), null),
    rememberThread: (graphId, threadId) =>
      threadId === null ? workspace.settings.delete(activeThreadSetting(graphId)) : workspace.settings.set(activeThreadSetting(graphId), threadId),
    async createThread(thread) {
      await workspace.threads.create({ ...thread, title: redactKeyShapes(thread.title, REDACTED_MARK) });
      redactStoredTitle(thread.id, thread.title);
    },
    async renameThread(threadId, title) {
      await workspace.threads.rename(threadId, redactKeyShapes(title, REDACTED_MARK));
      redactStoredTitle(threadId, title);
    },
    deleteThread: (threadId) => workspace.threads.delete(threadId),
    async touchThread(threadId) {
      await workspace.threads.touch(threadId);
    },
    async recordSend({ runId, threadId, graphId, event }) {
      if (event.type !== "run_start") throw new Error("A send is recorded by its run_start event");
      await workspace.runs.recordSent({ id: runId, threadId, graphId, input: event.input, started: event.ts }, [event]);
    },
    async cutRuns(threadId) {
      // A background delegation's follow-up run is still running while its task streams: it is
      // not cut, and it resumes with its task.
      return (await workspace.runs.list(threadId)).filter((run) => run.status === "running" && !run.id.startsWith(BACKGROUND_RUN_PREFIX));
    },
    resumeRun(run, handlers) {
      if (engine.resumeRun) engine.resumeRun(run, handlers);
      else handlers.onFailed("UNSUPPORTED", "This engine cannot resume runs.");
    },
    async whenThreadFree(threadId) {
      // A holder that keeps the lock past the bound (another tab's long run) is left to finish: its events are stored there.
      await freeWithin(threadId, THREAD_FREE_WAIT_MS);
    },
    async discardSend(runId) {
      await workspace.runs.discardSent(runId);
    },
    // Runs go where `Run on` says at the moment they start (a resumed approval included), with
    // this browser's breakpoints of the graph as they are then.
    startRun(request, handlers) {
      const breakpoints = breakpointsFor(request.graphId);
      const withBreaks = breakpoints.length > 0 ? { ...request, breakpoints } : request;
      engine.run(currentRunTarget() === "server" ? { ...withBreaks, runOn: "server" } : withBreaks, handlers);
    },
    stopRun: (runId) => engine.stop(runId),
    async forkThread({ document, fromThreadId, checkpointId, thread, history, newRunId, atPause, edits }) {
      const how = { ...(atPause ? { atPause } : {}), ...(edits ? { edits } : {}) };
      const id = (await engine.fork({ document, threadId: fromThreadId, checkpointId, newThreadId: thread.id, ...how })) || thread.id;
      await workspace.threads.create({ ...thread, id });
      await copyRuns(workspace.runs, { threadId: id, graphId: thread.graphId, events: history, newRunId, now: now() });
      return id;
    },
    async adoptThread(thread, history, newRunId) {
      await workspace.threads.create({ ...thread, title: redactKeyShapes(thread.title, REDACTED_MARK) });
      await copyRuns(workspace.runs, { threadId: thread.id, graphId: thread.graphId, events: history, newRunId, now: now() });
    },
    onBackgroundRun(listener) {
      engine.onBackgroundRun?.(listener);
    },
    async hasOpenBackgroundTasks() {
      const open = await workspace.tasks?.listOpen();
      return (open?.length ?? 0) > 0;
    },
    resumeBackgroundTasks() {
      engine.resumeBackgroundTasks?.();
    },
    warmEngine() {
      engine.warm?.();
    },
  };
}
