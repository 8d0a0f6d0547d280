/**
 * Auto layout of sub-agent hierarchies: a sub-agent that only takes part in the hierarchy
 * (no flow edges) is drawn below its parent, siblings side by side, grandchildren below them,
 * so delegation edges run top to bottom. Each parent with such a subtree becomes one block
 * that the flow layout places like a node, so blocks never overlap other nodes. Pure.
 */
import type { GraphDocument } from "../../schema/index.js";
import type { Size } from "./flowElements";

export const GAP_X = 40;
export const GAP_Y = 70;

export interface XYPoint {
  x: number;
  y: number;
}

export interface SubtreeBlock {
  width: number;
  height: number;
  /** Every node of the block (its root included), relative to the block's top-left corner. */
  offsets: Map<string, XYPoint>;
}

export interface HierarchyBlocks {
  /** Root node id → its block. */
  blocks: Map<string, SubtreeBlock>;
  /** Sub-agents placed inside a block (the flow layout skips them). */
  absorbed: ReadonlySet<string>;
}

/**
 * @example subAgentBlocks(doc, (id) => ({ width: 180, height: 70 })).blocks.get("supervisor")?.offsets
 */
export function subAgentBlocks(document: Pick<GraphDocument, "nodes" | "edges">, sizeOf: (id: string) => Size): HierarchyBlocks {
  const ids = new Set(document.nodes.map((n) => n.id));
  const inFlow = new Set<string>();
  const children = new Map<string, string[]>();
  const hasParent = new Set<string>();
  for (const edge of document.edges) {
    if (!ids.has(edge.source) || !ids.has(edge.target) || edge.source === edge.target) continue;
    if (edge.kind !== "delegation") {
      inFlow.add(edge.source);
      inFlow.add(edge.target);
      continue;
    }
    children.set(edge.source, [...(children.get(edge.source) ?? []), edge.target]);
    hasParent.add(edge.target);
  }
  const hierarchyOnly = (id: string) => hasParent.has(id) && !inFlow.has(id);

  // Each hierarchy-only sub-agent joins the tree of the first placed parent that reaches it.
  const tree = new Map<string, string[]>();
  const absorbed = new Set<string>();
  const roots: string[] = [];
  for (const node of document.nodes) {
    if (hierarchyOnly(node.id)) continue;
    const queue = [node.id];
    for (let i = 0; i < queue.length; i++) {
      const parent = queue[i] as string;
      for (const child of children.get(parent) ?? []) {
        if (!hierarchyOnly(child) || absorbed.has(child)) continue;
        absorbed.add(child);
        tree.set(parent, [...(tree.get(parent) ?? []), child]);
        queue.push(child);
      }
    }
    if (tree.has(node.id)) roots.push(node.id);
  }

  const widths = new Map<string, number>();
  const subtreeWidth = (id: string): number => {
    const known = widths.get(id);
    if (known !== undefined) return known;
    const kids = tree.get(id) ?? [];
    const row = kids.reduce((sum, kid) => sum + subtreeWidth(kid), 0) + GAP_X * Math.max(0, kids.length - 1);
    const width = Math.max(sizeOf(id).width, row);
    widths.set(id, width);
    return width;
  };

  const blocks = new Map<string, SubtreeBlock>();
  for (const root of roots) {
    const offsets = new Map<string, XYPoint>();
    let height = 0;
    const place = (id: string, left: number, top: number) => {
      const size = sizeOf(id);
      const width = subtreeWidth(id);
      offsets.set(id, { x: Math.round(left + (width - size.width) / 2), y: Math.round(top) });
      height = Math.max(height, top + size.height);
      const kids = tree.get(id) ?? [];
      const row = kids.reduce((sum, kid) => sum + subtreeWidth(kid), 0) + GAP_X * Math.max(0, kids.length - 1);
      let x = left + (width - row) / 2;
      for (const kid of kids) {
        place(kid, x, top + size.height + GAP_Y);
        x += subtreeWidth(kid) + GAP_X;
      }
    };
    place(root, 0, 0);
    blocks.set(root, { width: subtreeWidth(root), height, offsets });
  }
  return { blocks, absorbed };
}
