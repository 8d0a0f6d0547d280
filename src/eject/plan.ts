/**
 * Reads a document into what the generated files need: each agent's identifiers and place in the
 * hierarchy, each tool's export name, the graph's node names (the engine's, so `getGraph()`
 * compares), what the project uses, and the TODO places for what cannot be exported yet.
 */
import { BUILTIN_CHANNELS, type GraphDocument, type GraphNode, type ModelProfile, type NodeOfKind, type Script, type ToolDefinition } from "../schema/index.js";
import type { ParallelBranches } from "../schema/index.js";
import { IdentifierScope } from "./identifiers.js";
import { lineComment } from "./escape.js";
import { parallelPlan } from "./parallelBounds.js";
import { EMPTY_LIBRARY, subgraphLinks, type SubgraphLibrary, type SubgraphLink } from "./subgraphLibrary.js";
import { GRAPH_NAMES } from "./graphNames.js";

/** The generated file that holds the graph: its nodes' functions and its wiring. */
export const GRAPH_PATH = "src/graph.ts";

/** A place in the generated project that does not do what the graph does yet. */
export interface EjectTodo {
  nodeId?: string;
  /** The node, tool or test it concerns, by its name in the document. */
  name: string;
  reason: string;
  /** The generated file that holds the `TODO(<name>)` comment. */
  file: string;
}

export interface SubAgentLink {
  child: AgentPlan;
  mode: "handoff" | "tool";
  blocking: boolean;
}

export interface AgentPlan {
  node: NodeOfKind<"agent">;
  name: string;
  /** Its node name in the top-level graph, or null when it runs only below a parent or as a tool. */
  graphName: string | null;
  /** graph.ts identifiers: the node function, the compiled turn, the tool list, the tool that runs it. */
  fn: string;
  turn: string;
  tools: string;
  asTool: string;
  /** graph.ts function that runs it on one message and returns its answer. */
  ask: string;
  /** graph.ts function that builds its turn for a supervisor that hands off to it. */
  handoff: string;
  /** prompts.ts and scripts.ts exports. */
  prompt: string;
  script: string;
  profile: ModelProfile;
  children: SubAgentLink[];
  /** Agents its catalog tools of kind `agent` run. */
  runs: AgentPlan[];
}

/** Whatever calls a chat model: an agent or an LLM node, with its profile and scripted rules. */
export interface ModelUser {
  name: string;
  nodeId: string;
  profile: ModelProfile;
  temperature?: number;
  /** scripts.ts export of its rules. */
  script: string;
  rules?: Script;
}

export interface EjectPlan {
  /** Agents, then LLM and Planner nodes: each has a model in models.ts. */
  modelUsers: ModelUser[];
  document: GraphDocument;
  /** Every agent, sub-agents before their parents. */
  agents: AgentPlan[];
  /** tools.ts export of each catalog tool, by tool id. */
  tools: Map<string, string>;
  /** tools.ts export of each knowledge base's search tool, by base id. */
  knowledge: Map<string, string>;
  /** Whether any agent hands off to another: the state then keeps the active agent. */
  hasHandoffs: boolean;
  /** Whether any agent delegates in the background: the graph then keeps its tasks. */
  hasBackgroundTasks: boolean;
  /** graph.ts identifier of each catalog tool of kind `agent`, by tool id. */
  agentTools: Map<string, string>;
  /** Node name in the top-level graph, by node id (executable nodes only). */
  graphNames: Map<string, string>;
  /** graph.ts function of each executable node that is not an agent, by node id. */
  otherFunctions: Map<string, string>;
  /** graph.ts bound of each Parallel node's branch nodes, by node id: only where it can bind (see branchNodes.ts). */
  branchBounds: Map<string, string>;
  /** Each Parallel node's branches and join, as the engine wires them. */
  parallels: ParallelBranches[];
  /** The saved graphs its Subgraph nodes run, by graph id. */
  subgraphs: Map<string, SubgraphLink>;
  /** The graphs running this one through Subgraph nodes (outermost first); empty for the project's own graph. */
  above: readonly string[];
  todos: EjectTodo[];
}

/** Names tools.ts imports, which no tool may take. */
export const TOOLS_FILE_NAMES = ["tool", "z", "render", "calculate", "knowledgeBase", "sleep", "resultText", "httpTool", "callMcpTool"];

const roleOf = (node: GraphNode): "start" | "end" | "none" | "executable" =>
  node.kind === "start" ? "start" : node.kind === "end" ? "end" : node.kind === "note" ? "none" : "executable";

/** A node's description, "" when it has none. */
export const descriptionOf = (node: GraphNode): string =>
  "description" in node.data && typeof node.data.description === "string" ? node.data.description : "";

const nameOf = (node: GraphNode): string => ("name" in node.data && typeof node.data.name === "string" ? node.data.name : node.id);

/** The engine's node names (compile.ts): the node's name, or `node_<id>` where a channel has it. */
function graphNamesOf(document: GraphDocument, topLevel: (node: GraphNode) => boolean): Map<string, string> {
  const taken = new Set<string>([...BUILTIN_CHANNELS, ...document.state.channels.map((c) => c.name), "_entry"]);
  const names = new Map<string, string>();
  for (const node of document.nodes) {
    if (roleOf(node) !== "executable" || !topLevel(node)) continue;
    let name = nameOf(node);
    if (taken.has(name)) name = `node_${node.id.replace(/[^A-Za-z0-9_-]/g, "_")}`;
    taken.add(name);
    names.set(node.id, name);
  }
  return names;
}

