/**
 * Background delegations in the worker (seed 002): each settled task gets a follow-up turn,
 * recorded as a run of its thread (a task waiting for the user gets one that asks), and after a reload the tasks left queued or running in
 * IndexedDB are run again — or, when they cannot be, recorded on their thread as failed with
 * the reason. Nothing is silently lost.
 */
import { followUpMessage, runFollowUp, type BackgroundTask, type BackgroundTaskStore, type CompiledDocument, type RunEvent } from "../engine/index.js";
import type { RunStore } from "../persistence/workspace/index.js";
import { asGraphId, asRunId, asThreadId, type GraphId, type RunId, type ThreadId } from "../schema/index.js";
import { BACKGROUND_RUN_PREFIX, type FromWorker, type ThreadLock } from "./protocol";
import { errorMessage } from "../schema/errorMessage.js";

/** A run the host records: persisted, posted to the app, under the thread's lock. */
export interface RecordedRun {
  runId: RunId;
  threadId: ThreadId;
  graphId: GraphId;
  input: string;
}

export interface BackgroundRunsDeps {
  /** The shared task store (IndexedDB in the app). */
  tasks: BackgroundTaskStore;
  withThreadLock: ThreadLock;
  post(message: FromWorker): void;
  /** Records a run from an event source (the host's execute, without the lock). */
  record(run: RecordedRun, events: (signal: AbortSignal) => AsyncIterable<RunEvent>): Promise<void>;
  runs: Pick<RunStore, "start" | "finish" | "appendEvents" | "list" | "discard">;
  /** Compiles a stored graph with the tasks store of that graph, or throws why it cannot. */
  compileStored(graphId: string): Promise<CompiledDocument>;
  newRunId(): RunId;
  now(): number;
  /** Waits between attempts when the thread is busy (another run holds its lock). */
  retryMs?: number;
}

export interface BackgroundRuns {
  /** The store a compile for `graphId` uses: it stamps the graph on every task it saves. */
  storeFor(graphId: string): BackgroundTaskStore;
  /** Follow-up turns for the tasks this compile runs. */
  watch(compiled: CompiledDocument, graphId: GraphId): void;
  /** A task queued in this tab: hold its lock while it runs, so another tab never runs it twice. */
  hold(compiled: CompiledDocument, taskId: string): void;
  /** After a reload: runs again or fails every task left open in the store. */
  resumeOpen(): Promise<void>;
  /** Resolves once every follow-up turn started so far has been recorded (tests). */
  idle(): Promise<void>;
}

const TASK_LOCK = (id: string) => `task:${id}`;
const MAX_ATTEMPTS = 200;

function isBusy(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === "THREAD_BUSY";
}

/**
 * @example
 * const background = createBackgroundRuns({ tasks: ws.tasks, withThreadLock, post, record, recordFailure, compileStored, newRunId, now });
 * background.watch(compiled, graphId);
 */
