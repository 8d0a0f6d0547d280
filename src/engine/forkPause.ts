/**
 * Forking a thread at a pause: the new thread must wait on the same approval, question or
 * breakpoint, so answering it there goes on from exactly where the original stopped. Copying
 * the state alone (as a fork elsewhere does) loses the pause: LangGraph keeps it as pending
 * writes of the checkpoint, and inside an agent's loop as checkpoints of the loop's namespace.
 * So the checkpoints themselves are copied, with the same ids, through the saver's own API
 * (any `BaseCheckpointSaver`): the root namespace up to the paused checkpoint, every other
 * namespace as it was at the pause, and of the pending writes only what was there then — never
 * an answer given later, nor what the answered step wrote after it.
 *
 * A pause inside delegated work (a blocking sub-agent, an agent tool, a Subgraph node) waits
 * on the sub-agent's or saved graph's own thread (see delegatedPause.ts), so those threads are
 * copied too, as they were at the pause, under the new thread's id: answering in the fork
 * resumes the fork's copy of the child, and the original's child stays as it was. A background
 * task's question is refused: the task is kept beside the thread, so the fork would share it.
 */
import { RESUME, type BaseCheckpointSaver, type CheckpointTuple, type PendingWrite } from "@langchain/langgraph-checkpoint";
import { scopedThreadId } from "./multiagent/hierarchy.js";
import { subgraphThreadId } from "./nodes/subgraph.js";

/**
 * Which pause to fork, and into which thread.
 * @example const fork: PauseFork = { threadId: "t1", newThreadId: "t2", checkpointId: event.checkpoint_id, answeredAt: null };
 */
export interface PauseFork {
  threadId: string;
  newThreadId: string;
  /** The root checkpoint the thread was paused at (the `checkpoint_id` of its `interrupt` event). */
  checkpointId: string;
  /**
   * When the pause was answered, if it was (the next run's start, ms since the epoch): checkpoints
   * of nested namespaces saved from then on belong to the answered step and are not copied.
   */
  answeredAt?: number | null;
}

const INTERRUPT_CHANNEL = "__interrupt__";

/** Pending writes as they were at the pause: interrupted tasks' interrupts only, no answers. */
function writesAtPause(tuple: CheckpointTuple): Map<string, PendingWrite[]> {
  const writes = tuple.pendingWrites ?? [];
  const interrupted = new Set(writes.filter(([, channel]) => channel === INTERRUPT_CHANNEL).map(([task]) => task));
  const byTask = new Map<string, PendingWrite[]>();
  for (const [task, channel, value] of writes) {
    if (channel === RESUME) continue;
    // A paused task wrote nothing but its interrupt; anything else is from after the answer.
    if (interrupted.has(task) && channel !== INTERRUPT_CHANNEL) continue;
    byTask.set(task, [...(byTask.get(task) ?? []), [channel, value]]);
  }
  return byTask;
}

/** The background task whose question the thread pauses on here, if any (its pause names the task). */
function backgroundTaskOf(tuple: CheckpointTuple): string | null {
  for (const [, channel, value] of tuple.pendingWrites ?? []) {
    if (channel !== INTERRUPT_CHANNEL) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      const taskId = ((item as { value?: { task_id?: unknown } } | null)?.value ?? {}).task_id;
      if (typeof taskId === "string") return taskId;
    }
  }
  return null;
}

function allWrites(tuple: CheckpointTuple): Map<string, PendingWrite[]> {
  const byTask = new Map<string, PendingWrite[]>();
  for (const [task, channel, value] of tuple.pendingWrites ?? []) byTask.set(task, [...(byTask.get(task) ?? []), [channel, value]]);
  return byTask;
}

/**
 * A saver that names the threads whose ids start with a prefix without reading their
 * checkpoints (IdbSaver does, from its thread index). Any other saver is listed in full.
 */
export interface ThreadLister {
  threadIds(prefix: string): Promise<string[]>;
}

const listsThreads = (saver: BaseCheckpointSaver): saver is BaseCheckpointSaver & ThreadLister =>
  typeof (saver as Partial<ThreadLister>).threadIds === "function";

