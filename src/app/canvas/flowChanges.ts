/**
 * What React Flow reports (drags, selection, measurements, new connections) turned into
 * editor-store actions. Removal never comes from React Flow: Delete goes through the
 * shortcuts, so nodes and their edges leave in one undo step.
 */
import type { Connection, EdgeChange, NodeChange } from "@xyflow/react";
import type { EdgeKind } from "../../schema/index.js";
import type { EditorStore } from "../store/editorStore";
import type { XY } from "../store/nodeFactory";
import { edgeSourceHandle } from "./branchHandles";
import type { FlowEdge } from "./edges/types";
import type { Size } from "./flowElements";
import { HANDLE } from "./nodes/ports";
import type { FlowNode } from "./nodes/types";

function applySelectChanges(current: readonly string[], changes: readonly { id: string; selected: boolean }[]): string[] | null {
  if (changes.length === 0) return null;
  const selected = new Set(current);
  for (const change of changes) {
    if (change.selected) selected.add(change.id);
    else selected.delete(change.id);
  }
  return [...selected];
}

/** What a batch of React Flow node changes did beyond the store. */
export interface AppliedNodeChanges {
  /** Sizes React Flow measured, if any. */
  sizes: Map<string, Size> | null;
  /**
   * Where the nodes being dragged are now, if these changes are a drag's move: the canvas shows
   * them, and the document takes them only at the drop.
   */
  dragged: ReadonlyMap<string, XY> | null;
  /** True when these changes put nodes in the document (a drop, a keyboard move). */
  placed: boolean;
}

/**
 * Applies node changes to the store: selection, and positions once they are final. A drag's
 * moves stay out of the document (nothing that reads it works per move) and come back as
 * `dragged`; the drop writes the last positions as one undo step.
 */
export function applyNodeChanges(store: EditorStore, changes: readonly NodeChange<FlowNode>[]): AppliedNodeChanges {
  const positions: Record<string, XY> = {};
  let moved = false;
  let dragging = false;
  let sizes: Map<string, Size> | null = null;
  const selects: { id: string; selected: boolean }[] = [];
  for (const change of changes) {
    if (change.type === "position" && change.position) {
      positions[change.id] = { x: change.position.x, y: change.position.y };
      moved = true;
      dragging ||= change.dragging === true;
    } else if (change.type === "dimensions" && change.dimensions) {
      sizes ??= new Map();
      sizes.set(change.id, { width: change.dimensions.width, height: change.dimensions.height });
    } else if (change.type === "select") {
      selects.push(change);
    }
  }
  const state = store.getState();
  if (moved && !dragging) state.moveNodes(positions);
  const nodes = applySelectChanges(state.selection.nodes, selects);
  if (nodes) state.select({ nodes });
  return { sizes, dragged: moved && dragging ? new Map(Object.entries(positions)) : null, placed: moved && !dragging };
}

export function applyEdgeChanges(store: EditorStore, changes: readonly EdgeChange<FlowEdge>[]): void {
  const selects = changes.flatMap((c) => (c.type === "select" ? [c] : []));
  const state = store.getState();
  const edges = applySelectChanges(state.selection.edges, selects);
  if (edges) state.select({ edges });
}

/** The ends of a connection being drawn (or of an existing edge being reconnected). */
interface Ends {
  source: string;
  target: string;
  sourceHandle?: string | null;
  targetHandle?: string | null;
}

/** Dragging from an agent's lower handle to another's upper handle delegates; every other connection is flow. */
export function connectionKind(connection: Pick<Ends, "sourceHandle" | "targetHandle">): EdgeKind {
  return connection.sourceHandle === HANDLE.delegate || connection.targetHandle === HANDLE.parent ? "delegation" : "flow";
}

/** Delegation handles connect only to each other, flow handles only to flow handles, and never a node to itself. */
export function isValidConnection(connection: Ends): boolean {
  if (connection.source === connection.target) return false;
  return (connection.sourceHandle === HANDLE.delegate) === (connection.targetHandle === HANDLE.parent);
}

/** Creates the edge a finished connection gesture describes; null when it already exists. */
export function connectFromFlow(store: EditorStore, connection: Connection): string | null {
  const { document, connect } = store.getState();
  const source = document.nodes.find((n) => n.id === connection.source);
  // A connection from a branch handle (If's "true", a Switch case, …) stores that branch on the edge.
  const sourceHandle = edgeSourceHandle(connection.sourceHandle, source);
  return connect({ source: connection.source, target: connection.target, kind: connectionKind(connection), ...(sourceHandle ? { sourceHandle } : {}) });
}
