/**
 * Background tasks of non-blocking delegations (seed 002): queued by a parent's tool
 * call, run after the parent's turn moves on, persisted through the task store, and
 * handed to `onSettled` listeners so a follow-up turn can report them. Running tasks
 * also have an inbox (message_sub_agent) read at the sub-agent's turn boundaries.
 */
import { isGraphInterrupt } from "@langchain/langgraph/web";
import { ANSWERS_KEY, taskPauses } from "../delegatedPause.js";
import { EngineError } from "../errors.js";
import type { NodeEmission } from "../events.js";
import type { ResolvedServices } from "../nodes/context.js";
import type { BackgroundTask, BackgroundTaskStore, TaskInboxMessage } from "../ports.js";
import { outsideRuns } from "../ownRun.js";
import { createInbox, registryOf, type ReplyOutcome } from "./taskRegistry.js";
import type { AgentRunRequest } from "./team.js";
import { errorMessage } from "../../schema/errorMessage.js";

const PROGRESS_LINES = 20;
/** Events of a background run kept for its follow-up turn's timeline (the oldest are dropped beyond this). */
const KEPT_EVENTS = 2_000;

export interface QueueRequest {
  threadId: string;
  parentAgent: string;
  agent: string;
  toolCallId: string;
  message: string;
  overrides: BackgroundTask["overrides"];
  depth: number;
}

export interface BackgroundTasks {
  readonly store: BackgroundTaskStore;
  /** Records a queued task and starts it once the current turn has moved on. */
  queue(request: QueueRequest): Promise<BackgroundTask>;
  /** Runs a task again from its message (a task cut off by a reload); its follow-up fires as usual. */
  resume(task: BackgroundTask): Promise<void>;
  /** Ends a task that cannot run, with the reason; listeners hear of it like any settled task. */
  fail(task: BackgroundTask, reason: string): Promise<BackgroundTask>;
  get(id: string): Promise<BackgroundTask | undefined>;
  /** Resolves with the task once it is completed or failed. */
  settled(id: string): Promise<BackgroundTask>;
  /** Hears of every task this compile ran that settled. */
  onSettled(listener: (task: BackgroundTask) => void): () => void;
  markReported(id: string): Promise<void>;
  /** Leaves a message for a queued or running task's sub-agent. */
  send(id: string, text: string): Promise<TaskInboxMessage>;
  /** Waits for the sub-agent's next reply after `messageId` was read, for the task's end, or for the timeout. */
  waitForReply(id: string, messageId: string, timeoutMs: number): Promise<ReplyOutcome>;
  /** Unread messages of a running task, marked read (the sub-agent calls this at each turn boundary). */
  takeInbox(id: string): Promise<TaskInboxMessage[]>;
  /** The sub-agent answered at a turn boundary: wakes send_and_wait callers whose message it had read. */
  noteReply(id: string, text: string): void;
  /**
   * Resumes a `waiting` task with the user's answer to one of its pauses; it runs on in the
   * background from where it paused. Throws when the task does not wait on that interrupt.
   */
  answer(id: string, interruptId: string, value: unknown): Promise<void>;
  /** A follow-up turn asked the user what a `waiting` task waits on. */
  markAsked(id: string): Promise<void>;
  /** Resolves once every task this compile started has settled. */
  idle(): Promise<void>;
  /**
   * The events the task's sub-agent reported while it ran in this worker, placed below the
   * run that reads them (its call first); each task's events are handed out once.
   */
  takeEvents(id: string): NodeEmission[];
}

const isFinished = (task: BackgroundTask) => task.status === "completed" || task.status === "failed";

/**
 * @example
 * const tasks = createBackgroundTasks({ store, services, runAgent: team.runAgent });
 * const task = await tasks.queue({ threadId: "t1", parentAgent: "Main", agent: "Research", … });
 * await tasks.settled(task.id);
 */