/** The threads of a thread's sub-agents and Subgraph nodes (and theirs, at any depth). */
async function nestedThreads(saver: BaseCheckpointSaver, threadId: string): Promise<string[]> {
  const prefixes = [scopedThreadId(threadId, ""), subgraphThreadId(threadId, "")];
  if (listsThreads(saver)) return (await Promise.all(prefixes.map((prefix) => saver.threadIds(prefix)))).flat();
  const found = new Set<string>();
  for await (const tuple of saver.list({ configurable: {} })) {
    const id = String(tuple.config.configurable?.thread_id ?? "");
    if (prefixes.some((prefix) => id.startsWith(prefix))) found.add(id);
  }
  return [...found];
}

const byId = (a: CheckpointTuple, b: CheckpointTuple) => (a.checkpoint.id < b.checkpoint.id ? -1 : a.checkpoint.id > b.checkpoint.id ? 1 : 0);

/** Writes the kept checkpoints into `newThreadId`, oldest first in each namespace, so every checkpoint's parent is there before it. */
async function copyCheckpoints(saver: BaseCheckpointSaver, keep: CheckpointTuple[], newThreadId: string): Promise<void> {
  keep.sort(byId);
  const latestOf = new Map<string, string>();
  for (const tuple of keep) latestOf.set(String(tuple.config.configurable?.checkpoint_ns ?? ""), tuple.checkpoint.id);
  for (const tuple of keep) {
    const ns = String(tuple.config.configurable?.checkpoint_ns ?? "");
    const parent = tuple.parentConfig?.configurable?.checkpoint_id as string | undefined;
    const target = { configurable: { thread_id: newThreadId, checkpoint_ns: ns, ...(parent ? { checkpoint_id: parent } : {}) } };
    const saved = await saver.put(target, tuple.checkpoint, tuple.metadata ?? { source: "fork", step: -1, parents: {} }, tuple.checkpoint.channel_versions);
    // The latest checkpoint of a namespace is where the pause waits: its writes as they were then.
    // Older ones keep theirs (a delta channel's history is read from them).
    const writes = latestOf.get(ns) === tuple.checkpoint.id ? writesAtPause(tuple) : allWrites(tuple);
    for (const [task, list] of writes) await saver.putWrites(saved, list, task);
  }
}

/**
 * Copies a paused thread into a new one that waits on the same pause, with its sub-agents'
 * and Subgraph nodes' threads as they were at the pause.
 * @example await forkAtPause(checkpointer, { threadId: "t1", newThreadId: "t2", checkpointId: pause.checkpoint_id });
 */
export async function forkAtPause(saver: BaseCheckpointSaver, fork: PauseFork): Promise<void> {
  const answeredAt = fork.answeredAt ?? null;
  const beforeAnswer = (tuple: CheckpointTuple) => answeredAt === null || Date.parse(tuple.checkpoint.ts) < answeredAt;
  const keep: CheckpointTuple[] = [];
  for await (const tuple of saver.list({ configurable: { thread_id: fork.threadId } })) {
    const ns = String(tuple.config.configurable?.checkpoint_ns ?? "");
    if (ns === "" ? tuple.checkpoint.id <= fork.checkpointId : beforeAnswer(tuple)) keep.push(tuple);
  }
  const paused = keep.find((t) => t.checkpoint.id === fork.checkpointId);
  if (!paused) throw new Error(`Checkpoint ${fork.checkpointId} of thread "${fork.threadId}" was not found`);
  // A background task lives beside the thread, not in its checkpoints: a fork answering its
  // question would go on with the original thread's task.
  const task = backgroundTaskOf(paused);
  if (task) {
    throw new Error(
      `This pause is background task ${task}'s question, and the task belongs to thread "${fork.threadId}": answer it there, or fork from a step before the task was queued`,
    );
  }
  // Read every source before writing: the new thread's nested threads must not be listed as sources.
  const nested: [string, CheckpointTuple[]][] = [];
  for (const threadId of await nestedThreads(saver, fork.threadId)) {
    const kept: CheckpointTuple[] = [];
    for await (const tuple of saver.list({ configurable: { thread_id: threadId } })) if (beforeAnswer(tuple)) kept.push(tuple);
    if (kept.length > 0) nested.push([`${fork.newThreadId}${threadId.slice(fork.threadId.length)}`, kept]);
  }
  await copyCheckpoints(saver, keep, fork.newThreadId);
  for (const [threadId, kept] of nested) await copyCheckpoints(saver, kept, threadId);
}
