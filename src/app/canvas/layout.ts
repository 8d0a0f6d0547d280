/**
 * Auto layout with elkjs (layered, left to right; sub-agent hierarchies top to bottom under
 * their parent, see subAgentBlocks). Runs in the layout worker (layout.worker.ts, started on
 * first use), so elk (about 1.5 MB) stays out of the initial bundle and off the main thread.
 */
import ELK from "elkjs/lib/elk.bundled.js";
import type { ElkNode } from "elkjs/lib/elk-api";
import { nodeKindTable, type GraphDocument } from "../../schema/index.js";
import type { XY } from "../store/nodeFactory";
import type { Size } from "./flowElements";
import { subAgentBlocks } from "./subAgentBlocks";

const LAYOUT_OPTIONS = {
  "elk.algorithm": "layered",
  "elk.direction": "RIGHT",
  "elk.spacing.nodeNode": "48",
  "elk.layered.spacing.nodeNodeBetweenLayers": "140",
  "elk.spacing.componentComponent": "64",
  "elk.layered.nodePlacement.strategy": "BRANDES_KOEPF",
};

/** Graphs with more nodes than this get the quicker options below. */
export const LARGE_GRAPH_NODES = 1_000;

/**
 * For large graphs: layers by longest path from the sources instead of network simplex, one
 * crossing-minimisation pass without the greedy switch, and straight edge routes (the canvas
 * draws its own edges). A 5,000-node / 7,000-edge grid takes about 2 s of CPU instead of about
 * 12 s, most of which went to network simplex layering and crossing minimisation.
 */
const LARGE_GRAPH_OPTIONS = {
  "elk.layered.layering.strategy": "LONGEST_PATH_SOURCE",
  "elk.layered.thoroughness": "1",
  "elk.layered.crossingMinimization.greedySwitch.type": "OFF",
  "elk.edgeRouting": "POLYLINE",
};

let elk: InstanceType<typeof ELK> | undefined;

/**
 * New top-left positions for every node, with no two nodes overlapping.
 * @example const positions = await layoutDocument(doc, new Map()); store.getState().moveNodes(positions);
 */
export async function layoutDocument(document: GraphDocument, sizes: ReadonlyMap<string, Size>): Promise<Record<string, XY>> {
  elk ??= new ELK();
  const byId = new Map(document.nodes.map((n) => [n.id, n]));
  const sizeOf = (id: string): Size => {
    const node = byId.get(id);
    if (!node) return { width: 0, height: 0 };
    return sizes.get(id) ?? { width: node.width ?? nodeKindTable[node.kind].size.width, height: node.height ?? nodeKindTable[node.kind].size.height };
  };
  // Sub-agents outside the flow hang below their parent: the parent's whole subtree is one block.
  const { blocks, absorbed } = subAgentBlocks(document, sizeOf);
  const graph: ElkNode = {
    id: "root",
    layoutOptions: document.nodes.length > LARGE_GRAPH_NODES ? { ...LAYOUT_OPTIONS, ...LARGE_GRAPH_OPTIONS } : LAYOUT_OPTIONS,
    children: document.nodes
      .filter((node) => !absorbed.has(node.id))
      .map((node) => {
        const size = blocks.get(node.id) ?? sizeOf(node.id);
        return { id: node.id, width: size.width, height: size.height };
      }),
    // Edges that point nowhere are validation errors; layout ignores them rather than failing.
    edges: document.edges
      .filter((e) => e.source !== e.target && byId.has(e.source) && byId.has(e.target) && !absorbed.has(e.source) && !absorbed.has(e.target))
      .map((e) => ({ id: e.id, sources: [e.source], targets: [e.target] })),
  };
  const result = await elk.layout(graph);
  const positions: Record<string, XY> = {};
  for (const child of result.children ?? []) {
    const x = Math.round(child.x ?? 0);
    const y = Math.round(child.y ?? 0);
    const block = blocks.get(child.id);
    if (!block) positions[child.id] = { x, y };
    else for (const [id, offset] of block.offsets) positions[id] = { x: x + offset.x, y: y + offset.y };
  }
  return positions;
}
