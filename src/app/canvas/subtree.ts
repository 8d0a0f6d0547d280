/**
 * Collapsing a parent agent's subtree on the canvas: which nodes a set of collapsed parents
 * hides. Pure over the document's delegation edges; the collapsed set is UI state only.
 *
 * A node hides when no path from a top-level agent reaches it without passing through a
 * collapsed parent, so a sub-agent that another, expanded parent also uses stays on the canvas.
 * Nodes without parents never hide.
 */
import type { GraphDocument } from "../../schema/index.js";

export interface Hierarchy {
  /** Parent id → its sub-agents' ids, in edge order. */
  children: ReadonlyMap<string, readonly string[]>;
  /** Sub-agent id → its parents' ids. */
  parents: ReadonlyMap<string, readonly string[]>;
}

const hierarchies = new WeakMap<GraphDocument["edges"], Hierarchy>();

/** The sub-agent hierarchy of the document's delegation edges, cached per edges array. */
export function hierarchyOf(document: Pick<GraphDocument, "edges">): Hierarchy {
  const hit = hierarchies.get(document.edges);
  if (hit) return hit;
  const children = new Map<string, string[]>();
  const parents = new Map<string, string[]>();
  for (const edge of document.edges) {
    if (edge.kind !== "delegation" || edge.source === edge.target) continue;
    const kids = children.get(edge.source) ?? [];
    if (!kids.includes(edge.target)) kids.push(edge.target);
    children.set(edge.source, kids);
    const ups = parents.get(edge.target) ?? [];
    if (!ups.includes(edge.source)) ups.push(edge.source);
    parents.set(edge.target, ups);
  }
  const hierarchy = { children, parents };
  hierarchies.set(document.edges, hierarchy);
  return hierarchy;
}

/**
 * Ids of the nodes hidden by collapsing `collapsed` parents: descendants of a collapsed parent
 * that no path from a top-level agent reaches without passing through a collapsed parent.
 * @example hiddenNodes(doc, new Set(["supervisor"])) // Set { "analytics", "report" }
 */
export function hiddenNodes(document: Pick<GraphDocument, "edges">, collapsed: ReadonlySet<string>): ReadonlySet<string> {
  const hidden = new Set<string>();
  if (collapsed.size === 0) return hidden;
  const { children, parents } = hierarchyOf(document);
  // What is still reachable: from every agent without a parent, never through a collapsed one.
  const visible = new Set([...children.keys()].filter((id) => !parents.has(id)));
  const open = [...visible];
  for (let i = 0; i < open.length; i++) {
    const id = open[i] as string;
    if (collapsed.has(id)) continue;
    for (const child of children.get(id) ?? []) {
      if (visible.has(child)) continue;
      visible.add(child);
      open.push(child);
    }
  }
  // What each collapsed parent folds: its descendants (itself excluded, even on a cycle).
  for (const start of collapsed) {
    const seen = new Set<string>([start]);
    const queue = [...(children.get(start) ?? [])];
    for (let i = 0; i < queue.length; i++) {
      const id = queue[i] as string;
      if (seen.has(id)) continue;
      seen.add(id);
      if (!visible.has(id)) hidden.add(id);
      queue.push(...(children.get(id) ?? []));
    }
  }
  return hidden;
}

/** How many nodes disappear when `id` collapses, given what is already collapsed. */
export function countHiddenBy(document: Pick<GraphDocument, "edges">, collapsed: ReadonlySet<string>, id: string): number {
  const without = new Set(collapsed);
  without.delete(id);
  const before = hiddenNodes(document, without);
  const after = hiddenNodes(document, new Set([...without, id]));
  return after.size - before.size;
}

/** Edges with an end on a hidden node hide too. */
export function hiddenEdges(document: Pick<GraphDocument, "edges">, hidden: ReadonlySet<string>): ReadonlySet<string> {
  if (hidden.size === 0) return new Set();
  return new Set(document.edges.filter((e) => hidden.has(e.source) || hidden.has(e.target)).map((e) => e.id));
}
