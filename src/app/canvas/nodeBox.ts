/**
 * The box and handles React Flow assumes for a node it has not measured yet, from the node's
 * kind: its descriptor's size and the handles `NodeFrame` draws, where it draws them. Without
 * them React Flow mounts every node once to measure it, even with culling on (5,000 nodes on a
 * cold open); with them a large graph draws only the nodes in view from its first render. A
 * drawn node is still measured: its real size and handle bounds then replace these estimates.
 */
import { Position, type NodeHandle } from "@xyflow/react";
import { isBranchingKind, nodeKindTable, outputHandles, type GraphNode } from "../../schema/index.js";
import type { Size } from "./flowElements";
import { HANDLE } from "./nodes/ports";

/** A handle's box: `!h-2.5 !w-2.5` in NodeFrame. */
const HANDLE_SIZE = 10;
/** NodeFrame's borders (`border border-l-4`): handles sit on the padding box's sides. */
const BORDER = { left: 4, other: 1 };
/** A branch row's height plus the gap between rows (`leading-4`, `gap-0.5`), and the frame's bottom padding and border (`py-2`). */
const BRANCH_ROW = 18;
const BRANCH_BOTTOM = 9;

export interface EstimatedBox extends Size {
  handles: NodeHandle[];
}

/** Boxes by the node's data object: moving a node (a drag, a layout) keeps its data, so its box is reused. */
const boxes = new WeakMap<object, { kind: string; box: EstimatedBox }>();

/**
 * The size and handles a node of `node`'s kind is drawn with, before React Flow measures it.
 * The same node data gives the same object: treat it as read-only.
 * @example estimatedBox(agentNode) // { width: 180, height: 70, handles: [parent, in, out, delegate] }
 */
export function estimatedBox(node: GraphNode): EstimatedBox {
  const data: unknown = node.data;
  if (typeof data !== "object" || data === null) return boxOf(node);
  const hit = boxes.get(data);
  if (hit?.kind === node.kind) return hit.box;
  const box = boxOf(node);
  boxes.set(data, { kind: node.kind, box });
  return box;
}

function boxOf(node: GraphNode): EstimatedBox {
  const kind = nodeKindTable[node.kind];
  const branches = isBranchingKind(node.kind) ? outputHandles(node) : null;
  const width = kind.size.width;
  // A branching frame grows a row per branch beyond the ones its kind's size allows for.
  const height = branches ? Math.max(kind.size.height, kind.size.height + (branches.length - 2) * BRANCH_ROW) : kind.size.height;
  if (kind.look === "sticky") return { width, height, handles: [] };
  const half = HANDLE_SIZE / 2;
  const inside = { left: BORDER.left, right: width - BORDER.other, top: BORDER.other, bottom: height - BORDER.other };
  const middleX = (inside.left + inside.right) / 2 - half;
  const middleY = (inside.top + inside.bottom) / 2 - half;
  const box = { width: HANDLE_SIZE, height: HANDLE_SIZE };
  const handles: NodeHandle[] = [];
  if (kind.ports.delegation) handles.push({ id: HANDLE.parent, type: "target", position: Position.Top, x: middleX, y: inside.top - half, ...box });
  if (kind.ports.input) handles.push({ id: HANDLE.input, type: "target", position: Position.Left, x: inside.left - half, y: middleY, ...box });
  if (kind.ports.output && branches) {
    // One row per branch, stacked above the frame's bottom padding, the handle in the middle of its row.
    branches.forEach((branch, index) => {
      const rowsBelow = branches.length - 1 - index;
      const y = height - BRANCH_BOTTOM - rowsBelow * BRANCH_ROW - (BRANCH_ROW - 2) / 2 - half;
      handles.push({ id: branch.id, type: "source", position: Position.Right, x: inside.right - half, y, ...box });
    });
  } else if (kind.ports.output) {
    handles.push({ id: HANDLE.output, type: "source", position: Position.Right, x: inside.right - half, y: middleY, ...box });
  }
  if (kind.ports.delegation) handles.push({ id: HANDLE.delegate, type: "source", position: Position.Bottom, x: middleX, y: inside.bottom - half, ...box });
  return { width, height, handles };
}
