/**
 * A read-only description of an agent's compiled inner loop (DESIGN §4, seed 000): the five
 * loop steps, the tools bound to call_model — catalog, default, handoff (`transfer_to_<name>`),
 * delegation and background helpers — and where control can leave the loop. Derived from the
 * document the way the engine compiles it, so it needs no models, keys or worker.
 */
import type { AgentData, GraphDocument, GraphNode, NodeOfKind } from "../../../schema/index.js";

export type LoopToolKind = "catalog" | "agent" | "default" | "handoff" | "delegation" | "helper";

export interface LoopTool {
  name: string;
  kind: LoopToolKind;
  /** What calling it does, in a few words. */
  effect: string;
}

export interface LoopStep {
  name: string;
  /** Where the step can go next. */
  next: readonly string[];
  note: string;
}

export interface SubAgentLink {
  id: string;
  name: string;
  mode: "handoff" | "tool";
  blocking: boolean;
}

export interface LoopDescription {
  agent: string;
  hidden: boolean;
  /** Agents this one works under (their delegation edges point here). */
  parents: readonly string[];
  subAgents: readonly SubAgentLink[];
  steps: readonly LoopStep[];
  tools: readonly LoopTool[];
}

/** Helper tools a parent with background (non-blocking) sub-agents gets (seed 002). */
export const BACKGROUND_HELPERS = ["get_background_sub_agent_result", "fetch_sub_agent_progress", "message_sub_agent"] as const;
/** Default tools that only make sense in a hierarchy (seed 000): for sub-agents, for any multi-agent agent. */
const SUB_AGENT_ONLY: ReadonlySet<string> = new Set(["request_help"]);
const MULTI_AGENT_ONLY: ReadonlySet<string> = new Set(["get_current_active_agent", "get_supervisor_agent"]);

/** The name of the handoff tool seed 000 generates for a sub-agent. */
export const transferToolName = (agent: string) => `transfer_to_${agent}`;

function agentNamed(document: GraphDocument, id: string): NodeOfKind<"agent"> | undefined {
  const node = document.nodes.find((n) => n.id === id);
  return node?.kind === "agent" ? node : undefined;
}

function catalogTools(document: GraphDocument, data: AgentData): LoopTool[] {
  return data.tools.flatMap((toolId): LoopTool[] => {
    const tool = document.tools.find((t) => t.id === toolId);
    if (!tool) return [{ name: toolId, kind: "catalog" as const, effect: "missing from the tools catalog" }];
    if (tool.kind === "agent") return [{ name: tool.name, kind: "agent" as const, effect: `runs ${tool.config.agent}; its answer is the result` }];
    const effect = [tool.return_direct ? "result ends the turn (return_direct)" : "result goes back to call_model", tool.destructive ? "needs approval" : ""]
      .filter(Boolean)
      .join("; ");
    return [{ name: tool.name, kind: "catalog" as const, effect }];
  });
}

/**
 * @example describeLoop(doc, "supervisor")?.tools.map((t) => t.name) // [..., "transfer_to_Analytics"]
 */
export function describeLoop(document: GraphDocument, agentId: string): LoopDescription | null {
  const node = agentNamed(document, agentId);
  if (!node) return null;
  const data = node.data;
  const delegations = document.edges.flatMap((e) => (e.kind === "delegation" ? [e] : []));
  const parentName = (id: string) => agentNamed(document, id)?.data.name ?? id;
  const parents = delegations.flatMap((e) => (e.target === agentId ? [parentName(e.source)] : []));
  // Only a handoff parent supervises: its prompt block and request_help (a tool-mode child answers as a tool result).
  const supervisors = delegations.flatMap((e) => (e.target === agentId && e.mode === "handoff" ? [parentName(e.source)] : []));
  const subAgents: SubAgentLink[] = delegations.flatMap((e) => {
    if (e.source !== agentId) return [];
    const child = agentNamed(document, e.target);
    return child ? [{ id: child.id, name: child.data.name, mode: e.mode, blocking: e.blocking }] : [];
  });
  const handoffs = subAgents.filter((s) => s.mode === "handoff");
  const delegated = subAgents.filter((s) => s.mode === "tool");
  const isSub = supervisors.length > 0;
  const multiAgent = parents.length > 0 || subAgents.length > 0;

  const tools: LoopTool[] = [
    ...catalogTools(document, data),
    ...data.default_tools
      .filter((name) => (SUB_AGENT_ONLY.has(name) ? isSub : MULTI_AGENT_ONLY.has(name) ? multiAgent : true))
      .map((name) => ({ name, kind: "default" as const, effect: name === "request_help" ? `escalates to ${supervisors.join(" / ")}` : "built-in" })),
    ...handoffs.map((s) => ({ name: transferToolName(s.name), kind: "handoff" as const, effect: `control moves to ${s.name}` })),
    ...delegated.map((s) => ({
      name: s.name,
      kind: "delegation" as const,
      effect: s.blocking ? `${s.name} answers as the tool result (blocking)` : `${s.name} runs in the background; returns a task handle`,
    })),
    ...(delegated.some((s) => !s.blocking) ? BACKGROUND_HELPERS.map((name) => ({ name, kind: "helper" as const, effect: "background sub-agent tasks" })) : []),
  ];

  const jumps = handoffs.map((s) => s.name);
  const steps: LoopStep[] = [
    {
      name: "render_system_prompt",
      next: ["current_active_agent"],
      note: isSub ? `prompt template, SUPERVISOR SYSTEM PROMPT block (under ${supervisors.join(" / ")}), current date` : "prompt template and current date",
    },
    {
      name: "current_active_agent",
      next: ["continue_conversation", ...jumps],
      note:
        jumps.length > 0
          ? "@name at the start of the message, or the stored active agent, jumps to that sub-agent"
          : "routes @mentions and the stored active agent",
    },
    { name: "continue_conversation", next: ["call_model"], note: "pass-through before the model call" },
    {
      name: "call_model",
      next: ["call_tools", "__end__"],
      note: `system prompt + history to ${data.model}${data.temperature !== undefined ? ` (temperature ${data.temperature})` : ""}; tool calls go to call_tools, text ends the turn`,
    },
    {
      name: "call_tools",
      next: ["call_model", "__end__", ...jumps, ...(isSub && data.default_tools.includes("request_help") ? ["(supervisor)"] : [])],
      note: `up to ${data.max_iterations} round trips; errors return as tool messages${jumps.length ? "; transfer_to_ tools hand off" : ""}`,
    },
  ];
  return { agent: data.name, hidden: data.hidden, parents, subAgents, steps, tools };
}

/** Agents whose inner loop can be shown. */
export function isAgent(node: GraphNode | undefined): node is NodeOfKind<"agent"> {
  return node?.kind === "agent";
}
