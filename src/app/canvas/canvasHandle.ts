/**
 * What the canvas offers the rest of the editor (palette, problems, toolbar) that only React
 * Flow knows: the viewport. Registered per editor store, so each store has at most one canvas.
 */
import type { EditorStore } from "../store/editorStore";
import type { XY } from "../store/nodeFactory";
import type { Size } from "./flowElements";

export interface CanvasHandle {
  /** Flow coordinates of the centre of the visible canvas. */
  centre(): XY;
  /** Flow coordinates of a point on the screen (client coordinates). */
  toFlow(point: XY): XY;
  /** Pans the viewport to centre a node. */
  reveal(nodeId: string): void;
  /** Fits the whole graph in view as the canvas takes in the document's next change (after auto layout). */
  fitView(): void;
  /** Measured node sizes, for layout. */
  sizes(): ReadonlyMap<string, Size>;
}

const handles = new WeakMap<EditorStore, CanvasHandle>();

/** Registers the canvas of a store; returns the unregister function (for an effect's cleanup). */
export function registerCanvas(store: EditorStore, handle: CanvasHandle): () => void {
  handles.set(store, handle);
  return () => {
    if (handles.get(store) === handle) handles.delete(store);
  };
}

export function canvasOf(store: EditorStore): CanvasHandle | undefined {
  return handles.get(store);
}