export function createBackgroundRuns(deps: BackgroundRunsDeps): BackgroundRuns {
  const stores = new Map<string, BackgroundTaskStore>();
  const watched = new WeakSet<CompiledDocument>();
  const retryMs = deps.retryMs ?? 250;

  /** A run that never ran (a background task that cannot resume), recorded so its thread shows why. */
  const recordFailure = async (run: RecordedRun, events: RunEvent[]): Promise<void> => {
    const error = events.find((e) => e.type === "error");
    const message = error?.type === "error" ? error.message : "The background task failed";
    await deps.runs.start({ id: run.runId, threadId: run.threadId, graphId: run.graphId, input: run.input, started: deps.now() });
    await deps.runs.appendEvents(events);
    await deps.runs.finish(run.runId, { status: "error", ended: deps.now(), error: message });
    deps.post({ type: "events", runId: run.runId, events });
    deps.post({ type: "done", runId: run.runId, status: "error", error: message });
  };

  const storeFor = (graphId: string): BackgroundTaskStore => {
    let store = stores.get(graphId);
    if (!store) {
      const base = deps.tasks;
      store = {
        put: (task) => base.put({ ...task, graph_id: task.graph_id ?? graphId }),
        get: (id) => base.get(id),
        listByThread: (threadId) => base.listByThread(threadId),
        listOpen: () => base.listOpen(),
      };
      stores.set(graphId, store);
    }
    return store;
  };

  /** Runs `work` under the thread's lock, waiting while a run of this tab or another holds it. */
  const whenFree = async (threadId: string, work: () => Promise<void>): Promise<void> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await deps.withThreadLock(threadId, work);
      } catch (error) {
        if (!isBusy(error) || attempt >= MAX_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, retryMs));
      }
    }
  };

  /**
   * Follow-up runs of the task a reload cut (still running, or closed as cancelled since): the
   * task is told again by a new run, so the cut one goes, or the report would show twice.
   */
  const cutFollowUps = async (threadId: string, input: string): Promise<RunId[]> => {
    const cut = (await deps.runs.list(threadId)).filter(
      (r) => r.id.startsWith(BACKGROUND_RUN_PREFIX) && r.input === input && (r.status === "running" || r.status === "cancelled"),
    );
    await Promise.all(cut.map((r) => deps.runs.discard(r.id)));
    return cut.map((r) => asRunId(r.id));
  };

  const followUp = async (compiled: CompiledDocument, task: BackgroundTask, graphId: GraphId): Promise<void> => {
    const run: RecordedRun = { runId: deps.newRunId(), threadId: asThreadId(task.thread_id), graphId, input: followUpMessage(task) };
    await whenFree(task.thread_id, async () => {
      const current = await deps.tasks.get(task.id);
      // Told already, or (waiting for the user) asked already: the thread holds the question.
      if (current?.reported || (current?.status === "waiting" && current.asked)) return;
      const replaces = await cutFollowUps(task.thread_id, run.input);
      deps.post({ type: "background_run", runId: run.runId, threadId: run.threadId, graphId, taskId: task.id, ...(replaces.length > 0 ? { replaces } : {}) });
      await deps.record(run, (signal) => runFollowUp(compiled, task.id, { threadId: task.thread_id, runId: run.runId, signal }));
    });
  };

  const pending = new Set<Promise<void>>();
  const watch = (compiled: CompiledDocument, graphId: GraphId) => {
    if (watched.has(compiled)) return;
    watched.add(compiled);
    compiled.team.tasks.onSettled((task) => {
      const work = followUp(compiled, task, graphId).catch((error: unknown) =>
        console.error("Graphwright: the follow-up turn of a background task failed", error),
      );
      pending.add(work);
      void work.finally(() => pending.delete(work));
    });
  };

  const hold = (compiled: CompiledDocument, taskId: string) => {
    void deps.withThreadLock(TASK_LOCK(taskId), () => compiled.team.tasks.settled(taskId).then(() => undefined)).catch(() => undefined);
  };

  /** A task that cannot run again: recorded on its thread as a failed run that says why. */
  const failForGood = async (task: BackgroundTask, reason: string): Promise<void> => {
    const failed: BackgroundTask = { ...task, status: "failed", error: reason, reported: true, updated: deps.now() };
    const graphId = asGraphId(task.graph_id ?? "");
    const run: RecordedRun = { runId: deps.newRunId(), threadId: asThreadId(task.thread_id), graphId, input: followUpMessage(failed) };
    const ts = deps.now();
    const base = {
      run_id: run.runId,
      thread_id: run.threadId,
      call_id: run.runId,
      parent_call_id: null,
      root_call_id: run.runId,
      depth: 0,
      agent: task.parent_agent,
      node: null,
      checkpoint_id: null,
    };
    const events: RunEvent[] = [
      { ...base, id: `${run.runId}:0`, seq: 0, ts, type: "run_start", input: run.input },
      {
        ...base,
        id: `${run.runId}:1`,
        seq: 1,
        ts,
        type: "delegation_completed",
        task_id: task.id,
        sub_agent: task.agent,
        tool_call_id: task.tool_call_id,
        status: "failed",
        result: null,
        error: reason,
      },
      {
        ...base,
        id: `${run.runId}:2`,
        seq: 2,
        ts,
        type: "error",
        code: "DELEGATION_FAILED",
        message: `${task.agent} could not finish task ${task.id}: ${reason}`,
      },
      { ...base, id: `${run.runId}:3`, seq: 3, ts, type: "run_end", status: "error", duration_ms: 0 },
    ];
    await whenFree(task.thread_id, async () => {
      deps.post({ type: "background_run", runId: run.runId, threadId: run.threadId, graphId, taskId: task.id });
      await recordFailure(run, events);
    });
    await deps.tasks.put(failed);
  };

  const resumeOne = async (task: BackgroundTask): Promise<void> => {
    let compiled: CompiledDocument;
    try {
      if (!task.graph_id) throw new Error("the task does not say which graph it belongs to");
      compiled = await deps.compileStored(task.graph_id);
      if (!compiled.team.hierarchy.agents.has(task.agent)) throw new Error(`the graph no longer has an agent named "${task.agent}"`);
    } catch (error) {
      await failForGood(task, `The page was reloaded and the task could not run again: ${errorMessage(error)}`);
      return;
    }
    const graphId = asGraphId(task.graph_id);
    watch(compiled, graphId);
    if (task.status === "completed" || task.status === "failed" || task.status === "waiting") {
      // A waiting task runs again only once answered (through its follow-up turn's question).
      await followUp(compiled, task, graphId);
      return;
    }
    await deps.withThreadLock(TASK_LOCK(task.id), async () => {
      await compiled.team.tasks.resume(task);
      await compiled.team.tasks.settled(task.id);
    });
  };

  return {
    storeFor,
    watch,
    hold,
    async resumeOpen() {
      const open = await deps.tasks.listOpen();
      await Promise.all(
        open.map((task) =>
          resumeOne(task).catch((error: unknown) => {
            // THREAD_BUSY on the task lock: another tab is running it.
            if (!isBusy(error)) console.error(`Graphwright: background task ${task.id} could not be resumed`, error);
          }),
        ),
      );
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
