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
export function subAgentBlocks(
  document: {
    nodes: readonly Pick<GraphDocument["nodes"][number], "id">[];
    edges: readonly Pick<GraphDocument["edges"][number], "source" | "target" | "kind">[];
  },
  sizeOf: (id: string) => Size,
): HierarchyBlocks {
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
    const siblings = children.get(edge.source);
    if (siblings) siblings.push(edge.target);
    else children.set(edge.source, [edge.target]);
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
        const placed = tree.get(parent);
        if (placed) placed.push(child);
        else tree.set(parent, [child]);
        queue.push(child);
      }
    }
    if (tree.has(node.id)) roots.push(node.id);
  }

  // Loops, not recursion: a delegation chain thousands deep would overflow the stack.
  const widths = new Map<string, number>();
  const rowWidth = (kids: readonly string[]) => kids.reduce((sum, kid) => sum + (widths.get(kid) ?? 0), 0) + GAP_X * Math.max(0, kids.length - 1);
  const blocks = new Map<string, SubtreeBlock>();
  for (const root of roots) {
    // Breadth first: every parent comes before its children, so widths are summed from the back.
    const order = [root];
    for (let i = 0; i < order.length; i++) for (const kid of tree.get(order[i] as string) ?? []) order.push(kid);
    for (let i = order.length - 1; i >= 0; i--) {
      const id = order[i] as string;
      widths.set(id, Math.max(sizeOf(id).width, rowWidth(tree.get(id) ?? [])));
    }
    const offsets = new Map<string, XYPoint>();
    const corners = new Map<string, XYPoint>([[root, { x: 0, y: 0 }]]);
    let height = 0;
    for (const id of order) {
      const { x: left, y: top } = corners.get(id) as XYPoint;
      const size = sizeOf(id);
      const width = widths.get(id) ?? size.width;
      offsets.set(id, { x: Math.round(left + (width - size.width) / 2), y: Math.round(top) });
      height = Math.max(height, top + size.height);
      const kids = tree.get(id) ?? [];
      let x = left + (width - rowWidth(kids)) / 2;
      for (const kid of kids) {
        corners.set(kid, { x, y: top + size.height + GAP_Y });
        x += (widths.get(kid) ?? 0) + GAP_X;
      }
    }
    blocks.set(root, { width: widths.get(root) ?? 0, height, offsets });
  }
  return { blocks, absorbed };
}
