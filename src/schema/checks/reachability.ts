/** Whether a run from Start can get to End, and to every other node. */
import type { GraphEdge } from "../document.js";
import type { ValidationIssue } from "../issues.js";
import { isOrphanAgent } from "./delegation.js";
import { type GraphIndex, isFlowEdge, issueAt, sentenceLabel } from "./graphIndex.js";

/** Nodes reached from `seeds` by following the edges `follow` accepts (breadth-first, iterative). */
function reach(index: GraphIndex, seeds: readonly string[], follow: (edge: GraphEdge) => boolean): Set<string> {
  const out = new Map<string, string[]>();
  for (const { edge } of index.connected) {
    if (!follow(edge)) continue;
    const targets = out.get(edge.source) ?? [];
    targets.push(edge.target);
    out.set(edge.source, targets);
  }
  const reached = new Set(seeds);
  const queue = [...seeds];
  for (let head = 0; head < queue.length; head++) {
    for (const next of out.get(queue[head] as string) ?? []) {
      if (reached.has(next)) continue;
      reached.add(next);
      queue.push(next);
    }
  }
  return reached;
}

function startId({ doc }: GraphIndex): string | undefined {
  return doc.nodes.find((n) => n.kind === "start")?.id;
}

/** True when some End can be reached from the (first) Start along flow and conditional edges. */
function endReachable(index: GraphIndex, start: string): boolean {
  const reached = reach(index, [start], isFlowEdge);
  return index.doc.nodes.some((n) => n.kind === "end" && reached.has(n.id));
}

export function checkEndReachable(index: GraphIndex): ValidationIssue[] {
  const start = startId(index);
  const endIndex = index.doc.nodes.findIndex((n) => n.kind === "end");
  const end = index.doc.nodes[endIndex];
  if (start === undefined || end === undefined || endReachable(index, start)) return [];
  const several = index.doc.nodes.filter((n) => n.kind === "end").length > 1;
  const message = several
    ? "No End node can be reached from the Start node along flow or conditional edges; every run would stop without finishing"
    : `${sentenceLabel(end)} cannot be reached from the Start node along flow or conditional edges; every run would stop without finishing`;
  return [issueAt("UNREACHABLE_END", ["nodes", endIndex], message, end)];
}

/**
 * Warnings for nodes no run can get to: not reached from Start through the flow, not a
 * sub-agent of a reached agent, and not under a hidden agent. Notes never run, so they are
 * exempt; orphan agents and an unreachable End already have errors of their own.
 */
export function checkUnreachableNodes(index: GraphIndex): ValidationIssue[] {
  const start = startId(index);
  if (start === undefined) return [];
  const hidden = index.doc.nodes.filter((n) => n.kind === "agent" && n.data.hidden).map((n) => n.id);
  const reached = reach(index, [start, ...hidden], (edge) => isFlowEdge(edge) || index.nodes.get(edge.source)?.node.kind === "agent");
  const skipEnds = !endReachable(index, start);
  return index.doc.nodes.flatMap((node, i) => {
    if (reached.has(node.id) || node.kind === "note" || isOrphanAgent(node, index) || (skipEnds && node.kind === "end")) return [];
    return [issueAt("UNREACHABLE_NODE", ["nodes", i], `${sentenceLabel(node)} cannot be reached from the Start node, so it will never run`, node)];
  });
}
