/**
 * Where a Parallel's branches go and where they meet again: the one reading of a document's
 * fan-outs that the engine compiles and the code export writes, so both build the same graph.
 */
import type { GraphDocument, GraphEdge, GraphNode, NodeOfKind } from "./document.js";
import { isBranchingKind } from "./handles.js";

/** One Parallel node's branches. */
export interface ParallelBranches {
  parallel: NodeOfKind<"parallel">;
  /** The node every branch reaches, closest by the longest branch; null when the branches never meet (or there is one). */
  join: string | null;
  /** The nodes of its branches, before the join. */
  region: ReadonlySet<string>;
  /** The edges into the join that wait for each other (a multi-source edge), and their sources. */
  joinEdges: readonly GraphEdge[];
  /** An edge into the join that a condition chooses, so the join could wait forever: the graph cannot be built. */
  conditionalJoinEdge: GraphEdge | null;
}

function distancesFrom(start: string, stop: string, edgesFrom: (id: string) => GraphEdge[]): Map<string, number> {
  const seen = new Map<string, number>([[start, 0]]);
  const queue = [start];
  while (queue.length > 0) {
    const id = queue.shift() as string;
    if (id === stop && id !== start) continue;
    for (const edge of edgesFrom(id)) {
      if (edge.target === stop || seen.has(edge.target)) continue;
      seen.set(edge.target, (seen.get(id) ?? 0) + 1);
      queue.push(edge.target);
    }
  }
  return seen;
}

/** The nodes reachable from `start` before `join` (and never through `parallel` itself). */
function regionFrom(start: string, parallel: string, join: string | null, edgesFrom: (id: string) => GraphEdge[], isEnd: (id: string) => boolean): Set<string> {
  const region = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const id = queue.pop() as string;
    if (id === join || id === parallel || isEnd(id) || region.has(id)) continue;
    region.add(id);
    for (const edge of edgesFrom(id)) queue.push(edge.target);
  }
  return region;
}

/**
 * Each Parallel node's branches, region and join, in document order.
 * @example parallelBranches(doc)[0].join // "merge"
 */
export function parallelBranches(document: GraphDocument): ParallelBranches[] {
  const byId = new Map<string, GraphNode>(document.nodes.map((n) => [n.id, n]));
  const edgesFrom = (id: string) => document.edges.filter((e) => e.source === id && e.kind !== "delegation");
  const isEnd = (id: string) => byId.get(id)?.kind === "end";
  const found: ParallelBranches[] = [];
  for (const node of document.nodes) {
    if (node.kind !== "parallel") continue;
    const starts = [
      ...new Set(
        edgesFrom(node.id)
          .filter((e) => e.kind === "flow")
          .map((e) => e.target),
      ),
    ];
    const reach = starts.map((s) => distancesFrom(s, node.id, edgesFrom));
    // The join: reached by every branch, closest by the longest branch; End never waits.
    let join: string | null = null;
    let best = Infinity;
    if (starts.length > 1) {
      for (const candidate of document.nodes) {
        if (candidate.id === node.id || isEnd(candidate.id) || !reach.every((r) => r.has(candidate.id))) continue;
        const far = Math.max(...reach.map((r) => r.get(candidate.id) as number));
        if (far < best) [join, best] = [candidate.id, far];
      }
    }
    const region = new Set(starts.flatMap((s) => [...regionFrom(s, node.id, join, edgesFrom, isEnd)]));
    const joinEdges =
      join === null ? [] : document.edges.filter((e) => e.target === join && (region.has(e.source) || e.source === node.id) && e.kind !== "delegation");
    const conditionalJoinEdge =
      joinEdges.find((edge) => {
        const source = byId.get(edge.source);
        return edge.kind !== "flow" || (source !== undefined && isBranchingKind(source.kind));
      }) ?? null;
    found.push({ parallel: node, join, region, joinEdges, conditionalJoinEdge });
  }
  return found;
}
