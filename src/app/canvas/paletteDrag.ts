/** The HTML5 drag-and-drop payload from a palette button to the canvas: a node kind. */
import type { NodeKind } from "../../schema/index.js";
import { paletteKinds } from "../store/nodeFactory";

export const NODE_KIND_MIME = "application/x-graphwright-node-kind";

export function setDraggedKind(transfer: DataTransfer, kind: NodeKind): void {
  transfer.setData(NODE_KIND_MIME, kind);
  transfer.effectAllowed = "copy";
}

export function carriesNodeKind(transfer: DataTransfer): boolean {
  return transfer.types.includes(NODE_KIND_MIME);
}

/** The dropped kind, if it is one the palette offers (drops come from anywhere, even other sites). */
export function droppedKind(transfer: DataTransfer): NodeKind | null {
  const value = transfer.getData(NODE_KIND_MIME);
  return paletteKinds.find((p) => p.kind === value)?.kind ?? null;
}
