/**
 * Edits of a branching node's data that also move its edges: renaming a branch (a Question
 * option id, a Switch case, a Router route) keeps the edges that left from it attached. Pure,
 * so a form applies data and edges in one undo step.
 */
import { outputHandles, type GraphDocument, type GraphNode } from "../../../schema/index.js";

/**
 * The document with node `nodeId`'s data patched, and every edge that left from a branch the
 * patch renamed (an id gone from the list, a new id at its position) moved to the new id.
 * @example patchBranchingNode(doc, "ask", { options: [{ id: "yes_please", label: "Yes" }, …] })
 */
export function patchBranchingNode(document: GraphDocument, nodeId: string, patch: Record<string, unknown>): GraphDocument {
  const before = document.nodes.find((n) => n.id === nodeId);
  if (!before) return document;
  const after = { ...before, data: { ...before.data, ...patch } } as GraphNode;
  const oldIds = outputHandles(before).map((h) => h.id);
  const newIds = outputHandles(after).map((h) => h.id);
  const renamed = new Map<string, string>();
  // A rename is an id that left the list with a new one in its place; a reorder keeps every id.
  if (oldIds.length === newIds.length) {
    oldIds.forEach((id, i) => {
      const next = newIds[i] as string;
      if (!newIds.includes(id) && !oldIds.includes(next)) renamed.set(id, next);
    });
  }
  return {
    ...document,
    nodes: document.nodes.map((n) => (n.id === nodeId ? after : n)),
    edges:
      renamed.size === 0
        ? document.edges
        : document.edges.map((e) => {
            const to = e.source === nodeId && e.source_handle !== undefined ? renamed.get(e.source_handle) : undefined;
            return to === undefined ? e : { ...e, source_handle: to };
          }),
  };
}
