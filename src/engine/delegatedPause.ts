/**
 * Pauses inside delegated work: a blocking sub-agent or a Subgraph node runs on a thread of
 * its own, so a question, approval or breakpoint raised there pauses that thread only. The
 * node that started it re-raises the pause as a LangGraph `GraphInterrupt` carrying the
 * child's own interrupt id, so the root thread pauses on it (and shows it like any pause).
 * Answering it resumes the root with `Command({ resume: { [id]: value } })`; the node runs
 * again, finds its child paused on that id and resumes the child with the same answer, so
 * the child goes on exactly where it stopped. A plain `Command({ resume: value })`, naming no
 * id (a generic LangGraph client's), answers the child's first pending pause, as LangGraph
 * answers a root one. The child's run is a run of its own even on a server (see ownRun.ts),
 * and a fork at the pause copies the child's thread too (see forkPause.ts).
 */
import { Command, GraphInterrupt, type LangGraphRunnableConfig } from "@langchain/langgraph/web";
import { BREAKPOINTS_KEY } from "./breakpoints.js";
import { isInterruptPayload, type InterruptPayload, type PendingInterrupt } from "./interrupts.js";
import { toPending } from "./resume.js";

/**
 * Run-config key holding the answers the run was resumed with, by interrupt id. Nested
 * threads (delegations, subgraphs) read it to resume their own pauses; LangGraph passes
 * `configurable` down to nested graphs and never persists it.
 */
export const ANSWERS_KEY = "graphwright_answers";

export type Answers = Readonly<Record<string, unknown>>;

/**
 * Where LangGraph itself keeps the answers of `Command({ resume: { [id]: value } })` in the run
 * config it hands to every task, nested ones included. Read as well, so a run resumed without
 * `runGraph` (a LangGraph server given the resume map) resumes delegated work the same way.
 */
const LANGGRAPH_RESUME_MAP = "__pregel_resume_map";

const recordAt = (configurable: Record<string, unknown>, key: string): Answers => {
  const value = configurable[key];
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Answers) : {};
};

/** @example answersOf({ configurable: { [ANSWERS_KEY]: { abc: { option_id: "yes" } } } }) // { abc: { option_id: "yes" } } */
export function answersOf(config: LangGraphRunnableConfig): Answers {
  const configurable = (config.configurable ?? {}) as Record<string, unknown>;
  return { ...recordAt(configurable, LANGGRAPH_RESUME_MAP), ...recordAt(configurable, ANSWERS_KEY) };
}

/** Where LangGraph keeps a task's scratchpad in its run config; a plain resume's value waits there. */
const LANGGRAPH_SCRATCHPAD = "__pregel_scratchpad";

/**
 * Takes the value of a plain `Command({ resume: value })` — what a generic LangGraph client
 * sends, naming no interrupt — at most once; null when the run was not resumed that way or
 * the value was taken already (by this or by an `interrupt()` of the same task).
 */
export type PlainAnswer = () => { value: unknown } | null;

/**
 * The plain resume value of the task `config` belongs to. LangGraph gives it to the first
 * `interrupt()` the task reaches; a node re-raising a delegated pause reaches none, so it
 * takes the value itself for that pause, the same way (see nextChildStep).
 * @example const plain = plainAnswerOf(config); plain()?.value // { option_id: "inbox" } after Command({ resume: { option_id: "inbox" } })
 */
export function plainAnswerOf(config: LangGraphRunnableConfig): PlainAnswer {
  return () => {
    const scratchpad = (config.configurable as Record<string, unknown> | undefined)?.[LANGGRAPH_SCRATCHPAD] as
      { nullResume?: unknown; consumeNullResume?: () => unknown } | undefined;
    if (!scratchpad || scratchpad.nullResume === undefined || scratchpad.nullResume === null) return null;
    if (typeof scratchpad.consumeNullResume !== "function") return null;
    return { value: scratchpad.consumeNullResume() };
  };
}

/**
 * What a nested thread's run takes from the run config of the node that starts it: the
 * answers the run was resumed with, and the breakpoints (so they pause inside it too).
 * @example graph.stream(input, { configurable: { ...inheritedConfig(config), thread_id: "t1::agent::Emails" } })
 */
