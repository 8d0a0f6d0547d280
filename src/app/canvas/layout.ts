/**
 * Auto layout with elkjs (layered, left to right). Loaded on demand: the toolbar imports this
 * module dynamically, so elk (about 1.5 MB) stays out of the initial bundle.
 */
import ELK from "elkjs/lib/elk.bundled.js";
import type { ElkNode } from "elkjs/lib/elk-api";
import type { GraphDocument } from "../../schema/index.js";
import type { XY } from "../store/nodeFactory";
import type { Size } from "./flowElements";
import { canvasNodes } from "./nodes/registry";

const LAYOUT_OPTIONS = {
  "elk.algorithm": "layered",
  "elk.direction": "RIGHT",
  "elk.spacing.nodeNode": "48",
  "elk.layered.spacing.nodeNodeBetweenLayers": "140",
  "elk.spacing.componentComponent": "64",
  "elk.layered.nodePlacement.strategy": "BRANDES_KOEPF",
};

let elk: InstanceType<typeof ELK> | undefined;

/**
 * New top-left positions for every node, with no two nodes overlapping.
 * @example const positions = await layoutDocument(doc, new Map()); store.getState().moveNodes(positions);
 */
export async function layoutDocument(document: GraphDocument, sizes: ReadonlyMap<string, Size>): Promise<Record<string, XY>> {
  elk ??= new ELK();
  const ids = new Set(document.nodes.map((n) => n.id));
  const graph: ElkNode = {
    id: "root",
    layoutOptions: LAYOUT_OPTIONS,
    children: document.nodes.map((node) => {
      const size = sizes.get(node.id) ?? { width: node.width ?? canvasNodes[node.kind].defaultSize.width, height: node.height ?? canvasNodes[node.kind].defaultSize.height };
      return { id: node.id, width: size.width, height: size.height };
    }),
    // Edges that point nowhere are validation errors; layout ignores them rather than failing.
    edges: document.edges
      .filter((e) => e.source !== e.target && ids.has(e.source) && ids.has(e.target))
      .map((e) => ({ id: e.id, sources: [e.source], targets: [e.target] })),
  };
  const result = await elk.layout(graph);
  const positions: Record<string, XY> = {};
  for (const child of result.children ?? []) positions[child.id] = { x: Math.round(child.x ?? 0), y: Math.round(child.y ?? 0) };
  return positions;
}
