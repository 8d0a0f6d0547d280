/**
 * The drag figures' same-run baseline (issue 17): bare `@xyflow/react` with its default nodes and
 * edges, showing the same generated grid as the app's `?fixture=grid-<n>` in a canvas of the
 * app's size, at the app's viewport, culling as the app culls. Built by the bench only
 * (bench/app/bareFlowServer.ts), never part of the app's bundle.
 *
 * Query: `nodes`, `edges`, `w`, `h` (canvas px), `x`, `y`, `zoom` (viewport), `cull` (1 = draw
 * only what is in view).
 */
import "@xyflow/react/dist/style.css";
import { ReactFlow, useEdgesState, useNodesState, type Edge, type Node } from "@xyflow/react";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { gridGraph } from "../../src/app/fixtures/gridGraph.js";

const params = new URLSearchParams(location.search);
const number = (name: string, fallback: number): number => {
  const value = params.get(name);
  if (value === null) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) throw new Error(`BARE_FLOW: query parameter ${name}="${value}" is not a number`);
  return parsed;
};

const size = { nodes: number("nodes", 300), edges: number("edges", Math.round((number("nodes", 300) * 4) / 3)) };
const graph = gridGraph(size, "bare-flow");
const initialNodes: Node[] = graph.nodes.map((node) => {
  const name = "name" in node.data && typeof node.data.name === "string" ? node.data.name : node.id;
  return { id: node.id, position: node.position, data: { label: name }, ariaLabel: name };
});
const initialEdges: Edge[] = graph.edges.map((edge) => ({ id: edge.id, source: edge.source, target: edge.target }));
const viewport = { x: number("x", 0), y: number("y", 0), zoom: number("zoom", 1) };

function BareFlow() {
  const [nodes, , onNodesChange] = useNodesState(initialNodes);
  const [edges, , onEdgesChange] = useEdgesState(initialEdges);
  return (
    <div style={{ width: number("w", 1200), height: number("h", 800) }}>
      <ReactFlow
        nodes={nodes}
        edges={edges}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        defaultViewport={viewport}
        minZoom={0.05}
        onlyRenderVisibleElements={params.get("cull") === "1"}
      />
    </div>
  );
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <BareFlow />
  </StrictMode>,
);
