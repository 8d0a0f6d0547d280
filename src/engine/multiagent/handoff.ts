/**
 * Handoff (seed 000): `transfer_to_<name>` tools, `request_help`, and a handoff
 * sub-agent as a node of its parent's loop — a nested call with its own events.
 */
import type { LangGraphRunnableConfig } from "@langchain/langgraph/web";
import { ToolMessage, AIMessage, type BaseMessage } from "@langchain/core/messages";
import type { AgentData } from "../../schema/index.js";
import { EngineError } from "../errors.js";
import type { ResolvedServices } from "../nodes/context.js";
import { CALL_PATH_KEY, callPathOf, emit } from "../runtime.js";
import type { GraphState, GraphUpdate } from "../state.js";
import { describeAgent } from "./hierarchy.js";
import { DEPTH_KEY, depthOf } from "./keys.js";
import type { TurnTool } from "./turnTool.js";
import { errorMessage } from "../../schema/errorMessage.js";

export const TRANSFER_PREFIX = "transfer_to_";

/**
 * The handoff tool a parent gets for each handoff sub-agent.
 * @example transferTool(analytics.data).spec.name // "transfer_to_Analytics"
 */
export function transferTool(child: AgentData): TurnTool {
  return {
    spec: {
      name: `${TRANSFER_PREFIX}${child.name}`,
      description: `Hand the conversation to ${child.name}: ${describeAgent(child)} It answers from now on, until it hands back.`,
      parameters: { type: "object", properties: {}, additionalProperties: false },
    },
    returnDirect: false,
    handoffTo: { agent: child.name, reason: "transfer" },
    run: async () => `Transferred to ${child.name}.`,
  };
}

/**
 * request_help: a handoff sub-agent gives control back to its supervisor.
 * @example requestHelpTool("Supervisor").handoffTo // { agent: "Supervisor", reason: "request_help" }
 */
export function requestHelpTool(supervisor: string): TurnTool {
  return {
    spec: {
      name: "request_help",
      description: `Escalate to your supervisor ${supervisor} when the request is outside your role or you are unsure.`,
      parameters: { type: "object", properties: { reason: { type: "string", description: "What you need help with" } } },
    },
    returnDirect: false,
    handoffTo: { agent: supervisor, reason: "request_help" },
    run: async (args) => `Escalated to ${supervisor}${typeof args.reason === "string" && args.reason ? `: ${args.reason}` : "."}`,
  };
}

/**
 * The error a run gets when sub-agents nest deeper than settings.max_sub_agent_depth.
 * @example depthError("Research", "Deep", 3, 2).code // "SUB_AGENT_DEPTH_EXCEEDED"
 */
export function depthError(from: string, to: string, depth: number, max: number): EngineError {
  return new EngineError(
    "SUB_AGENT_DEPTH_EXCEEDED",
    `Sub-agent depth limit reached (SUB_AGENT_DEPTH_EXCEEDED): ${from} calling ${to} would nest sub-agents ${depth} deep, and settings.max_sub_agent_depth is ${max}`,
  );
}

/**
 * Where a parent's loop goes after call_tools: a successful transfer moves to that
 * sub-agent's node, request_help ends the loop (the supervisor takes over), a
 * return_direct answer ends it, anything else goes back to the model.
 * @example afterToolsTarget([ai, transferResult], new Map([["Analytics", "Analytics"]])) // "Analytics"
 */
export function afterToolsTarget(messages: readonly BaseMessage[], childNodes: ReadonlyMap<string, string>): string | "call_model" | "__end__" {
  const trailing: ToolMessage[] = [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i] as BaseMessage;
    if (!ToolMessage.isInstance(m)) break;
    trailing.unshift(m);
  }
  for (const m of trailing) {
    if (m.status === "error" || !m.name?.startsWith(TRANSFER_PREFIX)) continue;
    const node = childNodes.get(m.name.slice(TRANSFER_PREFIX.length));
    if (node) return node;
  }
  if (trailing.some((m) => m.name === "request_help" && m.status !== "error")) return "__end__";
  return AIMessage.isInstance(messages.at(-1)) ? "__end__" : "call_model";
}

/**
 * A handoff sub-agent as a node of its parent's loop: a nested call (agent_start/agent_end
 * under the parent's call) one level deeper, bounded by max_sub_agent_depth.
 * @example loop.addNode("Analytics", handoffChildNode("Supervisor", "Analytics", run, services, 5))
 */
export function handoffChildNode(
  parent: string,
  child: string,
  run: (state: GraphState, config: LangGraphRunnableConfig) => Promise<GraphUpdate>,
  services: ResolvedServices,
  maxDepth: number,
) {
  return async (state: GraphState, config: LangGraphRunnableConfig): Promise<GraphUpdate> => {
    const depth = depthOf(config) + 1;
    if (depth > maxDepth) throw depthError(parent, child, depth, maxDepth);
    const path = [...callPathOf(config), { id: services.ids.next("call"), agent: child }];
    const inner = { ...config, configurable: { ...(config.configurable ?? {}), [CALL_PATH_KEY]: path, [DEPTH_KEY]: depth } };
    const started = services.clock.now();
    emit(inner, { type: "agent_start" }, { agent: child });
    try {
      const out = await run(state, inner);
      emit(inner, { type: "agent_end", duration_ms: Math.max(0, services.clock.now() - started) }, { agent: child });
      return out;
    } catch (error) {
      emit(inner, { type: "agent_end", duration_ms: Math.max(0, services.clock.now() - started), error: errorMessage(error) }, { agent: child });
      throw error;
    }
  };
}
