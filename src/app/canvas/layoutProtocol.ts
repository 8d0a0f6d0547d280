/** Messages between the page and the layout worker (layout.worker.ts). */
import type { GraphDocument } from "../../schema/index.js";
import type { XY } from "../store/nodeFactory";
import type { Size } from "./flowElements";

/** What the layout reads of a graph: node ids, kinds and set sizes, and the edges' ends and kinds. */
export interface LayoutGraph {
  nodes: Pick<GraphDocument["nodes"][number], "id" | "kind" | "width" | "height">[];
  edges: Pick<GraphDocument["edges"][number], "id" | "source" | "target" | "kind">[];
}

/**
 * The part of a document the layout reads, as new plain objects: posting the whole document
 * (prompts, tools, schemas) cost the page a structured clone of every node's data, about 30 ms
 * of a click at 5,000 nodes.
 * @example layoutGraphOf(doc).nodes[0] // { id: "agent", kind: "agent", width: undefined, height: undefined }
 */
export function layoutGraphOf(document: LayoutGraph): LayoutGraph {
  return {
    nodes: document.nodes.map(({ id, kind, width, height }) => ({ id, kind, width, height })),
    edges: document.edges.map(({ id, source, target, kind }) => ({ id, source, target, kind })),
  };
}

export interface LayoutRequest {
  id: number;
  graph: LayoutGraph;
  /** Measured node sizes, by node id. */
  sizes: [string, Size][];
}

/**
 * `xy`: each node's new top-left corner, x then y, in the order of the request's `graph.nodes`
 * (NaN for a node the layout did not place). A typed array is handed over, not copied: reading
 * 5,000 `{ x, y }` objects out of a message took the page several milliseconds.
 */
export type LayoutReply = { id: number; xy: Float64Array } | { id: number; error: string };

/**
 * Positions by node id as the reply's array, in the order of `nodes`.
 * @example packPositions([{ id: "a" }], { a: { x: 1, y: 2 } }) // Float64Array [1, 2]
 */
export function packPositions(nodes: readonly { id: string }[], positions: Readonly<Record<string, XY>>): Float64Array {
  const xy = new Float64Array(nodes.length * 2).fill(Number.NaN);
  nodes.forEach((node, i) => {
    const position = positions[node.id];
    if (!position) return;
    xy[2 * i] = position.x;
    xy[2 * i + 1] = position.y;
  });
  return xy;
}

/**
 * The reply's array as positions by node id; nodes the layout did not place are left out.
 * @example unpackPositions([{ id: "a" }], new Float64Array([1, 2])) // { a: { x: 1, y: 2 } }
 */
export function unpackPositions(nodes: readonly { id: string }[], xy: Float64Array): Record<string, XY> {
  if (xy.length !== nodes.length * 2) throw new Error(`the layout worker placed ${xy.length / 2} nodes, the graph has ${nodes.length}`);
  const positions: Record<string, XY> = {};
  nodes.forEach((node, i) => {
    const x = xy[2 * i] as number;
    const y = xy[2 * i + 1] as number;
    if (Number.isFinite(x) && Number.isFinite(y)) positions[node.id] = { x, y };
  });
  return positions;
}
