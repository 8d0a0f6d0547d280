/**
 * Active-agent routing at the start of an agent's turn: `@name` or the stored active
 * agent sends the turn to a handoff sub-agent (a node of this loop, seed 000); otherwise
 * the agent answers itself.
 */
import { Command, type LangGraphRunnableConfig } from "@langchain/langgraph/web";
import { routeTurn } from "../../routing.js";
import { emit, lastHumanMessage, textOf } from "../../runtime.js";
import type { Team } from "../../multiagent/team.js";
import { historyOf, LOOP_NODES, LoopStateAnnotation, type LoopState } from "./loop.js";

/** The loop node name of each handoff child of `agent`, clear of the loop's own node and channel names. */
export function handoffChildNodes(agent: string, team: Team): Map<string, string> {
  const reserved = new Set([...LOOP_NODES, ...Object.keys(LoopStateAnnotation.spec)]);
  return new Map(
    team.hierarchy
      .children(agent)
      .filter((l) => l.mode === "handoff")
      .map((l) => [l.agent, reserved.has(l.agent) ? `agent_${l.agent}` : l.agent] as const),
  );
}

/** The loop's `current_active_agent` node: continues the conversation here, or hands the turn to the child toward the routed agent. */
export function activeAgentNode(agent: string, team: Team, childNodes: ReadonlyMap<string, string>) {
  const descendants = team.hierarchy.handoffDescendants(agent);
  return (state: LoopState, config: LangGraphRunnableConfig) => {
    const route = routeTurn({
      message: textOf(lastHumanMessage([...historyOf(config), ...state.messages])),
      activeAgent: state.active_agent,
      agents: descendants,
      self: agent,
    });
    const child = route.kind === "default" ? null : team.hierarchy.handoffChildToward(agent, route.agent);
    if (route.kind === "default" || !child) return new Command({ goto: "continue_conversation" });
    emit(config, { type: "handoff", from: agent, to: route.agent, reason: route.kind, tool_call_id: null }, { agent });
    return new Command({ goto: childNodes.get(child) as string, update: { active_agent: route.agent } });
  };
}
