/** Where new nodes go: as near a point as possible without covering a node already there. */
import { nodeKindTable, type GraphDocument, type NodeKind } from "../../schema/index.js";
import type { EditorStore } from "../store/editorStore";
import type { XY } from "../store/nodeFactory";
import { canvasOf } from "./canvasHandle";
import type { Size } from "./flowElements";

const GAP = 24;
/** How many cells out from the wanted spot the search goes before giving up and overlapping. */
const REACH = 8;

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.width + GAP && b.x < a.x + a.width + GAP && a.y < b.y + b.height + GAP && b.y < a.y + a.height + GAP;

/** Candidate offsets in cells, nearest first (the wanted spot, then rings around it). */
const CELLS = Array.from({ length: (2 * REACH + 1) ** 2 }, (_, n) => ({ i: (n % (2 * REACH + 1)) - REACH, j: Math.floor(n / (2 * REACH + 1)) - REACH })).sort(
  (a, b) => Math.hypot(a.i * 2, a.j) - Math.hypot(b.i * 2, b.j) || a.j - b.j || a.i - b.i,
);

/**
 * The top-left corner for a new node of `kind` centred as near `centre` as possible without
 * touching another node (sizes: measured, else the document's, else the kind's default).
 */
export function freeSpotNear(document: GraphDocument, kind: NodeKind, centre: XY, sizes: ReadonlyMap<string, Size> = new Map()): XY {
  const { width, height } = nodeKindTable[kind].size;
  const others: Rect[] = document.nodes.map((n) => {
    const size = sizes.get(n.id) ?? { width: n.width ?? nodeKindTable[n.kind].size.width, height: n.height ?? nodeKindTable[n.kind].size.height };
    return { ...n.position, ...size };
  });
  const wanted = { x: Math.round(centre.x - width / 2), y: Math.round(centre.y - height / 2) };
  for (const { i, j } of CELLS) {
    const spot = { x: wanted.x + i * (width + GAP), y: wanted.y + j * (height + GAP) };
    if (!others.some((o) => overlaps({ ...spot, width, height }, o))) return spot;
  }
  return wanted;
}

/** Adds a node of `kind` at the centre of the visible canvas (or the nearest free spot) and selects it; returns its id. */
export function addNodeAtCentre(store: EditorStore, kind: NodeKind): string {
  const canvas = canvasOf(store);
  const centre = canvas?.centre() ?? { x: 0, y: 0 };
  return store.getState().addNode(kind, freeSpotNear(store.getState().document, kind, centre, canvas?.sizes()));
}

/** Adds a node of `kind` centred where it was dropped (client coordinates) and selects it. */
export function addNodeAtScreenPoint(store: EditorStore, kind: NodeKind, point: XY): string {
  const canvas = canvasOf(store);
  const flowPoint = canvas?.toFlow(point) ?? point;
  const { width, height } = nodeKindTable[kind].size;
  // A drop goes exactly where the person let go, even onto another node.
  return store.getState().addNode(kind, { x: Math.round(flowPoint.x - width / 2), y: Math.round(flowPoint.y - height / 2) });
}
