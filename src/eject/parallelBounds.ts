/**
 * Which Parallels' branch nodes graph.ts runs bounded (src/parallel.ts), and the graph.ts name of
 * each bound: only where the bound can bind. A join a condition chooses is refused, as the engine
 * refuses to compile it.
 */
import { parallelBranches, type GraphDocument, type ParallelBranches } from "../schema/index.js";
import type { IdentifierScope } from "./identifiers.js";

/**
 * Each Parallel's branches and join, and the bounds graph.ts declares, by Parallel node id.
 * @example parallelPlan(doc, (id) => "fan", scope).bounds // Map { "fan" => "fanBranches" }
 */
export function parallelPlan(
  document: GraphDocument,
  functionOf: (id: string) => string,
  scope: IdentifierScope,
): { parallels: ParallelBranches[]; bounds: Map<string, string> } {
  const parallels = parallelBranches(document);
  const bounds = new Map<string, string>();
  for (const { parallel, region, join, conditionalJoinEdge: edge } of parallels) {
    if (edge) {
      const meet = document.nodes.find((n) => n.id === join);
      const where = meet && "name" in meet.data && typeof meet.data.name === "string" ? meet.data.name : join;
      throw new Error(
        `Parallel "${parallel.data.name}": its branches meet at "${where}", but edge "${edge.id}" into it is chosen by a condition, so the join could wait forever; the graph cannot run, so it is not exported (join the branches with plain edges)`,
      );
    }
    // Branches that could never fill the slots, and have no timeout, need no bound.
    if (region.size <= parallel.data.max_concurrency && parallel.data.timeout_ms === undefined) continue;
    bounds.set(parallel.id, scope.take(`bound:${parallel.id}`, functionOf(parallel.id), "camel", "Branches"));
  }
  return { parallels, bounds };
}
