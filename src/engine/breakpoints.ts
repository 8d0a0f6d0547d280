/**
 * Breakpoints: a run pauses before or after a node (or one step of an agent's loop) when
 * its CEL condition holds, through LangGraph's dynamic `interrupt()`, so the pause is a
 * checkpoint like any approval: it survives a reload, and it works at every depth (agent
 * loops, handoff sub-agents). The answer may edit the state before the run goes on, or
 * ask for one step (`Step`: pause again before the next node that starts).
 *
 * Breakpoints are run options, not part of the document: they belong to the person
 * debugging, in their browser.
 */
import { Overwrite, isCommand, Command, messagesDeltaReducer, type LangGraphRunnableConfig, type Messages } from "@langchain/langgraph/web";
import { AIMessage, HumanMessage, RemoveMessage, SystemMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { BreakpointAnswer, BreakpointInterrupt, BreakStep, BreakWhen, ChannelType } from "./interrupts.js";
import { EngineError } from "./errors.js";
import { askUntilValid } from "./approval.js";
import { evaluateCondition, ExpressionError } from "./expressions.js";
import { emit, lastHumanMessage, messageToJson, textOf } from "./runtime.js";

/**
 * One breakpoint: before or after a document node, or one step of an agent's loop, with an
 * optional CEL condition over `state`, `input` and `results`.
 * @example const bp: Breakpoint = { node_id: "agent-1", step: "call_tools", when: "before", condition: "state.messages.size() > 2" };
 */
export interface Breakpoint {
  node_id: string;
  step?: BreakStep | null;
  when: BreakWhen;
  condition?: string | null;
}

/**
 * Run-config key holding the run's breakpoints (see `BreakSession`); LangGraph passes it down to nested graphs.
 * @example const session = config.configurable?.[BREAKPOINTS_KEY] as BreakSession | undefined;
 */
export const BREAKPOINTS_KEY = "graphwright_breakpoints";

/**
 * A run's breakpoints, and `Step` in progress: the pause answered with `step` arms it (the
 * node that paused goes on), and the next node that starts pauses before running.
 */
export interface BreakSession {
  breakpoints: readonly Breakpoint[];
  stepping: { nonce: string; armed: boolean } | null;
}

/** Where a wrapped node sits, for matching breakpoints and telling people where the run paused. */
export interface BreakTarget {
  nodeId: string;
  step: BreakStep | null;
  /** The node's display name (the agent's name for its loop steps). */
  label: string;
  agent: string | null;
  /** The editable channels and their types at this node (the loop's own: `messages` only). */
  channels: Record<string, ChannelType | "messages">;
}

type NodeFn = (state: never, config: LangGraphRunnableConfig) => unknown;
type Update = Record<string, unknown>;

function sessionOf(config: LangGraphRunnableConfig): BreakSession | null {
  const value = (config.configurable as Record<string, unknown> | undefined)?.[BREAKPOINTS_KEY];
  return value && typeof value === "object" ? (value as BreakSession) : null;
}

/**
 * Updates of nodes paused *after* they ran, so answering the pause does not run them again
 * (LangGraph re-executes an interrupted node from its start). Kept in memory: after a
 * reload, the node runs again before the pause is answered.
 */
const ranBeforePause = new Map<string, unknown>();
const RAN_LIMIT = 64;

/**
 * The task's namespace: it holds the ids of the task and of every enclosing task, which
 * LangGraph derives from the checkpoint, so a thread forked at the pause finds the same entry.
 */
function taskKey(config: LangGraphRunnableConfig): string {
  return String(((config.configurable ?? {}) as Record<string, unknown>).checkpoint_ns ?? "");
}

function remember(key: string, update: unknown): void {
  ranBeforePause.set(key, update);
  while (ranBeforePause.size > RAN_LIMIT) ranBeforePause.delete(ranBeforePause.keys().next().value as string);
}

function updateOf(result: unknown): Update {
  if (isCommand(result)) {
    const update = (result as Command).update;
    return update && typeof update === "object" && !Array.isArray(update) ? (update as Update) : {};
  }
  return result && typeof result === "object" && !Array.isArray(result) ? (result as Update) : {};
}

function withUpdate(result: unknown, update: Update): unknown {
  if (isCommand(result)) {
    const command = result as Command;
    return new Command({ ...(command.goto !== undefined ? { goto: command.goto as never } : {}), ...(command.graph ? { graph: command.graph } : {}), update });
  }
  return update;
}

function messagesOf(value: unknown): BaseMessage[] {
  return Array.isArray(value) ? (value as BaseMessage[]) : [];
}

/** The state a condition and a person see: messages as JSON, the rest as is. */
function visibleState(state: Update): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(state)) out[key] = key === "messages" ? messagesOf(value).map(messageToJson) : value;
  return out;
}

