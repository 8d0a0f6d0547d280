/** Auto layout (elkjs in a worker, started on first use): moves every node, then fits the view to the result. */
import type { EditorStore } from "../store/editorStore";
import { canvasOf } from "./canvasHandle";
import { layoutOffMainThread } from "./layoutClient";

/** Lays out the open graph as one undoable move; rejects when the layout engine fails. */
export async function autoLayout(store: EditorStore): Promise<void> {
  const canvas = canvasOf(store);
  const positions = await layoutOffMainThread(store.getState().document, canvas?.sizes() ?? new Map());
  // One store update, one undo step; the canvas draws the moved graph once, already fitted.
  store.getState().moveNodes(positions);
  canvas?.fitView();
}
