/**
 * runGraph: streams a compiled document for one user turn and yields typed
 * `RunEvent`s with their place in the call tree (run → agent/node → tool call).
 */
import { Command, GraphRecursionError } from "@langchain/langgraph/web";
import { BREAKPOINTS_KEY, type Breakpoint, type BreakSession } from "./breakpoints.js";
import type { ResumeValue } from "./interrupts.js";
import { HumanMessage, type BaseMessage } from "@langchain/core/messages";
import type { CompiledDocument } from "./compile.js";
import { ANSWERS_KEY } from "./delegatedPause.js";
import { EngineError } from "./errors.js";
import type { RunEvent } from "./events.js";
import { ModelError, type ModelErrorKind } from "./ports.js";
import { FOLLOW_UP_KEY } from "./multiagent/entry.js";
import { turnTarget } from "./multiagent/directRun.js";
import { waitingTaskRefusal } from "./multiagent/waitingTasks.js";
import { messageToJson } from "./runtime.js";
import { partialReplies } from "./partialReplies.js";
import { prepareResume, readPending, type PreparedResume, type ResumeRequest } from "./resume.js";
import { CONTINUED_RUN_KEY } from "./nodes/agent/continuedTurn.js";
import { untoldTurn } from "./continuedRun.js";
import { turnEvents } from "./turnEvents.js";
import { errorMessage } from "../schema/errorMessage.js";

/**
 * What one turn of a thread starts from: a message, a follow-up of a background task, or an answer to a pause.
 * @example
 * const turn: RunInput = { message: "What's the weather in Paris?" };
 * const answer: RunInput = { message: "", resume: { interrupt_id: pending.id, value: { decision: "approve" } } };
 */
export interface RunInput {
  /** The user's message for this turn. */
  message: string;
  /** The id the turn's message gets (a new one when absent): a Subgraph node's run finds its own message again by it. */
  messageId?: string;
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
  /** Pause before or after these nodes when their condition holds (see breakpoints.ts). */
  breakpoints?: readonly Breakpoint[];
}

