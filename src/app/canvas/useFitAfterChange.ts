// Fitting the view to nodes that have just moved (auto layout). React Flow takes in the nodes a
// store change derived in an effect after the render; React Flow's own fitView waits a frame
// more. On a large graph that meant the moved nodes were drawn once in the old viewport (mounting
// and unmounting hundreds of nodes), then again on every frame of the fit animation, each frame
// culling 5,000 nodes anew. Here the fit is set in the same update in which React Flow takes in
// the moved nodes, so the canvas draws the moved graph once, already fitted; a culled graph jumps
// there, a graph drawn whole still glides.
import { getViewportForBounds, useStoreApi, type ReactFlowState, type Rect } from "@xyflow/react";
import { useCallback, useLayoutEffect, useRef, type RefObject } from "react";
import type { FlowEdge } from "./edges/types";
import type { FlowNode } from "./nodes/types";
import { fitOptionsFor, type FitTargets } from "./useMinimapFit";

/** How long a fit glides when every node is drawn (ms). A culled graph gets no animation. */
export const FIT_GLIDE_MS = 200;

/** The box around the framed nodes as React Flow holds them (estimated boxes for nodes never drawn). */
function framedBounds(state: ReactFlowState<FlowNode, FlowEdge>, targets: FitTargets): Rect {
  const only = targets.nodes ? new Set(targets.nodes.map((node) => node.id)) : undefined;
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const node of state.nodeLookup.values()) {
    if (only && !only.has(node.id)) continue;
    const { x, y } = node.internals.positionAbsolute;
    const width = node.measured.width ?? node.width ?? node.initialWidth ?? 0;
    const height = node.measured.height ?? node.height ?? node.initialHeight ?? 0;
    if (width <= 0 || height <= 0) continue;
    left = Math.min(left, x);
    top = Math.min(top, y);
    right = Math.max(right, x + width);
    bottom = Math.max(bottom, y + height);
  }
  return right > left ? { x: left, y: top, width: right - left, height: bottom - top } : { x: 0, y: 0, width: 0, height: 0 };
}

/**
 * Sets the viewport that frames the graph as React Flow holds it now, on the pane as React Flow
 * last measured it: reading the element's size here would lay the page out in the middle of the
 * update that draws the moved nodes.
 */
function fitGraph(state: ReactFlowState<FlowNode, FlowEdge>, targets: FitTargets, glideMs: number) {
  const bounds = framedBounds(state, targets);
  if (bounds.width <= 0 || bounds.height <= 0) return;
  const { minZoom, maxZoom, padding } = fitOptionsFor({ width: state.width, height: state.height }, bounds, targets);
  const viewport = getViewportForBounds(bounds, state.width, state.height, minZoom ?? state.minZoom, maxZoom ?? state.maxZoom, padding ?? 0);
  void state.panZoom?.setViewport(viewport, { duration: glideMs });
}

/**
 * A function that fits the graph in view as the canvas takes in the document's next change (the
 * same update), or on the next frame if that change moves no node. `culled`: the canvas draws
 * only the nodes in view.
 * @example const fitAfterChange = useFitAfterChange(targetsRef, cull); store.getState().moveNodes(p); fitAfterChange();
 */
export function useFitAfterChange(targets: RefObject<FitTargets>, culled: boolean): () => void {
  const flowStore = useStoreApi<FlowNode, FlowEdge>();
  const glideMs = useRef(0);
  useLayoutEffect(() => {
    glideMs.current = culled ? 0 : FIT_GLIDE_MS;
  }, [culled]);
  const request = useRef(() => {});
  // Subscribed once, in a layout effect, so before React Flow's components (they subscribe in
  // passive effects): when the moved nodes arrive, the viewport changes before any of them reads the
  // store, and each reads it once, not once for the nodes and again for the viewport.
  useLayoutEffect(() => {
    let pending = false;
    const fit = () => {
      pending = false;
      fitGraph(flowStore.getState(), targets.current, glideMs.current);
    };
    request.current = () => {
      pending = true;
      requestAnimationFrame(() => {
        if (pending) fit();
      });
    };
    return flowStore.subscribe((state, previous) => {
      if (pending && state.nodes !== previous.nodes) fit();
    });
  }, [flowStore, targets]);
  return useCallback(() => request.current(), []);
}
