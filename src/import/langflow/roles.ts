/**
 * What each Langflow component is for the import: a step of our flow (Start, End, Agent, LLM,
 * If, Loop, Subgraph, a person's decision), a part folded into a step (Prompt, Memory, a model
 * feeding an Agent, Text Input), a tool of an agent, a note, a component the message passes
 * through, or something with no counterpart. One table, read by the converter.
 */
import type { LangflowEdge } from "./edges.js";
import { isModelComponent } from "./models.js";
import type { LangflowNode } from "./shape.js";

export type Role =
  | "start"
  | "end"
  | "agent"
  /** An Agent wired as a tool into another Agent: a sub-agent reached by delegation. */
  | "subagent"
  | "llm"
  /** A model component whose only use is an Agent's model: it becomes that agent's profile. */
  | "profile"
  | "prompt"
  | "memory"
  | "text"
  | "if"
  | "loop"
  | "subflow"
  | "human"
  | "tool"
  | "note"
  /** The message flows through it unchanged here (parsers, converters). */
  | "passthrough"
  | "other";

const START = new Set(["ChatInput", "Webhook", "WebhookComponent"]);
const END = new Set(["ChatOutput", "TextOutput"]);
const AGENTS = new Set(["Agent", "ToolCallingAgent", "OpenAIToolsAgent", "AgentComponent"]);
const PROMPTS = new Set(["Prompt", "PromptTemplate", "PromptComponent"]);
const MEMORY = new Set(["Memory", "MemoryComponent", "ChatHistory", "MessageHistory"]);
const IFS = new Set(["ConditionalRouter", "ConditionalRouterComponent", "If-Else"]);
const LOOPS = new Set(["LoopComponent", "Loop"]);
const SUBFLOWS = new Set(["RunFlow", "SubFlow", "RunFlowComponent"]);
const HUMAN = new Set(["HumanInput", "HumanInputComponent"]);
const PASSTHROUGH = new Set([
  "ParseData",
  "ParserComponent",
  "ParseDataFrame",
  "TypeConverterComponent",
  "MessagetoData",
  "DataToMessage",
  "Pass",
  "PassMessage",
  "CombineText",
  "TextInput",
]);

/** An edge that hands a tool to an Agent (a component in tool mode, or an older Tool output). */
export function isToolEdge(edge: LangflowEdge): boolean {
  return edge.output === "component_as_tool" || edge.field === "tools";
}

/** An edge that hands a model to an Agent or LLM step (not a message). */
export function isModelEdge(edge: LangflowEdge): boolean {
  return edge.output === "model_output" || edge.field === "agent_llm" || edge.field === "llm" || edge.field === "language_model";
}

/**
 * The role of every component, by id. `outgoing` lists each component's edges out.
 * @example roles(nodes, outgoing).get("ChatInput-1") // "start"
 */
export function assignRoles(nodes: readonly LangflowNode[], outgoing: ReadonlyMap<string, LangflowEdge[]>): Map<string, Role> {
  const roles = new Map<string, Role>();
  let starts = 0;
  for (const node of nodes) {
    const out = outgoing.get(node.id) ?? [];
    const offeredAsTool = out.length > 0 && out.every(isToolEdge);
    let role: Role;
    if (node.isNote) role = "note";
    else if (START.has(node.type)) role = starts++ === 0 ? "start" : "passthrough";
    else if (END.has(node.type)) role = "end";
    else if (AGENTS.has(node.type)) role = offeredAsTool ? "subagent" : "agent";
    else if (offeredAsTool) role = "tool";
    else if (PROMPTS.has(node.type)) role = "prompt";
    else if (MEMORY.has(node.type)) role = "memory";
    else if (node.type === "TextInput" && out.length > 0 && out.every((e) => !["input_value", "data"].includes(e.field))) role = "text";
    else if (IFS.has(node.type)) role = "if";
    else if (LOOPS.has(node.type)) role = "loop";
    else if (SUBFLOWS.has(node.type)) role = "subflow";
    else if (HUMAN.has(node.type)) role = "human";
    else if (isModelComponent(node)) role = out.length > 0 && out.every(isModelEdge) ? "profile" : "llm";
    else if (PASSTHROUGH.has(node.type)) role = "passthrough";
    else role = "other";
    roles.set(node.id, role);
  }
  return roles;
}

/** Roles that become a step of our flow (a node edges connect). */
export const FLOW_ROLES: ReadonlySet<Role> = new Set<Role>(["start", "end", "agent", "llm", "if", "loop", "subflow", "human"]);