/** State after an update, for conditions and display: messages appended (or replaced by id), other channels set. */
function applied(state: Update, update: Update): Update {
  const next: Update = { ...state };
  for (const [key, value] of Object.entries(update)) {
    if (key !== "messages") {
      next[key] = value instanceof Overwrite ? (value as unknown as { value: unknown }).value : value;
      continue;
    }
    // LangGraph's own reducer of the messages channel: removals, same-id replacements, additions.
    next.messages = messagesDeltaReducer(messagesOf(state.messages), [value as Messages]);
  }
  return next;
}

function matches(here: readonly Breakpoint[], target: BreakTarget, when: BreakWhen, scope: () => Record<string, unknown>): Breakpoint | null {
  for (const bp of here) {
    if (bp.when !== when) continue;
    if (!bp.condition?.trim()) return bp;
    try {
      if (evaluateCondition(bp.condition, scope())) return bp;
    } catch (error) {
      const message = error instanceof ExpressionError ? error.message : String(error);
      throw new EngineError("EXPRESSION_ERROR", `Breakpoint condition "${bp.condition}" on ${placeOf(target)} failed: ${message}`, { nodeId: target.nodeId });
    }
  }
  return null;
}

function placeOf(target: BreakTarget): string {
  return target.step ? `${target.step} of "${target.label}"` : `"${target.label}"`;
}

const ROLE_CLASSES = { human: HumanMessage, ai: AIMessage, system: SystemMessage } as const;

/**
 * The message update that turns `base` into the list a person edited: removals for dropped
 * ids, same-id replacements for changed text, new messages (with fresh ids) at the end.
 */
export function messageEdits(base: readonly BaseMessage[], edited: readonly Record<string, unknown>[], newId: () => string): BaseMessage[] {
  const byId = new Map(base.map((m) => [m.id, m]));
  const kept = new Set<string>();
  const out: BaseMessage[] = [];
  for (const item of edited) {
    const id = typeof item.id === "string" ? item.id : null;
    const content = String(item.content ?? "");
    const old = id ? byId.get(id) : undefined;
    if (old && id) {
      kept.add(id);
      if (textOf(old) === content) continue;
      if (ToolMessage.isInstance(old)) out.push(new ToolMessage({ id, content, tool_call_id: old.tool_call_id, name: old.name, status: old.status }));
      else if (AIMessage.isInstance(old)) out.push(new AIMessage({ id, content, tool_calls: old.tool_calls ?? [], name: old.name }));
      else out.push(new (ROLE_CLASSES[old.getType() as keyof typeof ROLE_CLASSES] ?? HumanMessage)({ id, content, name: old.name }));
      continue;
    }
    const role = String(item.role ?? "human");
    if (role === "tool") {
      out.push(new ToolMessage({ id: newId(), content, tool_call_id: String(item.tool_call_id ?? "edited") }));
    } else {
      out.push(new (ROLE_CLASSES[role as keyof typeof ROLE_CLASSES] ?? HumanMessage)({ id: newId(), content }));
    }
  }
  const removals = base.filter((m) => m.id && !kept.has(m.id)).map((m) => new RemoveMessage({ id: m.id as string }));
  return [...removals, ...out];
}

/** A person's edits as a state update: messages diffed against `state`, other channels overwritten. */
function editUpdate(state: Update, edits: Record<string, unknown>, newId: () => string): Update {
  const update: Update = {};
  for (const [channel, value] of Object.entries(edits)) {
    if (channel === "messages") update.messages = messageEdits(messagesOf(state.messages), value as Record<string, unknown>[], newId);
    else update[channel] = new Overwrite(value);
  }
  return update;
}

/**
 * A state with a person's edits applied (messages as the edited list, other channels replaced):
 * what a thread forked from a checkpoint with `Apply as fork` starts from.
 * @example editedValues({ messages, count: 1 }, { count: 2 }, () => "m9") // { messages, count: 2 }
 */
export function editedValues(values: Record<string, unknown>, edits: Record<string, unknown>, newId: () => string): Record<string, unknown> {
  return applied(values, editUpdate(values, edits, newId));
}