/** `Step` at a breakpoint: the answer carries a nonce, so the pause it answers is the one that arms the step. */
function stepFrom(prepared: Extract<PreparedResume, { ok: true }>, nonce: string): { nonce: string; value: ResumeValue; command: Command } | null {
  if (!("action" in prepared.value) || prepared.value.action !== "step") return null;
  const value = { ...prepared.value, nonce };
  return { nonce, value, command: new Command({ resume: { [prepared.interrupt.id]: value } }) };
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
 * Stores replies that were cut off, and whole replies a failed step would drop (see
 * partialReplies). Best effort: a graph without a checkpointer, or a thread whose state cannot
 * take the update, keeps what it had.
 */
async function keepPartialReplies(
  graph: CompiledDocument["graph"],
  configurable: Record<string, unknown>,
  cut: BaseMessage[],
  whole: BaseMessage[],
  nodes: ReadonlySet<string>,
): Promise<void> {
  // Whole replies go first, in the order they were said; one already stored is replaced by itself (same id).
  const messages = [...whole, ...cut];
  if (messages.length === 0) return;
  try {
    await graph.updateState({ configurable }, { messages });
  } catch (error) {
    // Parallel branches ended the step together, so LangGraph cannot tell which node the update
    // comes from: it comes from one that said a kept reply. (The update first applies what the
    // step's finished branches wrote, which a next message would otherwise discard.)
    const speaker = messages.map((m) => m.name).find((name): name is string => name !== undefined && nodes.has(name));
    if (!(error instanceof Error && /Ambiguous update/.test(error.message)) || !speaker) return;
    try {
      await graph.updateState({ configurable }, { messages }, speaker);
    } catch {
      // As above: the reply stays only in its events.
    }
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
  const started = clock.now();
  const limit = options.recursionLimit ?? compiled.document.settings.recursion_limit;
  const target = turnTarget(compiled, input.message, options);
  // A direct run checkpoints in the agent's scoped thread, which this thread's timeline
  // cannot inspect or fork from: its events carry no checkpoint id rather than a foreign one.
  const reportsCheckpoints = target.configurable.thread_id === options.threadId;
  const turn = turnEvents({
    nodesByName: compiled.nodesByName,
    clock,
    runId,
    threadId: options.threadId,
    reportsCheckpoints,
    ...(options.firstSeq !== undefined ? { firstSeq: options.firstSeq } : {}),
  });
  const { make, atRoot, interruptEvent } = turn;
  const partial = partialReplies();
  /** Replies and tool results this turn's events tell (see continuedRun.ts). */
  const told = turn.told;
  for (const id of input.continueFrom?.told ?? []) told.add(id);
  if (!input.continueFrom) yield make({ type: "run_start", input: input.message }, atRoot, null);
  const session: BreakSession = { breakpoints: options.breakpoints ?? [], stepping: null };
  const base = input.continueFrom
    ? { ...target.configurable, checkpoint_id: input.continueFrom.checkpoint_id, [CONTINUED_RUN_KEY]: true }
    : target.configurable;
  const configurable: Record<string, unknown> = { ...base, [BREAKPOINTS_KEY]: session };
  const config = { configurable, recursionLimit: limit, ...(options.signal ? { signal: options.signal } : {}) };
  let status: "completed" | "cancelled" | "error" | "interrupted" = "completed";
  try {
    if (target.error) throw target.error;
    let graphInput: unknown;
    if (input.resume) {
      const prepared = prepareResume(await readPending(target.graph, config), input.resume);
      if (!prepared.ok) {
        // A refused answer changes nothing: the thread stays paused on the same interrupts.
        yield* turn.refusedAnswer(prepared.error, prepared.pending, clock.now() - started);
        return;
      }
      const stepped = stepFrom(prepared, ids.next("step"));
      if (stepped) session.stepping = { nonce: stepped.nonce, armed: false };
      yield interruptEvent(prepared.interrupt, stepped?.value ?? prepared.value);
      graphInput = stepped?.command ?? prepared.command;
      // Delegated work paused on this interrupt resumes its own thread with the same answer (see delegatedPause.ts).
      configurable[ANSWERS_KEY] = { [prepared.interrupt.id]: stepped?.value ?? prepared.value };
    } else if (input.continueFrom) {
      // No input: LangGraph runs the tasks still pending at the checkpoint.
      graphInput = null;
      turn.checkpointId = input.continueFrom.checkpoint_id;
    } else {
      const refused = input.followUp ? null : await waitingTaskRefusal(compiled.team.tasks.store, target.graph, config, options.threadId);
      if (refused) {
        yield* turn.refusedAnswer(refused.error, refused.pending, clock.now() - started);
        return;
      }
      const additional_kwargs = input.followUp ? { [FOLLOW_UP_KEY]: input.followUp.task_id } : {};
      graphInput = { messages: [new HumanMessage({ id: input.messageId ?? ids.next("msg"), content: input.message, additional_kwargs })] };
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
      for (const event of turn.accept(chunk[0], chunk[1])) {
        partial.see(event);
        yield event;
      }
    }
    const values = { ...(turn.lastValues ?? ((await target.graph.getState(config)).values as Record<string, unknown>)) };
    if (input.continueFrom) {
      for (const { body, agent, at } of untoldTurn((values.messages ?? []) as BaseMessage[], told, atRoot)) yield make(body, { ...at, agent }, agent);
    }
    values.messages = ((values.messages ?? []) as Parameters<typeof messageToJson>[0][]).map(messageToJson);
    if (turn.paused.length > 0) status = "interrupted";
    yield* turn.finalEvents(values);
  } catch (error) {
    if (options.signal?.aborted || (error instanceof EngineError && error.code === "BREAKPOINT_STOP")) {
      status = "cancelled";
    } else {
      status = "error";
      yield make({ type: "error", ...describeFailure(error, limit) }, atRoot, null);
    }
    await keepPartialReplies(target.graph, target.configurable, partial.messages(status), partial.wholeReplies(), new Set(Object.keys(target.graph.nodes)));
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