/** Reads a document; `library` holds the graphs its Subgraph nodes run, `above` the graphs that run it. */
export function planProject(document: GraphDocument, library: SubgraphLibrary = EMPTY_LIBRARY, above: readonly string[] = []): EjectPlan {
  const todos: EjectTodo[] = [];
  const agentNodes = document.nodes.filter((n): n is NodeOfKind<"agent"> => n.kind === "agent");
  const delegations = document.edges.flatMap((e) => (e.kind === "delegation" ? [e] : []));
  const inFlow = new Set(document.edges.filter((e) => e.kind !== "delegation").flatMap((e) => [e.source, e.target]));
  const isTopLevel = (node: GraphNode) => node.kind !== "agent" || inFlow.has(node.id) || (!node.data.hidden && !delegations.some((e) => e.target === node.id));
  const graphNames = graphNamesOf(document, isTopLevel);

  const graphScope = new IdentifierScope(GRAPH_NAMES);
  const promptScope = new IdentifierScope(["systemPrompt"]);
  const scriptScope = new IdentifierScope(["evaluate", "Script", "cel"]);
  const toolScope = new IdentifierScope(TOOLS_FILE_NAMES);

  const tools = new Map<string, string>();
  for (const definition of document.tools) tools.set(definition.id, toolScope.take(`tool:${definition.id}`, definition.name));
  const knowledge = new Map<string, string>();
  for (const base of document.knowledge_bases ?? []) knowledge.set(base.id, toolScope.take(`kb:${base.id}`, `search ${base.name}`));

  const byId = new Map<string, AgentPlan>();
  for (const node of agentNodes) {
    const key = `agent:${node.id}`;
    const fn = graphScope.take(key, node.data.name);
    const profile = document.models.find((m) => m.id === node.data.model) as ModelProfile;
    byId.set(node.id, {
      node,
      name: node.data.name,
      graphName: graphNames.get(node.id) ?? null,
      fn,
      turn: graphScope.take(`${key}:turn`, fn, "camel", "Turn"),
      tools: graphScope.take(`${key}:tools`, fn, "camel", "Tools"),
      asTool: graphScope.take(`${key}:tool`, fn, "camel", "Tool"),
      ask: graphScope.take(`${key}:ask`, `ask ${fn}`),
      handoff: graphScope.take(`${key}:handoff`, fn, "camel", "Handoff"),
      prompt: promptScope.take(key, node.data.name),
      script: scriptScope.take(key, node.data.name),
      profile,
      children: [],
      runs: [],
    });
  }
  for (const edge of delegations) {
    const parent = byId.get(edge.source);
    const child = byId.get(edge.target);
    if (parent && child) parent.children.push({ child, mode: edge.mode, blocking: edge.blocking });
  }
  const agentTools = new Map<string, string>();
  for (const definition of document.tools) {
    if (definition.kind === "agent") agentTools.set(definition.id, graphScope.take(`tool:${definition.id}`, definition.name));
  }
  for (const agent of byId.values()) {
    for (const id of agent.node.data.tools) {
      const definition = document.tools.find((t) => t.id === id);
      const target = definition?.kind === "agent" ? [...byId.values()].find((a) => a.name === definition.config.agent) : undefined;
      if (target) agent.runs.push(target);
    }
  }
  const otherFunctions = new Map<string, string>();
  for (const node of document.nodes) {
    if (roleOf(node) === "executable" && node.kind !== "agent") otherFunctions.set(node.id, graphScope.take(`node:${node.id}`, nameOf(node)));
  }
  const { parallels, bounds } = parallelPlan(document, (id) => otherFunctions.get(id) as string, graphScope);
  const subgraphs = subgraphLinks(document, library, above, graphScope);
  const agents = childrenFirst([...byId.values()]);
  const modelUsers: ModelUser[] = agents.map((a) => ({
    name: a.name,
    nodeId: a.node.id,
    profile: a.profile,
    temperature: a.node.data.temperature,
    script: a.script,
    rules: a.node.data.script,
  }));
  for (const node of document.nodes) {
    if (node.kind !== "llm" && node.kind !== "planner") continue;
    modelUsers.push({
      name: node.data.name,
      nodeId: node.id,
      profile: document.models.find((m) => m.id === node.data.model) as ModelProfile,
      temperature: node.data.temperature,
      script: scriptScope.take(`model:${node.id}`, node.data.name),
      rules: node.data.script,
    });
  }
  const hasHandoffs = delegations.some((e) => e.mode === "handoff");
  const hasBackgroundTasks = delegations.some((e) => e.mode === "tool" && !e.blocking);
  return {
    document,
    agents,
    modelUsers,
    tools,
    knowledge,
    agentTools,
    graphNames,
    otherFunctions,
    branchBounds: bounds,
    parallels,
    subgraphs,
    above,
    todos,
    hasHandoffs,
    hasBackgroundTasks,
  };
}

/** Sub-agents (and agents run by tools) before the agents that call them, so each tool list can name their tools. */
function childrenFirst(agents: AgentPlan[]): AgentPlan[] {
  const done = new Set<AgentPlan>();
  const ordered: AgentPlan[] = [];
  const visit = (agent: AgentPlan) => {
    if (done.has(agent)) return;
    done.add(agent);
    for (const link of agent.children) visit(link.child);
    agent.runs.forEach(visit);
    ordered.push(agent);
  };
  agents.forEach(visit);
  return ordered;
}

/**
 * Records a TODO place and returns its comment for the generated file.
 * @example todo(plan, { name: "Triage", nodeId: "triage", reason: "router nodes are not exported yet", file: "src/graph.ts" })
 */
export function todo(plan: EjectPlan, entry: EjectTodo): string {
  plan.todos.push(entry);
  return lineComment(`TODO(${entry.name}): ${entry.reason}`);
}

export const toolById = (plan: EjectPlan, id: string): ToolDefinition | undefined => plan.document.tools.find((t) => t.id === id);