/** Two updates as one, `later` applied after `earlier` (messages concatenated: the reducer applies them in order). */
function mergeUpdates(earlier: Update, later: Update): Update {
  const merged: Update = { ...earlier, ...later };
  if (earlier.messages !== undefined || later.messages !== undefined) {
    const list = (value: unknown) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
    merged.messages = [...list(earlier.messages), ...list(later.messages)];
  }
  return merged;
}

export interface BreakableOptions {
  target: BreakTarget;
  /** The state conditions read: inside an agent's loop, the graph's state with the whole conversation. */
  scopeState?: (state: Update, config: LangGraphRunnableConfig) => Update;
  newId: () => string;
}

/**
 * Wraps a node so breakpoints (and `Step`) can pause the run before or after it. Without
 * breakpoints in the run config it only calls the node.
 * @example graph.addNode("Finalize", breakable(finalize, { target, newId }));
 */
export function breakable<F extends NodeFn>(fn: F, options: BreakableOptions): F {
  const { target } = options;
  const wrapped = async (state: Update, config: LangGraphRunnableConfig): Promise<unknown> => {
    const session = sessionOf(config);
    const here = session?.breakpoints.filter((bp) => bp.node_id === target.nodeId && (bp.step ?? null) === target.step) ?? [];
    if (!session || (here.length === 0 && session.stepping?.armed !== true)) return fn(state as never, config);
    const scopeOf = (s: Update) => () => {
      const visible = visibleState(options.scopeState ? options.scopeState(s, config) : s);
      const messages = messagesOf(options.scopeState ? options.scopeState(s, config).messages : s.messages);
      return { state: visible, input: textOf(lastHumanMessage(messages)), results: visible.results ?? {} };
    };
    const pause = (when: BreakWhen, reason: "breakpoint" | "step", condition: string | null, shown: Update): BreakpointAnswer => {
      const payload: BreakpointInterrupt = {
        kind: "breakpoint",
        node: target.label,
        node_id: target.nodeId,
        step: target.step,
        when,
        reason,
        condition,
        agent: target.agent,
        state: visibleState(shown),
        channels: target.channels,
      };
      const answer = askUntilValid<BreakpointAnswer>(payload, config);
      if (answer?.action === "stop") {
        throw new EngineError("BREAKPOINT_STOP", `Stopped at the breakpoint ${when} ${placeOf(target)}`, { nodeId: target.nodeId });
      }
      // The pause this `Step` answers: from here, the next node that starts pauses again.
      if (answer?.action === "step" && session.stepping && answer.nonce === session.stepping.nonce) session.stepping.armed = true;
      return answer ?? { action: "continue" };
    };
    const told = (answer: BreakpointAnswer, when: BreakWhen) => {
      if (!answer.edits || Object.keys(answer.edits).length === 0) return;
      emit(config, { type: "state_edited", node: target.label, step: target.step, when, channels: Object.keys(answer.edits) }, { agent: target.agent });
    };

    // Before: a breakpoint whose condition holds, or the step after `Step`.
    let input = state;
    let before: Update = {};
    const stepping = session.stepping?.armed === true;
    const hitBefore = stepping ? null : matches(here, target, "before", scopeOf(state));
    if (stepping || hitBefore) {
      if (stepping && session.stepping) session.stepping.armed = false;
      const answer = pause("before", stepping ? "step" : "breakpoint", hitBefore?.condition ?? null, state);
      if (answer.edits) {
        before = editUpdate(state, answer.edits, options.newId);
        input = applied(state, before);
        told(answer, "before");
      }
    }

    // The node itself, unless it ran before a pause after it that is being answered now.
    const key = taskKey(config);
    const result = ranBeforePause.has(key) ? ranBeforePause.get(key) : await fn(input as never, config);
    let update = mergeUpdates(before, updateOf(result));
    let changed = Object.keys(before).length > 0;
    const after = here.some((bp) => bp.when === "after") ? applied(state, update) : null;
    const hitAfter = after ? matches(here, target, "after", scopeOf(after)) : null;
    if (after && hitAfter) {
      remember(key, result);
      const answer = pause("after", "breakpoint", hitAfter.condition ?? null, after);
      ranBeforePause.delete(key);
      if (answer.edits) {
        update = mergeUpdates(update, editUpdate(after, answer.edits, options.newId));
        changed = true;
        told(answer, "after");
      }
    }
    return changed ? withUpdate(result, update) : result;
  };
  return wrapped as unknown as F;
}