export function inheritedConfig(config: LangGraphRunnableConfig): Record<string, unknown> {
  const configurable = (config.configurable ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = { [ANSWERS_KEY]: answersOf(config) };
  if (configurable[BREAKPOINTS_KEY] !== undefined) out[BREAKPOINTS_KEY] = configurable[BREAKPOINTS_KEY];
  return out;
}

/**
 * The payload as the root shows it: `via` names the delegated work it comes from, outermost first.
 * @example asked("Emails", question).via // ["Emails"]
 */
export function viaPayload(name: string, payload: InterruptPayload): InterruptPayload {
  return { ...payload, via: [name, ...(payload.via ?? [])] };
}

/**
 * Raises the child's pauses in the running node: the root thread then waits on the same ids.
 * @example throw childPause("Emails", pending);
 */
export function childPause(name: string, pending: readonly PendingInterrupt[]): GraphInterrupt {
  return new GraphInterrupt(pending.map((p) => ({ id: p.id, value: viaPayload(name, p.payload) })));
}

/**
 * The pauses a background task's sub-agent stopped on, naming the task, as its follow-up turn asks them.
 * @example task.pending = taskPauses(task.id, error);
 */
export function taskPauses(taskId: string, error: GraphInterrupt): PendingInterrupt[] {
  return toPending(error.interrupts.map((i) => ({ id: i.id, value: isInterruptPayload(i.value) ? { ...i.value, task_id: taskId } : i.value })));
}

/** What a child thread's last run left behind, from its state snapshot. */
export interface ChildState {
  /**
   * Steps of the thread's latest checkpoint: the thread stopped before its end (paused or cut
   * off). Empty only when the thread ran to its end.
   */
  next: readonly string[];
  pending: PendingInterrupt[];
  messageIds: ReadonlySet<string>;
  /** The thread's latest checkpoint, where a cut-off run continues from. */
  checkpointId: string | null;
  /** The thread's state there. */
  values: Record<string, unknown>;
}

type SnapshotReader = {
  getState(config: LangGraphRunnableConfig): Promise<{
    next: readonly string[];
    values: unknown;
    tasks: readonly { name: string; interrupts?: readonly unknown[] }[];
    config?: LangGraphRunnableConfig;
  }>;
};

/** @example const child = await readChildState(graph, { configurable: { thread_id: "t1::agent::Emails" } }); */
export async function readChildState(graph: SnapshotReader, config: LangGraphRunnableConfig): Promise<ChildState> {
  const snapshot = await graph.getState(config);
  const messages = ((snapshot.values as { messages?: { id?: string }[] } | undefined)?.messages ?? []) as { id?: string }[];
  return {
    // LangGraph leaves a step out of `next` once its writes are stored, though the checkpoint after
    // it may never have been: a run cut in between (a reload just after the child took its message
    // in) is not finished, and running it on applies those writes and goes on.
    next: [...new Set([...snapshot.next, ...snapshot.tasks.map((task) => task.name)])],
    pending: toPending(snapshot.tasks.flatMap((task) => task.interrupts ?? [])),
    messageIds: new Set(messages.flatMap((m) => (m.id ? [m.id] : []))),
    checkpointId: ((snapshot.config?.configurable as Record<string, unknown> | undefined)?.checkpoint_id as string | undefined) ?? null,
    values: (snapshot.values ?? {}) as Record<string, unknown>,
  };
}

/**
 * How a child's run goes on for the message `messageId`: a fresh start, the answer to its
 * pause, its cut-off steps run again (`continue`), still waiting (the pause is raised again),
 * or nothing at all: it already finished that message (`done`; the node was cut off after it).
 * A pause no answer names takes the run's plain resume value, if it has one (`plain`).
 * @example
 * const step = nextChildStep(await readChildState(graph, config), messageId, answersOf(config), plainAnswerOf(config));
 * if (step.kind === "waiting") throw childPause("Emails", step.pending);
 */
export function nextChildStep(
  child: ChildState,
  messageId: string,
  answers: Answers,
  plain?: PlainAnswer,
):
  | { kind: "start" }
  | { kind: "done" }
  | { kind: "continue" }
  | { kind: "answer"; command: Command; interrupt: PendingInterrupt; value: unknown }
  | { kind: "waiting"; pending: PendingInterrupt[] } {
  if (!child.messageIds.has(messageId)) return { kind: "start" };
  if (child.next.length === 0) return { kind: "done" };
  if (child.pending.length === 0) return { kind: "continue" };
  const named = child.pending.find((p) => Object.prototype.hasOwnProperty.call(answers, p.id));
  const taken = named ? null : (plain?.() ?? null);
  const answered = named ?? (taken ? child.pending[0] : undefined);
  if (!answered) return { kind: "waiting", pending: child.pending };
  const value = named ? answers[answered.id] : taken?.value;
  return { kind: "answer", interrupt: answered, value, command: new Command({ resume: { [answered.id]: value } }) };
}

/**
 * A stable id for the message a node hands its child, unique to the node's task: the same
 * when the task runs again on resume, different for every other run of the node.
 * @example childMessageId({ configurable: { checkpoint_ns: "Main:1f2…|call_tools:9ab…" } }, "call_1") // "call_1@9ab…"
 */
export function childMessageId(config: LangGraphRunnableConfig, key: string): string {
  const ns = (config.configurable as Record<string, unknown> | undefined)?.checkpoint_ns;
  const last = typeof ns === "string" ? (ns.split("|").at(-1) ?? "") : "";
  const task = last.includes(":") ? last.slice(last.indexOf(":") + 1) : last;
  return task ? `${key}@${task}` : key;
}
