/**
 * A plain layered layout, left to right, for graphs too large for elkjs: elk's own depth-first
 * searches recurse once per node of a path (its connected-components split, its layering), so a
 * few thousand nodes in one component overflow a worker's stack. Every step here is a loop:
 * cycle breaking by an explicit-stack depth-first search, longest-path layering, a few
 * barycentre sweeps to untangle each layer, then layers side by side and connected components
 * packed in rows. Pure; linear apart from the sorts.
 */
import type { XYPoint } from "./subAgentBlocks";

export interface LayeredBox {
  id: string;
  width: number;
  height: number;
}

export interface LayeredSpacing {
  /** Between two nodes of one layer. */
  nodeNode: number;
  /** Between the widest node of a layer and the next layer. */
  betweenLayers: number;
  /** Between connected components. */
  componentComponent: number;
}

/** Up-and-down barycentre sweeps per layout; more buy little on large graphs. */
const SWEEPS = 4;
/** Wider than tall, like elk's default aspect ratio for packed components. */
const ASPECT_RATIO = 1.6;

interface Adjacency {
  /** Edges kept after cycle breaking, by node index: each goes to a later layer. */
  out: number[][];
  in: number[][];
  /** Node indexes in depth-first discovery order, which keeps chains together. */
  discovery: number[];
  /** Node indexes in a topological order of `out`. */
  topological: number[];
}

/** Depth-first from the sources (then from whatever is left), dropping the edges that close a cycle. */
function acyclic(count: number, edges: readonly (readonly [number, number])[]): Adjacency {
  const all: number[][] = Array.from({ length: count }, () => []);
  const indegree = new Array<number>(count).fill(0);
  for (const [source, target] of edges) {
    all[source]?.push(target);
    indegree[target] = (indegree[target] ?? 0) + 1;
  }
  const out: number[][] = Array.from({ length: count }, () => []);
  const incoming: number[][] = Array.from({ length: count }, () => []);
  // 0: not seen, 1: on the search path, 2: finished.
  const state = new Uint8Array(count);
  const discovery: number[] = [];
  const finished: number[] = [];
  const path: number[] = [];
  const next: number[] = [];
  const starts = [...Array.from({ length: count }, (_, i) => i).filter((i) => indegree[i] === 0), ...Array.from({ length: count }, (_, i) => i)];
  for (const start of starts) {
    if (state[start] !== 0) continue;
    state[start] = 1;
    discovery.push(start);
    path.push(start);
    next.push(0);
    while (path.length > 0) {
      const top = path.length - 1;
      const node = path[top] as number;
      const targets = all[node] as number[];
      const edge = next[top] as number;
      if (edge === targets.length) {
        state[node] = 2;
        finished.push(node);
        path.pop();
        next.pop();
        continue;
      }
      next[top] = edge + 1;
      const target = targets[edge] as number;
      // An edge back to the search path closes a cycle: it is left out of the layering.
      if (state[target] === 1) continue;
      out[node]?.push(target);
      incoming[target]?.push(node);
      if (state[target] === 0) {
        state[target] = 1;
        discovery.push(target);
        path.push(target);
        next.push(0);
      }
    }
  }
  return { out, in: incoming, discovery, topological: finished.reverse() };
}

/** Connected components (edges taken both ways), each as its node indexes in discovery order. */
function components(count: number, edges: readonly (readonly [number, number])[], discovery: readonly number[]): number[][] {
  const parent = Array.from({ length: count }, (_, i) => i);
  const find = (i: number): number => {
    let at = i;
    while (parent[at] !== at) {
      const up = parent[at] as number;
      parent[at] = parent[up] as number;
      at = up;
    }
    return at;
  };
  for (const [a, b] of edges) parent[find(a)] = find(b);
  const byRoot = new Map<number, number[]>();
  for (const i of discovery) {
    const root = find(i);
    const members = byRoot.get(root);
    if (members) members.push(i);
    else byRoot.set(root, [i]);
  }
  return [...byRoot.values()];
}

/** Reorders each layer by the mean rank of its neighbours in the layers before (down) or after (up). */
function sweep(layers: number[][], rank: Float64Array, neighbours: number[][]): void {
  for (const layer of layers) {
    const key = new Map<number, number>();
    for (const node of layer) {
      const around = neighbours[node] as number[];
      key.set(node, around.length === 0 ? (rank[node] as number) : around.reduce((sum, n) => sum + (rank[n] as number), 0) / around.length);
    }
    // Stable: ties keep their order.
    layer.sort((a, b) => (key.get(a) as number) - (key.get(b) as number));
    layer.forEach((node, i) => (rank[node] = i));
  }
}

