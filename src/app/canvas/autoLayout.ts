/** Auto layout (elkjs, loaded on first use): moves every node, then fits the view to the result. */
import type { EditorStore } from "../store/editorStore";
import { canvasOf } from "./canvasHandle";

/** Lays out the open graph as one undoable move; rejects when the layout engine fails. */
export async function autoLayout(store: EditorStore): Promise<void> {
  const { layoutDocument } = await import("./layout");
  const canvas = canvasOf(store);
  const positions = await layoutDocument(store.getState().document, canvas?.sizes() ?? new Map());
  store.getState().moveNodes(positions);
  canvas?.fitView();
}
