/**
 * runGraph: streams a compiled document for one user turn and yields typed
 * `RunEvent`s with their place in the call tree (run → agent/node → tool call).
 */
import { GraphRecursionError } from "@langchain/langgraph/web";
import { HumanMessage, type BaseMessage } from "@langchain/core/messages";
import type { CompiledDocument } from "./compile.js";
import { EngineError } from "./errors.js";
import { isNodeEmission, type EventBase, type RunEvent, type RunEventBody } from "./events.js";
import { ModelError, type ModelErrorKind } from "./ports.js";
import { FOLLOW_UP_KEY } from "./multiagent/entry.js";
import { turnTarget } from "./multiagent/directRun.js";
import { errorMessage, messageToJson } from "./runtime.js";
import { partialReplies } from "./partialReplies.js";
import type { PendingInterrupt } from "./interrupts.js";
import { prepareResume, readPending, toPending, type ResumeRequest } from "./resume.js";
import { CONTINUED_RUN_KEY } from "./nodes/agent/continuedTurn.js";
import { toldBy, untoldTurn } from "./continuedRun.js";

/**
 * What one turn of a thread starts from: a message, a follow-up of a background task, or an answer to a pause.
 * @example
 * const turn: RunInput = { message: "What's the weather in Paris?" };
 * const answer: RunInput = { message: "", resume: { interrupt_id: pending.id, value: { decision: "approve" } } };
 */
export interface RunInput {
  /** The user's message for this turn. */
  message: string;
  /** A follow-up turn reporting a finished background task to the parent that queued it (see runFollowUp). */
  followUp?: { task_id: string };
  /**
   * Resumes a paused thread with a person's answer instead of starting a turn (`message`
   * is then ignored). A refused answer is reported as an `error` event and the run stays paused.
   */
  resume?: ResumeRequest;
  /**
   * Continues a turn that was cut off (the page reloaded mid-run) from one of its checkpoints:
   * the steps pending there run again, with no new message and no `run_start` (the turn already has one).
   */
  continueFrom?: {
    checkpoint_id: string;
    /** Replies (message ids) and tool results (call ids) the events kept from before the cut tell (see continuedRun.ts). */
    told?: readonly string[];
  };
}

/**
 * Where and how a turn runs: its thread, and optionally its run id, a cancel signal, a step limit or a direct agent.
 * @example
 * const controller = new AbortController();
 * const options: RunOptions = { threadId: "t1", signal: controller.signal, agent: "Research" };
 */
export interface RunOptions {
  threadId: string;
  runId?: string;
  /** Aborting stops the run between steps and cancels the model call in flight. */
  signal?: AbortSignal;
  /** Overrides the document's `settings.recursion_limit`. */
  recursionLimit?: number;
  /**
   * Runs this agent directly as the root of the turn, with its own scoped history in the
   * thread (seed 002's direct sub-agent runs). `@name` of an agent the graph cannot route
   * to (a delegation-only sub-agent) does the same.
   */
  agent?: string;
  /** The first event's `seq`: a continued turn numbers its events after the ones it already has. */
  firstSeq?: number;
}

interface CallPosition {
  call_id: string;
  parent_call_id: string | null;
  depth: number;
  agent: string | null;
}

interface Segment {
  name: string;
  task: string;
}

/** A namespace segment `name:task_id` (LangGraph's checkpoint namespace). */
function segmentOf(part: string): Segment {
  const at = part.lastIndexOf(":");
  return at < 0 ? { name: part, task: part } : { name: part.slice(0, at), task: part.slice(at + 1) };
}

/**
 * Places a task in the call tree by the first segment of its namespace: a document node
 * opens a call under the run; the steps inside it (an agent's loop) do not open their own.
 */
function positionOf(compiled: CompiledDocument, first: Segment | null, rootCall: string): CallPosition {
  const node = first ? compiled.nodesByName.get(first.name) : undefined;
  if (!first || !node) return { call_id: rootCall, parent_call_id: null, depth: 0, agent: null };
  return { call_id: first.task, parent_call_id: rootCall, depth: 1, agent: node.kind === "agent" ? first.name : null };
}

/** Model failures a user fixes differently from a failing provider get their own code. */
const MODEL_ERROR_CODES: Partial<Record<ModelErrorKind, string>> = { empty_response: "EMPTY_RESPONSE", not_a_model_server: "NOT_A_MODEL_SERVER" };

function describeFailure(error: unknown, limit: number): { code: string; message: string } {
  if (error instanceof GraphRecursionError || (error as Error | null)?.name === "GraphRecursionError") {
    return {
      code: "RECURSION_LIMIT",
      message: `The run stopped after ${limit} steps without reaching End. A loop in the graph probably never ends; raise settings.recursion_limit if it really needs more steps.`,
    };
  }
  if (error instanceof EngineError) return { code: error.code, message: error.message };
  if (error instanceof ModelError) return { code: MODEL_ERROR_CODES[error.kind] ?? "MODEL_ERROR", message: error.message };
  return { code: "RUN_FAILED", message: errorMessage(error) };
}

