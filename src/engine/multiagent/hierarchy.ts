/**
 * The sub-agent hierarchy of a document, read from its delegation edges: who may hand off
 * to whom (seed 000), who may delegate to whom as a tool (seed 002), and which agents
 * are reached only through a parent or a tool.
 */
import type { AgentData, GraphDocument, NodeOfKind } from "../../schema/index.js";

export interface SubAgentLink {
  agent: string;
  mode: "handoff" | "tool";
  /** For `tool` links: whether a call waits for the answer unless it says otherwise. */
  blocking: boolean;
}

export interface Hierarchy {
  /** Every agent of the document by name. */
  agents: ReadonlyMap<string, NodeOfKind<"agent">>;
  /** Direct sub-agents of an agent, in edge order. */
  children(agent: string): readonly SubAgentLink[];
  /** Agents that list this one as a sub-agent, with the mode of each link. */
  parents(agent: string): readonly { agent: string; mode: "handoff" | "tool" }[];
  /** Agents reachable from `agent` through handoff links, at any depth (not `agent` itself). */
  handoffDescendants(agent: string): readonly string[];
  /** The direct handoff child of `from` whose subtree holds `target` (or `target` itself). */
  handoffChildToward(from: string, target: string): string | null;
  /** Whether the agent is a node of the top-level graph (in the flow, or nobody's sub-agent and not hidden). */
  isTopLevel(agent: string): boolean;
}

/**
 * @example
 * const h = readHierarchy(doc);
 * h.children("Supervisor"); // [{ agent: "Analytics", mode: "handoff", blocking: true }, …]
 */
export function readHierarchy(document: GraphDocument): Hierarchy {
  const byId = new Map<string, NodeOfKind<"agent">>();
  const agents = new Map<string, NodeOfKind<"agent">>();
  for (const node of document.nodes) {
    if (node.kind !== "agent") continue;
    byId.set(node.id, node);
    agents.set(node.data.name, node);
  }
  const children = new Map<string, SubAgentLink[]>();
  const parents = new Map<string, { agent: string; mode: "handoff" | "tool" }[]>();
  const inFlow = new Set<string>();
  for (const edge of document.edges) {
    if (edge.kind !== "delegation") {
      inFlow.add(edge.source);
      inFlow.add(edge.target);
      continue;
    }
    const parent = byId.get(edge.source)?.data.name;
    const child = byId.get(edge.target)?.data.name;
    if (!parent || !child) continue;
    children.set(parent, [...(children.get(parent) ?? []), { agent: child, mode: edge.mode, blocking: edge.blocking }]);
    parents.set(child, [...(parents.get(child) ?? []), { agent: parent, mode: edge.mode }]);
  }

  const descendants = new Map<string, string[]>();
  const handoffDescendants = (agent: string, seen: ReadonlySet<string> = new Set()): string[] => {
    const known = descendants.get(agent);
    if (known) return known;
    const out: string[] = [];
    for (const link of children.get(agent) ?? []) {
      // Validation rejects delegation cycles; `seen` only keeps an invalid document from looping here.
      if (link.mode !== "handoff" || seen.has(link.agent)) continue;
      out.push(link.agent, ...handoffDescendants(link.agent, new Set([...seen, agent])));
    }
    const unique = [...new Set(out)];
    descendants.set(agent, unique);
    return unique;
  };

  return {
    agents,
    children: (agent) => children.get(agent) ?? [],
    parents: (agent) => parents.get(agent) ?? [],
    handoffDescendants: (agent) => handoffDescendants(agent),
    handoffChildToward(from, target) {
      for (const link of children.get(from) ?? []) {
        if (link.mode !== "handoff") continue;
        if (link.agent === target || handoffDescendants(link.agent).includes(target)) return link.agent;
      }
      return null;
    },
    isTopLevel(agent) {
      const node = agents.get(agent);
      if (!node) return false;
      if (inFlow.has(node.id)) return true;
      return !node.data.hidden && (parents.get(agent) ?? []).length === 0;
    },
  };
}

/**
 * The thread that keeps one agent's own history inside a user thread (scoped history, seed 002).
 * @example scopedThreadId("t1", "Research") // "t1::agent::Research"
 */
export function scopedThreadId(threadId: string, agent: string): string {
  return `${threadId}::agent::${agent}`;
}

/**
 * A one-line description of a sub-agent for list_subagents_available and tool descriptions.
 * @example describeAgent({ ...data, description: "" }) // "The Research agent."
 */
export function describeAgent(data: AgentData): string {
  return data.description.trim() || `The ${data.name} agent.`;
}
