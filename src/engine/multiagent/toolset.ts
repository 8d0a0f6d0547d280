/**
 * Every tool an agent's model can call: its catalog tools, the default tools it asked
 * for, and — from its place in the hierarchy — transfer_to_* handoffs, request_help,
 * delegation tools and the background helpers.
 */
import type { NodeOfKind } from "../../schema/index.js";
import { defaultToolsFor, type AgentToolView } from "../defaultTools.js";
import { EngineError } from "../errors.js";
import type { CompileContext } from "../nodes/context.js";
import { catalogTool } from "../toolCall.js";
import { askUserTool } from "./askUser.js";
import { agentCatalogTool, delegationTool } from "./delegation.js";
import { requestHelpTool, transferTool } from "./handoff.js";
import { backgroundHelperTools } from "./helperTools.js";
import { knowledgeTools } from "./knowledgeTools.js";
import { memoryTools } from "./memoryTools.js";
import { describeAgent } from "./hierarchy.js";
import type { AgentTool } from "./turnTool.js";

/** Default tools that only make sense in a hierarchy. */
const MULTI_AGENT_ONLY: ReadonlySet<string> = new Set(["get_current_active_agent", "get_supervisor_agent"]);

/**
 * @example agentToolset(node, ctx, "Supervisor").has("request_help") // true when the agent lists it
 */
export function agentToolset(node: NodeOfKind<"agent">, ctx: CompileContext, supervisor: string | null): Map<string, AgentTool> {
  const { team, document, services } = ctx;
  const agent = node.data;
  const tools = new Map<string, AgentTool>();
  for (const toolId of agent.tools) {
    const definition = document.tools.find((t) => t.id === toolId);
    if (!definition) throw new EngineError("COMPILE_ERROR", `Agent "${agent.name}" uses missing tool "${toolId}"`, { nodeId: node.id });
    tools.set(
      definition.name,
      definition.kind === "agent" ? agentCatalogTool(agent.name, definition, team) : catalogTool(services.tools.resolve(definition), agent.name),
    );
  }

  // Knowledge bases assigned to this agent (and only those): one search tool each.
  for (const tool of knowledgeTools(node, document, services.raw)) tools.set(tool.spec.name, tool);
  // Long-term memory, when the agent enables it: its own namespace of the store.
  for (const tool of memoryTools(node, document, services.raw?.store, services.ids)) tools.set(tool.spec.name, tool);

  const links = team.hierarchy.children(agent.name);
  for (const link of links) {
    const child = team.hierarchy.agents.get(link.agent);
    if (!child) continue;
    const tool = link.mode === "handoff" ? transferTool(child.data) : delegationTool(agent.name, link, child.data, team, document);
    tools.set(tool.spec.name, tool);
  }
  if (links.some((l) => l.mode === "tool" && !l.blocking)) {
    for (const tool of backgroundHelperTools(team, document, services)) if (!tools.has(tool.spec.name)) tools.set(tool.spec.name, tool);
  }

  const multiAgent = links.length > 0 || team.hierarchy.parents(agent.name).length > 0;
  if (supervisor && agent.default_tools.includes("request_help") && !tools.has("request_help")) tools.set("request_help", requestHelpTool(supervisor));
  if (agent.default_tools.includes("ask_user") && !tools.has("ask_user")) tools.set("ask_user", askUserTool(agent.name));
  const view: AgentToolView = {
    agent,
    clock: services.clock,
    toolSpecs: () => [...tools.values()].map((t) => t.spec),
    supervisor,
    subAgents: links.flatMap((l) => {
      const child = team.hierarchy.agents.get(l.agent);
      return child ? [{ name: l.agent, description: describeAgent(child.data), mode: l.mode, blocking: l.blocking }] : [];
    }),
  };
  for (const tool of defaultToolsFor(agent)) {
    if (tools.has(tool.spec.name) || (MULTI_AGENT_ONLY.has(tool.spec.name) && !multiAgent)) continue;
    tools.set(tool.spec.name, {
      spec: tool.spec,
      returnDirect: false,
      run: async (args, turn) => tool.run(args, { ...view, activeAgent: turn.state.active_agent ?? null }),
    });
  }
  return tools;
}
