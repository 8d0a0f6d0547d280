/**
 * Finalize node (seed 004 `finalize_turn`): stamps the turn's reply, route, answering
 * agent and duration into the `route` channel, so every turn ends with one record of
 * what was decided and how long it took.
 */
import type { LangGraphRunnableConfig } from "@langchain/langgraph/web";
import { AIMessage, HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { ROUTER_DEFAULT, type NodeOfKind } from "../../schema/index.js";
import type { RoutePlan } from "../flows/routeRules.js";
import { emit, textOf } from "../runtime.js";
import type { GraphState, GraphUpdate } from "../state.js";
import type { CompileContext } from "./context.js";
import { turnOf } from "./flowScope.js";

/**
 * The last AI reply of the current turn (after the last user message), if any.
 * @example lastReply([human, ai]) // ai
 */
export function lastReply(messages: readonly BaseMessage[]): AIMessage | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i] as BaseMessage;
    if (HumanMessage.isInstance(m)) return undefined;
    if (AIMessage.isInstance(m) && !(m.tool_calls?.length ?? 0) && textOf(m)) return m;
  }
  return undefined;
}

/**
 * Compiles a Finalize node. Without a Router in this turn the record says `default` with no
 * rule, and `turn_finalized` reports no route and no duration.
 * @example compileFinalize(node, ctx)(state, config) // { route: { kind: "crisis", response: "…", agent: "CrisisAgent", duration_ms: 42, … } }
 */
export function compileFinalize(node: NodeOfKind<"finalize">, ctx: CompileContext) {
  const data = node.data;
  return (state: GraphState, config: LangGraphRunnableConfig): GraphUpdate => {
    const now = ctx.services.clock.now();
    const turn = turnOf(state);
    const plan = state.route && state.route.turn === turn ? state.route : null;
    const reply = lastReply(state.messages);
    const agent = reply?.name ?? state.active_agent ?? null;
    const record: RoutePlan = {
      // Without a Router this turn there was no routing: the turn took the default path.
      ...(plan ?? { router: "", kind: ROUTER_DEFAULT, rule: null, match: null, matched: null, gate: false, turn, started_at: now }),
      response: reply ? textOf(reply) : "",
      agent,
      duration_ms: plan ? Math.max(0, now - plan.started_at) : 0,
      finalized_at: now,
    };
    emit(config, { type: "turn_finalized", route: plan?.kind ?? null, agent, duration_ms: plan ? (record.duration_ms ?? 0) : null }, { agent: null });
    const update: Record<string, unknown> = { route: record };
    if (data.output_channel) update[data.output_channel] = record;
    return update as GraphUpdate;
  };
}