export function createBackgroundTasks(input: {
  store: BackgroundTaskStore;
  services: ResolvedServices;
  runAgent: (request: AgentRunRequest) => Promise<string>;
}): BackgroundTasks {
  const { store, services } = input;
  const registry = registryOf(store);
  const listeners = new Set<(task: BackgroundTask) => void>();
  const running = new Set<Promise<void>>();

  const save = (task: BackgroundTask): Promise<void> => {
    task.updated = services.clock.now();
    const copy = structuredClone(task);
    const previous = registry.writes.get(task.id) ?? Promise.resolve();
    const next = previous.then(() => store.put(copy));
    registry.writes.set(
      task.id,
      next.catch(() => undefined),
    );
    return next;
  };

  const settle = async (task: BackgroundTask) => {
    registry.live.delete(task.id);
    await save(task);
    for (const resolve of registry.settledWaiters.get(task.id) ?? []) resolve(structuredClone(task));
    registry.settledWaiters.delete(task.id);
    registry.replyWaiters.delete(task.id);
    // Their follow-up turns are root runs, also where AsyncLocalStorage carries this task's run (Node).
    for (const listener of listeners) outsideRuns(() => listener(structuredClone(task)));
  };

  const progressSink = (task: BackgroundTask) => (emission: NodeEmission) => {
    // Below the follow-up run's root: drop the delegating tool call, which belongs to an earlier run.
    const kept = registry.events.get(task.id) ?? [];
    kept.push({ ...emission, calls: (emission.calls ?? []).slice(1) });
    if (kept.length > KEPT_EVENTS) kept.splice(0, kept.length - KEPT_EVENTS);
    registry.events.set(task.id, kept);
    const body = emission.body;
    let line: string | null = null;
    if (body.type === "ai_message" && body.content) line = `${emission.agent ?? task.agent}: ${body.content}`;
    else if (body.type === "tool_result") line = `${body.tool} → ${body.error ? `error: ${body.error}` : body.result}`;
    if (!line) return;
    task.progress = [...task.progress, line.slice(0, 2_000)].slice(-PROGRESS_LINES);
    void save(task).catch(() => undefined);
  };

  const execute = async (task: BackgroundTask, answers?: Record<string, unknown>) => {
    registry.events.delete(task.id);
    task.status = "running";
    task.attempts += 1;
    await save(task);
    try {
      task.result = await input.runAgent({
        agent: task.agent,
        message: task.message,
        rootThread: task.thread_id,
        depth: task.depth,
        callPath: [{ id: task.tool_call_id, agent: null }],
        callId: task.call_id,
        overrides: task.overrides,
        taskId: task.id,
        sink: progressSink(task),
        ns: "",
        ...(answers ? { inherited: { [ANSWERS_KEY]: answers } } : {}),
      });
      task.status = "completed";
      task.error = null;
    } catch (error) {
      if (isGraphInterrupt(error)) {
        // Paused for the user: the listeners' follow-up turn asks, and the answer resumes it (see answer()).
        task.status = "waiting";
        task.pending = taskPauses(task.id, error);
        task.asked = false;
      } else {
        task.status = "failed";
        task.error = errorMessage(error);
      }
    }
    await settle(task);
  };

  const start = (task: BackgroundTask, answers?: Record<string, unknown>) => {
    registry.live.set(task.id, task);
    // After the current turn's tool call returns its handle: the parent's turn goes first.
    const work = new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => execute(task, answers));
    running.add(work);
    void work.finally(() => running.delete(work));
  };

  return {
    store,
    async queue(request) {
      const now = services.clock.now();
      const task: BackgroundTask = {
        id: services.ids.next("task"),
        thread_id: request.threadId,
        parent_agent: request.parentAgent,
        agent: request.agent,
        tool_call_id: request.toolCallId,
        call_id: services.ids.next("call"),
        message: request.message,
        overrides: request.overrides,
        depth: request.depth,
        status: "queued",
        result: null,
        error: null,
        created: now,
        updated: now,
        attempts: 0,
        inbox: [],
        progress: [],
        reported: false,
      };
      await save(task);
      start(task);
      return structuredClone(task);
    },
    async resume(task) {
      if (registry.live.has(task.id)) return;
      start({ ...structuredClone(task), status: "queued", result: null, error: null, progress: [] });
    },
    async fail(task, reason) {
      const failed: BackgroundTask = { ...structuredClone(task), status: "failed", error: reason };
      await settle(failed);
      return failed;
    },
    async get(id) {
      const live = registry.live.get(id);
      return live ? structuredClone(live) : store.get(id);
    },
    async settled(id) {
      if (!registry.live.has(id)) {
        const task = await store.get(id);
        if (!task) throw new EngineError("TASK_NOT_FOUND", `There is no background task "${id}"`);
        if (isFinished(task) || !registry.live.has(id)) return task;
      }
      return new Promise<BackgroundTask>((resolve) => registry.settledWaiters.set(id, [...(registry.settledWaiters.get(id) ?? []), resolve]));
    },
    onSettled(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ...createInbox(registry, save, services),
    async answer(id, interruptId, value) {
      const task = registry.live.get(id) ?? (await store.get(id));
      if (!task) throw new EngineError("TASK_NOT_FOUND", `There is no background task "${id}"`);
      if (task.status !== "waiting" || !(task.pending ?? []).some((p) => p.id === interruptId)) {
        throw new EngineError("NOT_PAUSED", `Background task ${id} (${task.agent}) is ${task.status}, not waiting on interrupt "${interruptId}"`);
      }
      start({ ...structuredClone(task), status: "queued", pending: [], asked: false }, { [interruptId]: value });
    },
    async markAsked(id) {
      const task = registry.live.get(id) ?? (await store.get(id));
      if (!task || task.status !== "waiting" || task.asked) return;
      task.asked = true;
      await save(task);
    },
    async markReported(id) {
      const task = registry.live.get(id) ?? (await store.get(id));
      if (!task || task.reported) return;
      task.reported = true;
      await save(task);
    },
    takeEvents(id) {
      const events = registry.events.get(id) ?? [];
      registry.events.delete(id);
      return events;
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
