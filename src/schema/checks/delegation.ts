/** The sub-agent hierarchy: no cycles, and every visible agent has a parent or a place in the flow. */
import { quote } from "../describe.js";
import type { GraphNode } from "../document.js";
import type { ValidationIssue } from "../issues.js";
import { type Arc, findCycles } from "./cycles.js";
import { type GraphIndex, agentName, issueAt, sentenceLabel } from "./graphIndex.js";

export function checkDelegationCycles({ doc, nodes, connected }: GraphIndex): ValidationIssue[] {
  const arcs = new Map<string, Arc<number>[]>();
  for (const { edge, index } of connected) {
    if (edge.kind !== "delegation") continue;
    if (nodes.get(edge.source)?.node.kind !== "agent" || nodes.get(edge.target)?.node.kind !== "agent") continue;
    const out = arcs.get(edge.source) ?? [];
    out.push({ to: edge.target, ref: index });
    arcs.set(edge.source, out);
  }
  const agents = doc.nodes.filter((n) => n.kind === "agent").map((n) => n.id);
  return findCycles(agents, arcs).map(({ vertices, closedBy }) => {
    const names = vertices.map((id) => {
      const node = nodes.get(id)?.node;
      return node === undefined ? id : agentName(node);
    });
    const message =
      vertices.length === 2
        ? `Agent ${quote(names[0] ?? "")} delegates to itself (${names.join(" → ")}); delegation must form a tree`
        : `Delegation cycle: ${names.join(" → ")}; an agent may not be its own ancestor`;
    return issueAt("DELEGATION_CYCLE", ["edges", closedBy], message);
  });
}

/** A visible agent that nothing leads to: not in the flow and with no parent agent. */
export function isOrphanAgent(node: GraphNode, index: GraphIndex): boolean {
  if (node.kind !== "agent" || node.data.hidden) return false;
  return !index.entered.has(node.id);
}

export function checkOrphanAgents(index: GraphIndex): ValidationIssue[] {
  return index.doc.nodes.flatMap((node, i) =>
    isOrphanAgent(node, index)
      ? [
          issueAt(
            "ORPHAN_AGENT",
            ["nodes", i],
            `${sentenceLabel(node)} is not in the flow and has no parent agent; connect it, give it a parent with a delegation edge, or mark it hidden`,
            node,
          ),
        ]
      : [],
  );
}

/** Agent tools (kind `agent`) name an agent of this document. */
export function checkAgentTools({ doc }: GraphIndex): ValidationIssue[] {
  const agents = new Set(doc.nodes.flatMap((n) => (n.kind === "agent" ? [n.data.name] : [])));
  return doc.tools.flatMap((tool, i) =>
    tool.kind === "agent" && !agents.has(tool.config.agent)
      ? [
          issueAt(
            "MISSING_AGENT",
            ["tools", i, "config", "agent"],
            `Tool ${quote(tool.name)} runs agent ${quote(tool.config.agent)}, which is not an agent of this graph; ${agents.size ? `agents: ${[...agents].map(quote).join(", ")}` : "add an Agent node first"}`,
          ),
        ]
      : [],
  );
}
