/**
 * Branch handles on the canvas ↔ `source_handle` on edges. A branching node (If, Switch, Loop,
 * Router, Approval, …) draws one source handle per entry of `outputHandles(node)`, whose React
 * Flow handle id IS the handle id stored in the edge's `source_handle`; every other node has the
 * single `out` handle. The engine follows the same ids, so what is drawn is what runs.
 */
import { isBranchingKind, outputHandles, type GraphEdge, type GraphNode, type OutputHandle } from "../../schema/index.js";
import { HANDLE } from "./nodes/ports";

/**
 * The React Flow source handle a flow or conditional edge starts from. An edge whose
 * `source_handle` names no current branch (a deleted Switch case) is drawn from the first
 * branch, so it stays visible; validation reports it in Problems.
 * @example flowSourceHandle({ ...edge, source_handle: "false" }, ifNode) // "false"
 */
export function flowSourceHandle(edge: Pick<GraphEdge, "source_handle">, source: GraphNode | undefined): string {
  if (!source || !isBranchingKind(source.kind)) return HANDLE.output;
  const handles = outputHandles(source);
  if (edge.source_handle && handles.some((h) => h.id === edge.source_handle)) return edge.source_handle;
  return handles[0]?.id ?? HANDLE.output;
}

/**
 * The `source_handle` a new edge stores for a connection drawn from React Flow handle
 * `handleId` of node `source`: the branch id when the node branches (every edge leaving a
 * branching node names its branch), nothing for plain outputs and delegation handles.
 * @example edgeSourceHandle("true", ifNode) // "true"
 * @example edgeSourceHandle("out", agentNode) // undefined
 */
export function edgeSourceHandle(handleId: string | null | undefined, source: GraphNode | undefined): string | undefined {
  if (!handleId || !source || !isBranchingKind(source.kind)) return undefined;
  return outputHandles(source).some((h) => h.id === handleId) ? handleId : undefined;
}

/** The source handles a node draws: its branches, or null for the single plain output. */
export function branchHandles(node: GraphNode): readonly OutputHandle[] | null {
  return isBranchingKind(node.kind) ? outputHandles(node) : null;
}
