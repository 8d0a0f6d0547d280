/**
 * A compiled graph's shape as `getGraph()` draws it — node names and edges — without LangGraph's
 * own start and end nodes and without `_entry`, our compiler's per-turn router: what an ejected
 * graph must share with the graph our compiler builds for the same document.
 */

export interface Shape {
  nodes: string[];
  edges: string[];
}

export interface DrawableGraph {
  getGraph(): { nodes: Record<string, unknown>; edges: { source: string; target: string }[] };
}

/**
 * @example expect(shapeOf(ejected, null)).toEqual(shapeOf(compiled.graph, ["Pick"]))
 */
export function shapeOf(graph: DrawableGraph, startTargets: readonly string[] | null): Shape {
  const drawn = graph.getGraph();
  const hidden = new Set(["__start__", "__end__", "_entry"]);
  const nodes = Object.keys(drawn.nodes).filter((id) => !hidden.has(id));
  const edges = drawn.edges.filter((e) => e.source !== "_entry" && e.target !== "_entry").map((e) => `${e.source} -> ${e.target}`);
  // Our compiler starts each turn at `_entry`, which goes on to the Start node's targets (or a named agent).
  if (startTargets) edges.push(...startTargets.map((target) => `__start__ -> ${target}`));
  return { nodes: nodes.sort(), edges: [...new Set(edges)].sort() };
}
