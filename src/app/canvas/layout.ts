/**
 * Auto layout with elkjs (layered, left to right; sub-agent hierarchies top to bottom under
 * their parent, see subAgentBlocks). Runs in the layout worker (layout.worker.ts, started on
 * first use), so elk (about 1.5 MB) stays out of the initial bundle and off the main thread.
 * Graphs past LARGE_GRAPH_NODES get layeredLayout instead: elk's depth-first searches recurse
 * once per node of a path and overflowed the worker's stack on a 5,000-node grid.
 */
import ELK from "elkjs/lib/elk.bundled.js";
import type { ElkNode } from "elkjs/lib/elk-api";
import { nodeKindTable } from "../../schema/index.js";
import type { XY } from "../store/nodeFactory";
import type { Size } from "./flowElements";
import type { LayoutGraph } from "./layoutProtocol";
import { errorMessage } from "../../schema/errorMessage.js";
import { layeredLayout, type LayeredSpacing } from "./layeredLayout";
import { subAgentBlocks } from "./subAgentBlocks";

const LAYOUT_OPTIONS = {
  "elk.algorithm": "layered",
  "elk.direction": "RIGHT",
  "elk.spacing.nodeNode": "48",
  "elk.layered.spacing.nodeNodeBetweenLayers": "140",
  "elk.spacing.componentComponent": "64",
  "elk.layered.nodePlacement.strategy": "BRANDES_KOEPF",
};

/** Graphs with more boxes to place than this get layeredLayout (no recursion) instead of elk. */
export const LARGE_GRAPH_NODES = 1_000;

/** The same spacing as LAYOUT_OPTIONS, for layeredLayout. */
const SPACING: LayeredSpacing = { nodeNode: 48, betweenLayers: 140, componentComponent: 64 };

let elk: InstanceType<typeof ELK> | undefined;

interface Box {
  id: string;
  width: number;
  height: number;
}

interface Link {
  id: string;
  source: string;
  target: string;
}

function layeredCorners(boxes: readonly Box[], edges: readonly Link[]): Map<string, XY> {
  return layeredLayout(
    boxes,
    edges.map((e) => [e.source, e.target] as const),
    SPACING,
  );
}

async function elkCorners(boxes: readonly Box[], edges: readonly Link[]): Promise<Map<string, XY>> {
  elk ??= new ELK();
  const graph: ElkNode = {
    id: "root",
    layoutOptions: LAYOUT_OPTIONS,
    children: boxes.map((box) => ({ ...box })),
    edges: edges.map((e) => ({ id: e.id, sources: [e.source], targets: [e.target] })),
  };
  let result: ElkNode;
  try {
    result = await elk.layout(graph);
  } catch (error) {
    // A path deeper than the stack allows even below the size threshold: the loop-only layout still answers.
    // (elk's in-thread worker may hand the error on as a plain object: the message tells.)
    if (error instanceof RangeError || /call stack/i.test(errorMessage(error))) return layeredCorners(boxes, edges);
    throw error;
  }
  return new Map((result.children ?? []).map((child) => [child.id, { x: Math.round(child.x ?? 0), y: Math.round(child.y ?? 0) }]));
}

/**
 * New top-left positions for every node, with no two nodes overlapping.
 * @example const positions = await layoutDocument(doc, new Map()); store.getState().moveNodes(positions);
 */
export async function layoutDocument(document: LayoutGraph, sizes: ReadonlyMap<string, Size>): Promise<Record<string, XY>> {
  const byId = new Map(document.nodes.map((n) => [n.id, n]));
  const sizeOf = (id: string): Size => {
    const node = byId.get(id);
    if (!node) return { width: 0, height: 0 };
    return sizes.get(id) ?? { width: node.width ?? nodeKindTable[node.kind].size.width, height: node.height ?? nodeKindTable[node.kind].size.height };
  };
  // Sub-agents outside the flow hang below their parent: the parent's whole subtree is one block.
  const { blocks, absorbed } = subAgentBlocks(document, sizeOf);
  const boxes = document.nodes
    .filter((node) => !absorbed.has(node.id))
    .map((node) => {
      const size = blocks.get(node.id) ?? sizeOf(node.id);
      return { id: node.id, width: size.width, height: size.height };
    });
  // Edges that point nowhere are validation errors; layout ignores them rather than failing.
  const edges = document.edges
    .filter((e) => e.source !== e.target && byId.has(e.source) && byId.has(e.target) && !absorbed.has(e.source) && !absorbed.has(e.target))
    .map((e) => ({ id: e.id, source: e.source, target: e.target }));
  const corners = boxes.length > LARGE_GRAPH_NODES ? layeredCorners(boxes, edges) : await elkCorners(boxes, edges);
  const positions: Record<string, XY> = {};
  for (const [id, { x, y }] of corners) {
    const block = blocks.get(id);
    if (!block) positions[id] = { x, y };
    else for (const [member, offset] of block.offsets) positions[member] = { x: x + offset.x, y: y + offset.y };
  }
  return positions;
}