/**
 * Stores replies that were cut off (see partialReplies). Best effort: a graph without a
 * checkpointer, or a thread whose state cannot take the update, keeps what it had.
 */
async function keepPartialReplies(graph: CompiledDocument["graph"], configurable: Record<string, unknown>, messages: BaseMessage[]): Promise<void> {
  if (messages.length === 0) return;
  try {
    await graph.updateState({ configurable }, { messages });
  } catch {
    // The run has already ended and reported why; a reply that cannot be kept stays only in its events.
  }
}

/**
 * Runs one turn of a thread and yields its events, ending with `final_state` (on
 * success) and `run_end`. Failures are reported as an `error` event, never thrown.
 * @example
 * for await (const e of runGraph(compiled, { message: "What's the weather?" }, { threadId: "t1" })) {
 *   if (e.type === "message_delta") process.stdout.write(e.delta);
 * }
 */
export async function* runGraph(compiled: CompiledDocument, input: RunInput, options: RunOptions): AsyncGenerator<RunEvent> {
  const { clock, ids } = compiled.services;
  const runId = options.runId ?? ids.next("run");
  const rootCall = runId;
  const started = clock.now();
  let lastTs = started;
  let checkpointId: string | null = null;
  const taskStarts = new Map<string, number>();
  const limit = options.recursionLimit ?? compiled.document.settings.recursion_limit;

  let seq = options.firstSeq ?? 0;
  const make = (body: RunEventBody, position: CallPosition, node: string | null): RunEvent => {
    lastTs = Math.max(lastTs, clock.now());
    const base: EventBase = {
      id: `${runId}:${seq}`,
      seq: seq++,
      ts: lastTs,
      run_id: runId,
      thread_id: options.threadId,
      root_call_id: rootCall,
      checkpoint_id: checkpointId,
      node,
      call_id: position.call_id,
      parent_call_id: position.parent_call_id,
      depth: position.depth,
      agent: position.agent,
    };
    return Object.assign(base, body) as RunEvent;
  };
  // Only a namespace's first segment (the document node) places an event: place each once per
  // run. Events come in runs from one step, which share the whole namespace.
  const positions = new Map<string, CallPosition>();
  let lastNs: string | undefined;
  let lastPosition: CallPosition = { call_id: rootCall, parent_call_id: null, depth: 0, agent: null };
  const positionOfNamespace = (ns: string): CallPosition => {
    if (ns === lastNs) return lastPosition;
    const bar = ns.indexOf("|");
    const first = bar < 0 ? ns : ns.slice(0, bar);
    let position = positions.get(first);
    if (!position) positions.set(first, (position = positionOf(compiled, first ? segmentOf(first) : null, rootCall)));
    lastNs = ns;
    lastPosition = position;
    return position;
  };
  const atRoot: CallPosition = { call_id: rootCall, parent_call_id: null, depth: 0, agent: null };

  const partial = partialReplies();
  /** Replies and tool results this turn's events tell (see continuedRun.ts). */
  const told = new Set<string>(input.continueFrom?.told ?? []);
  if (!input.continueFrom) yield make({ type: "run_start", input: input.message }, atRoot, null);
  const target = turnTarget(compiled, input.message, options);
  // A direct run checkpoints in the agent's scoped thread, which this thread's timeline
  // cannot inspect or fork from: its events carry no checkpoint id rather than a foreign one.
  const reportsCheckpoints = target.configurable.thread_id === options.threadId;
  const configurable = input.continueFrom
    ? { ...target.configurable, checkpoint_id: input.continueFrom.checkpoint_id, [CONTINUED_RUN_KEY]: true }
    : target.configurable;
  const config = { configurable, recursionLimit: limit, ...(options.signal ? { signal: options.signal } : {}) };
  let status: "completed" | "cancelled" | "error" | "interrupted" = "completed";
  let lastValues: Record<string, unknown> | undefined;
  let paused: PendingInterrupt[] = [];
  const interruptEvent = (p: PendingInterrupt, resume?: unknown): RunEvent =>
    make(
      resume === undefined
        ? { type: "interrupt", interrupt_id: p.id, kind: p.payload.kind, payload: p.payload }
        : { type: "interrupt_resolved", interrupt_id: p.id, kind: p.payload.kind, payload: p.payload, resume: resume as never },
      { ...atRoot, agent: p.payload.kind === "approval" ? p.payload.agent : null },
      p.payload.node,
    );
  try {
    if (target.error) throw target.error;
    let graphInput: unknown;
    if (input.resume) {
      const prepared = prepareResume(await readPending(target.graph, config), input.resume);
      if (!prepared.ok) {
        // A refused answer changes nothing: the thread stays paused on the same interrupts.
        yield make({ type: "error", code: prepared.error.code, message: prepared.error.message }, atRoot, null);
        for (const p of prepared.pending) yield interruptEvent(p);
        yield make(
          { type: "run_end", status: prepared.pending.length > 0 ? "interrupted" : "error", duration_ms: Math.max(0, clock.now() - started) },
          atRoot,
          null,
        );
        return;
      }
      yield interruptEvent(prepared.interrupt, prepared.value);
      graphInput = prepared.command;
    } else if (input.continueFrom) {
      // No input: LangGraph runs the tasks still pending at the checkpoint.
      graphInput = null;
      checkpointId = input.continueFrom.checkpoint_id;
    } else {
      const additional_kwargs = input.followUp ? { [FOLLOW_UP_KEY]: input.followUp.task_id } : {};
      graphInput = { messages: [new HumanMessage({ id: ids.next("msg"), content: input.message, additional_kwargs })] };
    }
    const stream = await target.graph.stream(
      graphInput as never,
      // Root-level tasks and checkpoints only: events from inside agents carry their own
      // namespace (see emit), so subgraph chunks would only be read and dropped.
      // `values` hands us the root state after each step, so the final state needs no
      // getState(): that would reload the checkpoint and replay every message delta.
      { ...config, streamMode: ["custom", "tasks", "checkpoints", "values"] },
    );
    for await (const chunk of stream as AsyncIterable<[string, unknown]>) {
      const [mode, payload] = chunk;
      if (mode === "custom" && isNodeEmission(payload)) {
        const position = positionOfNamespace(payload.ns);
        // Nested calls (sub-agents, the tool calls that started them, then the event's own call) open below the node.
        let at = position;
        for (const link of payload.calls ?? []) at = { call_id: link.id, parent_call_id: at.call_id, depth: at.depth + 1, agent: link.agent ?? at.agent };
        if (payload.call_id) at = { call_id: payload.call_id, parent_call_id: at.call_id, depth: at.depth + 1, agent: at.agent };
        const event = make(payload.body, { ...at, agent: payload.agent ?? at.agent }, payload.node);
        partial.see(event);
        const tells = toldBy(event);
        if (tells !== null) told.add(tells);
        yield event;
      } else if (mode === "tasks") {
        const task = payload as { id: string; name: string; result?: unknown; error?: unknown };
        // Only document nodes open calls; the steps inside an agent's loop are reported by
        // their own events (ai_message, tool_call, …) rather than as node starts and ends.
        if (!compiled.nodesByName.has(task.name)) continue;
        const position = positionOf(compiled, { name: task.name, task: task.id }, rootCall);
        const isAgent = compiled.nodesByName.get(task.name)?.kind === "agent";
        if (!("result" in task) && !("error" in task && task.error)) {
          taskStarts.set(task.id, clock.now());
          yield make({ type: isAgent ? "agent_start" : "node_start" }, position, task.name);
        } else {
          const duration_ms = Math.max(0, clock.now() - (taskStarts.get(task.id) ?? clock.now()));
          taskStarts.delete(task.id);
          const error = task.error ? errorMessage(task.error) : undefined;
          yield make({ type: isAgent ? "agent_end" : "node_end", duration_ms, ...(error ? { error } : {}) }, position, task.name);
        }
      } else if (mode === "values") {
        // A pause reports itself as `{ __interrupt__ }` in this mode: not a state.
        if (payload && typeof payload === "object" && !("__interrupt__" in payload)) lastValues = payload as Record<string, unknown>;
        else if (payload && typeof payload === "object")
          paused = toPending([...paused.map((p) => ({ id: p.id, value: p.payload })), ...((payload as { __interrupt__: unknown[] }).__interrupt__ ?? [])]);
      } else if (mode === "checkpoints") {
        const checkpoint = payload as { config?: { configurable?: { checkpoint_id?: string } }; metadata?: { step?: number } };
        if (reportsCheckpoints) checkpointId = checkpoint.config?.configurable?.checkpoint_id ?? checkpointId;
        yield make({ type: "checkpoint_saved", step: checkpoint.metadata?.step ?? -1 }, atRoot, null);
      }
    }
    const values = { ...(lastValues ?? ((await target.graph.getState(config)).values as Record<string, unknown>)) };
    if (input.continueFrom) {
      for (const { body, agent } of untoldTurn((values.messages ?? []) as BaseMessage[], told)) yield make(body, { ...atRoot, agent }, agent);
    }
    values.messages = ((values.messages ?? []) as Parameters<typeof messageToJson>[0][]).map(messageToJson);
    for (const p of paused) yield interruptEvent(p);
    if (paused.length > 0) status = "interrupted";
    yield make({ type: "final_state", state: values }, atRoot, null);
  } catch (error) {
    if (options.signal?.aborted) {
      status = "cancelled";
    } else {
      status = "error";
      yield make({ type: "error", ...describeFailure(error, limit) }, atRoot, null);
    }
    await keepPartialReplies(target.graph, target.configurable, partial.messages(status));
  }
  yield make({ type: "run_end", status, duration_ms: Math.max(0, clock.now() - started) }, atRoot, null);
}

/**
 * Collects every event of a run into an array (tests, CLI `--json`).
 * @example
 * const events = await collectRun(compiled, { message: "hi" }, { threadId: "t1" });
 * events.at(-1); // { type: "run_end", status: "completed", … }
 */
export async function collectRun(compiled: CompiledDocument, input: RunInput, options: RunOptions): Promise<RunEvent[]> {
  const events: RunEvent[] = [];
  for await (const event of runGraph(compiled, input, options)) events.push(event);
  return events;
}
