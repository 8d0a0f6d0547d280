// Fit-view options that leave the minimap room: the canvas's size, the graph's extent (measured
// sizes, else each kind's default) and whether the minimap shows decide the padding; every node
// outside a collapsed subtree is framed, drawn or not.
import type { FitViewOptions } from "@xyflow/react";
import { useLayoutEffect, useMemo, useState, type RefObject } from "react";
import { nodeKindTable, type GraphDocument } from "../../schema/index.js";
import { appLayoutStore, useLayout } from "../shell/layout/layoutStore";
import type { Size } from "./flowElements";
import { fitPaddingBesideMinimap, MINIMAP_SIZE } from "./minimap";

const ZOOM = { maxZoom: 1.25, minZoom: 0.25 };

/** Width and height of the graph's nodes taken together (flow units). */
export function graphExtent(document: GraphDocument, measured: ReadonlyMap<string, Size>): Size {
  if (document.nodes.length === 0) return { width: 0, height: 0 };
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const node of document.nodes) {
    const size = measured.get(node.id) ?? nodeKindTable[node.kind].size;
    left = Math.min(left, node.position.x);
    top = Math.min(top, node.position.y);
    right = Math.max(right, node.position.x + size.width);
    bottom = Math.max(bottom, node.position.y + size.height);
  }
  return { width: right - left, height: bottom - top };
}

/** Which nodes a fit frames. */
export type FitTargets = Pick<FitViewOptions, "includeHiddenNodes" | "nodes">;

/**
 * A fit frames every node outside a collapsed subtree, measured or not. React Flow on its own
 * fits only measured nodes, and a large graph measures only those it has drawn (the ones in
 * view, see nodeBox.ts); with `includeHiddenNodes` it reads the others' estimated boxes, and
 * `nodes` then leaves out the collapsed ones it would add.
 * @example fitTargets(document, new Set()) // { includeHiddenNodes: true }
 */
export function fitTargets(document: GraphDocument, hidden: ReadonlySet<string>): FitTargets {
  if (hidden.size === 0) return { includeHiddenNodes: true };
  return { includeHiddenNodes: true, nodes: document.nodes.filter((node) => !hidden.has(node.id)).map((node) => ({ id: node.id })) };
}

/**
 * Fit-view options for a graph of a known extent (after auto layout, when React Flow knows every
 * node's box) on a canvas of the given size.
 */
export function fitOptionsFor(canvas: Size, extent: Size, targets: FitTargets): FitViewOptions {
  return { ...ZOOM, ...targets, padding: fitPaddingBesideMinimap(canvas, extent, appLayoutStore().getState().minimapShown ? MINIMAP_SIZE : null) };
}

/** The fit-view options for the canvas now, and whether the minimap shows. */
export function useMinimapFit(wrapper: RefObject<HTMLElement | null>, document: GraphDocument, measured: ReadonlyMap<string, Size>, targets: FitTargets) {
  const minimapShown = useLayout((s) => s.minimapShown);
  const [canvas, setCanvas] = useState<Size>({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = wrapper.current;
    if (!element) return;
    const update = () => setCanvas({ width: element.clientWidth, height: element.clientHeight });
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [wrapper]);
  const { width, height } = useMemo(() => graphExtent(document, measured), [document, measured]);
  const minimap = minimapShown ? MINIMAP_SIZE : null;
  // Keyed by the extent's numbers, not its object: a drag changes the document every move but
  // seldom the extent, and new options would make React Flow update its store (and every
  // subscriber to it) a second time per move.
  const fitViewOptions: FitViewOptions = useMemo(
    () => ({ ...ZOOM, ...targets, padding: fitPaddingBesideMinimap(canvas, { width, height }, minimap) }),
    [canvas, width, height, minimap, targets],
  );
  return { minimapShown, fitViewOptions };
}
