// The minimap of a large graph. React Flow's minimap subscribes every one of its nodes to the
// canvas's store and redraws on every store update, one SVG rect per node: at 5,000 nodes that
// was about 16 ms of main-thread work per drag frame (selectors, paint and layerizing 5,000
// rects). This one is React Flow's own MiniMap (viewport mask, pan and zoom) in a store of its
// own, holding one node that spans the graph and draws a snapshot of every node as one path per
// colour; the snapshot is taken once the nodes have been still for a moment.
import { MiniMap, ReactFlowProvider, useStoreApi, type MiniMapNodeProps, type MiniMapProps, type Node, type ReactFlowState } from "@xyflow/react";
import { createContext, useContext, useEffect, useState } from "react";
import type { FlowEdge } from "./edges/types";
import type { FlowNode } from "./nodes/types";

/** How long the nodes must be still before the minimap shows where they are (ms). */
const SETTLE_MS = 250;

type Store = ReturnType<typeof useStoreApi<FlowNode, FlowEdge>>;
type Colour = (node: { type?: string }) => string;

/** The nodes as drawn: one SVG path of rectangles per colour. */
interface Snapshot {
  paths: { colour: string; d: string }[];
}

const SnapshotContext = createContext<Snapshot>({ paths: [] });

/** What the minimap reads of the canvas's viewport. */
function viewportOf(state: ReactFlowState<FlowNode, FlowEdge>) {
  return { transform: state.transform, width: state.width, height: state.height, panZoom: state.panZoom, translateExtent: state.translateExtent };
}

/** The canvas's nodes as paths, and the one node spanning them that the minimap fits its view to. */
function snapshotOf(canvas: Store, colour: Colour): { snapshot: Snapshot; span: Node[] } {
  const byColour = new Map<string, string[]>();
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const node of canvas.getState().nodeLookup.values()) {
    // A node never drawn has not been measured: its kind's box stands in (see nodeBox.ts).
    const width = node.measured.width ?? node.width ?? node.initialWidth;
    const height = node.measured.height ?? node.height ?? node.initialHeight;
    if (node.hidden || !width || !height) continue;
    const { x, y } = node.internals.positionAbsolute;
    const fill = colour(node);
    const rects = byColour.get(fill) ?? [];
    rects.push(`M${x},${y}h${width}v${height}h${-width}z`);
    byColour.set(fill, rects);
    [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x + width), Math.max(bottom, y + height)];
  }
  const paths = [...byColour].map(([fill, rects]) => ({ colour: fill, d: rects.join("") }));
  if (paths.length === 0) return { snapshot: { paths }, span: [] };
  return { snapshot: { paths }, span: [{ id: "graph", position: { x: left, y: top }, width: right - left, height: bottom - top, data: {} }] };
}

/** The minimap's one node: every node of the snapshot (its own box is only the graph's extent). */
function SnapshotNodes(_: MiniMapNodeProps) {
  const { paths } = useContext(SnapshotContext);
  return (
    <g className="react-flow__minimap-node">
      {paths.map(({ colour, d }) => (
        <path key={colour} d={d} fill={colour} />
      ))}
    </g>
  );
}

function Mirror({ canvas, nodes, colour, onSnapshot }: { canvas: Store; nodes: readonly FlowNode[]; colour: Colour; onSnapshot: (s: Snapshot) => void }) {
  const minimap = useStoreApi();
  useEffect(() => {
    minimap.setState(viewportOf(canvas.getState()));
    return canvas.subscribe((state, previous) => {
      const [now, before] = [viewportOf(state), viewportOf(previous)];
      if ((Object.keys(now) as (keyof typeof now)[]).some((key) => now[key] !== before[key])) minimap.setState(now);
    });
  }, [canvas, minimap]);
  // `nodes` changes on every drag frame; the snapshot is taken once it stops changing.
  useEffect(() => {
    const timer = setTimeout(() => {
      const { snapshot, span } = snapshotOf(canvas, colour);
      onSnapshot(snapshot);
      minimap.getState().setNodes(span);
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [canvas, minimap, nodes, colour, onSnapshot]);
  return null;
}

/**
 * React Flow's MiniMap over a still snapshot of the canvas's nodes; render it inside the canvas.
 * @example <SnapshotMinimap nodes={nodes} nodeColor={minimapColour} pannable zoomable ariaLabel="Minimap" />
 */
export function SnapshotMinimap({
  nodes,
  nodeColor,
  ...props
}: Omit<MiniMapProps, "nodeColor" | "nodeComponent"> & { nodes: readonly FlowNode[]; nodeColor: Colour }) {
  const canvas = useStoreApi<FlowNode, FlowEdge>();
  const [snapshot, setSnapshot] = useState<Snapshot>({ paths: [] });
  return (
    <ReactFlowProvider>
      <Mirror canvas={canvas} nodes={nodes} colour={nodeColor} onSnapshot={setSnapshot} />
      <SnapshotContext.Provider value={snapshot}>
        <MiniMap {...props} nodeComponent={SnapshotNodes} />
      </SnapshotContext.Provider>
    </ReactFlowProvider>
  );
}
