/**
 * The run state: built-in channels every graph has, plus the document's own
 * channels with their reducers (replace, append, merge).
 */
import { Annotation, DeltaChannel, messagesDeltaReducer, type StateDefinition } from "@langchain/langgraph/web";
import type { BaseMessage } from "@langchain/core/messages";
import type { Messages } from "@langchain/langgraph/web";
import type { Reducer, StateChannel } from "../schema/index.js";
import type { ActionPlan } from "./flows/plan.js";
import type { RoutePlan } from "./flows/routeRules.js";

function mergeObjects(left: unknown, right: unknown): unknown {
  const l = left && typeof left === "object" && !Array.isArray(left) ? left : {};
  const r = right && typeof right === "object" && !Array.isArray(right) ? right : {};
  return { ...l, ...r };
}

function appendValues(left: unknown, right: unknown): unknown[] {
  const l = Array.isArray(left) ? left : left === undefined || left === null ? [] : [left];
  return l.concat(right);
}

const reducers: Record<Reducer, (left: unknown, right: unknown) => unknown> = {
  replace: (_left, right) => right,
  append: appendValues,
  merge: mergeObjects,
};

function defaultFor(channel: StateChannel): unknown {
  if (channel.default !== undefined) return structuredClone(channel.default);
  if (channel.reducer === "append") return [];
  if (channel.reducer === "merge") return {};
  return null;
}

/** A Loop's counter in the `loops` channel. */
export interface LoopState {
  /** Passes through the body so far in this turn (0 after the loop exits). */
  count: number;
  /** Passes made when the loop last exited. */
  passes: number;
  /** True when the last exit was the `max_loops` circuit breaker, not the condition. */
  exhausted: boolean;
  /** The user message id of the turn the count belongs to; a new turn starts from 0. */
  turn: string | null;
}

/**
 * Combines two updates of a user channel the way its reducer would.
 * @example applyReducer("append", [1], [2]) // [1, 2]
 */
export function applyReducer(reducer: Reducer, left: unknown, right: unknown): unknown {
  return reducers[reducer](left, right);
}

/** Built-in channels shared by every graph and every agent subgraph. */
export const builtinChannels = {
  /**
   * A delta channel: checkpoints store each step's new messages, not the whole list,
   * so a thread's storage grows linearly with its length.
   */
  messages: new DeltaChannel<BaseMessage[], Messages>(messagesDeltaReducer, { initialValueFactory: () => [] }),
  /** The agent that answers next turn, set by an @mention (and by handoffs). */
  active_agent: Annotation<string | null>({ reducer: (_l, r) => r, default: () => null }),
  system_prompt: Annotation<string>({ reducer: (_l, r) => r, default: () => "" }),
  /** Results of Tool nodes by node name. */
  results: Annotation<Record<string, unknown>>({ reducer: (l, r) => ({ ...l, ...r }), default: () => ({}) }),
  /** The handle each If / Switch / Loop node took last, by node name. */
  branches: Annotation<Record<string, string>>({ reducer: (l, r) => ({ ...l, ...r }), default: () => ({}) }),
  /** Loop counters by loop name: passes this turn and whether the circuit breaker tripped. */
  loops: Annotation<Record<string, LoopState>>({ reducer: (l, r) => ({ ...l, ...r }), default: () => ({}) }),
  /** The turn's typed route plan (Router, seed 004), stamped with response, agent and duration by Finalize. */
  route: Annotation<RoutePlan | null>({ reducer: (_l, r) => r, default: () => null }),
  /** The last plan of a Planner (seed 001) and, after Execute, how it ran. */
  actions: Annotation<ActionPlan | null>({ reducer: (_l, r) => r, default: () => null }),
};

/**
 * The built-in channels whose checkpoints keep each step's writes, read back as a history.
 * @example saver.readAhead(threadId, DELTA_CHANNELS) // ["messages"]
 */
export const DELTA_CHANNELS: readonly string[] = Object.entries(builtinChannels).flatMap(([name, channel]) => (channel instanceof DeltaChannel ? [name] : []));

/** Builds the state annotation of a document. */
export function buildStateAnnotation(channels: readonly StateChannel[]) {
  const user: StateDefinition = {};
  for (const channel of channels) {
    user[channel.name] = Annotation<unknown>({ reducer: reducers[channel.reducer], default: () => defaultFor(channel) });
  }
  return Annotation.Root({ ...builtinChannels, ...user });
}

export type GraphStateAnnotation = ReturnType<typeof buildStateAnnotation>;
export type GraphState = GraphStateAnnotation["State"];
export type GraphUpdate = GraphStateAnnotation["Update"];
