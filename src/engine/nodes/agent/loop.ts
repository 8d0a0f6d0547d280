/**
 * The agent loop's own state and the run-config keys a turn reads from its caller: the
 * conversation before the turn, the graph's state, and where the turn leaves its result.
 */
import { Annotation, END, type LangGraphRunnableConfig } from "@langchain/langgraph/web";
import type { BaseMessage } from "@langchain/core/messages";
import { builtinChannels, type GraphState } from "../../state.js";

/**
 * The conversation before this agent turn reaches the agent's loop through the run
 * config, not its state: the loop's checkpoints then hold only the turn's own
 * messages, and the turn hands back only what it added, so a thread's storage grows
 * linearly with its length. LangGraph does not persist this config key.
 */
export const HISTORY_KEY = "graphwright_history";

/** The graph's state when the agent's turn began, without its messages (those are history). */
export const GRAPH_STATE_KEY = "graphwright_graph_state";

/**
 * Where the loop leaves its final state for the node that ran it. Reading it here,
 * where the loop routes to END, spares the `values` snapshot LangGraph's invoke()
 * would stream after every step only to keep the last one.
 */
export const TURN_OUT_KEY = "graphwright_turn_out";

/** Node names inside an agent's loop that a handoff sub-agent's node may not take. */
export const LOOP_NODES = ["render_system_prompt", "current_active_agent", "continue_conversation", "call_model", "call_tools"];

/**
 * The loop's own channels. The rest of the graph's state (results, branches, user
 * channels, …) reaches the loop read-only through the run config: a turn changes only
 * these, and each of the loop's checkpoints then stores only these.
 */
export const LoopStateAnnotation = Annotation.Root({
  messages: builtinChannels.messages,
  active_agent: builtinChannels.active_agent,
  system_prompt: builtinChannels.system_prompt,
});
export type LoopState = typeof LoopStateAnnotation.State;
export type LoopUpdate = typeof LoopStateAnnotation.Update;

export interface TurnOut {
  state?: LoopState;
  /** In a continued run: the loop's checkpointed steps were told again (see continuedTurn.ts). */
  told?: boolean;
}

const configurableOf = (config: LangGraphRunnableConfig) => config.configurable as Record<string, unknown> | undefined;

/** The conversation before this turn (see HISTORY_KEY). */
export function historyOf(config: LangGraphRunnableConfig): BaseMessage[] {
  const value = configurableOf(config)?.[HISTORY_KEY];
  return Array.isArray(value) ? (value as BaseMessage[]) : [];
}

/** The graph's state when the turn began (see GRAPH_STATE_KEY). */
export function graphStateOf(config: LangGraphRunnableConfig): Record<string, unknown> {
  const value = configurableOf(config)?.[GRAPH_STATE_KEY];
  return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
}

/** The state a turn's templates, model and tools see: the graph's state with the loop's channels over it. */
export function turnView(state: LoopState, config: LangGraphRunnableConfig): GraphState {
  return { ...graphStateOf(config), ...state } as GraphState;
}

/** Ends the turn: leaves the loop's final state where the node that ran it reads it (see TURN_OUT_KEY). */
export function endTurn(state: LoopState, config: LangGraphRunnableConfig): typeof END {
  const out = configurableOf(config)?.[TURN_OUT_KEY] as TurnOut | undefined;
  if (out) out.state = state;
  return END;
}