interface Placed {
  width: number;
  height: number;
  /** Top-left corners relative to the component's own top-left corner. */
  at: Map<number, XYPoint>;
}

interface Layering {
  graph: Adjacency;
  layerOf: Int32Array;
  /** Each node's place in its layer; shared by the components, which never touch each other's nodes. */
  rank: Float64Array;
}

function placeComponent(members: readonly number[], { graph, layerOf, rank }: Layering, boxes: readonly LayeredBox[], spacing: LayeredSpacing): Placed {
  const layers: number[][] = [];
  for (const node of members) {
    (layers[layerOf[node] as number] ??= []).push(node);
  }
  const filled = layers.filter((layer) => layer.length > 0);
  for (const layer of filled) layer.forEach((node, i) => (rank[node] = i));
  const reversed = [...filled].reverse();
  for (let i = 0; i < SWEEPS; i++) {
    sweep(filled, rank, graph.in);
    sweep(reversed, rank, graph.out);
  }

  const heights = filled.map((layer) => layer.reduce((sum, node) => sum + (boxes[node] as LayeredBox).height, 0) + spacing.nodeNode * (layer.length - 1));
  // Not Math.max(...heights): spreading thousands of arguments can itself overflow the stack.
  const height = heights.reduce((tallest, h) => Math.max(tallest, h), 0);
  const at = new Map<number, XYPoint>();
  let x = 0;
  filled.forEach((layer, i) => {
    const width = layer.reduce((widest, node) => Math.max(widest, (boxes[node] as LayeredBox).width), 0);
    // Each layer is centred on the component's middle, so a chain is one straight line.
    let y = (height - (heights[i] as number)) / 2;
    for (const node of layer) {
      const box = boxes[node] as LayeredBox;
      at.set(node, { x: x + (width - box.width) / 2, y });
      y += box.height + spacing.nodeNode;
    }
    x += width + spacing.betweenLayers;
  });
  return { width: Math.max(0, x - spacing.betweenLayers), height, at };
}

/**
 * Top-left corners for every box, edges pointing right wherever the graph has no cycle.
 * @example layeredLayout([{ id: "a", width: 100, height: 50 }, { id: "b", width: 100, height: 50 }], [["a", "b"]], spacing).get("b") // { x: 240, y: 0 }
 */
export function layeredLayout(boxes: readonly LayeredBox[], edges: readonly (readonly [string, string])[], spacing: LayeredSpacing): Map<string, XYPoint> {
  const index = new Map(boxes.map((box, i) => [box.id, i]));
  const pairs: [number, number][] = [];
  for (const [source, target] of edges) {
    const s = index.get(source);
    const t = index.get(target);
    if (s !== undefined && t !== undefined && s !== t) pairs.push([s, t]);
  }
  const graph = acyclic(boxes.length, pairs);
  // Longest path from the sources: each node one layer right of its furthest predecessor.
  const layerOf = new Int32Array(boxes.length);
  for (const node of graph.topological)
    for (const target of graph.out[node] as number[]) layerOf[target] = Math.max(layerOf[target] as number, (layerOf[node] as number) + 1);
  const layering = { graph, layerOf, rank: new Float64Array(boxes.length) };
  const placed = components(boxes.length, pairs, graph.discovery).map((members) => placeComponent(members, layering, boxes, spacing));

  // Components in rows, left to right, each row as wide as the whole layout should be.
  const area = placed.reduce((sum, c) => sum + (c.width + spacing.componentComponent) * (c.height + spacing.componentComponent), 0);
  const rowWidth = placed.reduce((widest, c) => Math.max(widest, c.width), Math.sqrt(area * ASPECT_RATIO));
  const positions = new Map<string, XYPoint>();
  let left = 0;
  let top = 0;
  let rowHeight = 0;
  for (const component of placed) {
    if (left > 0 && left + component.width > rowWidth) {
      left = 0;
      top += rowHeight + spacing.componentComponent;
      rowHeight = 0;
    }
    for (const [node, corner] of component.at) positions.set((boxes[node] as LayeredBox).id, { x: Math.round(left + corner.x), y: Math.round(top + corner.y) });
    left += component.width + spacing.componentComponent;
    rowHeight = Math.max(rowHeight, component.height);
  }
  return positions;
}
