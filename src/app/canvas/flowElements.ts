/**
 * React Flow nodes and edges derived from the graph document. The caches hand back the same
 * object for every element whose inputs did not change, so React Flow re-renders only what
 * moved, was renamed or was (de)selected — what keeps a 1,000-node graph smooth while dragging.
 */
import { MarkerType } from "@xyflow/react";
import { nodeKindTable, type GraphDocument, type GraphEdge, type GraphNode, type NodeKind } from "../../schema/index.js";
import { nodeDisplayName, type XY } from "../store/nodeFactory";
import type { Problems } from "../store/selectors";
import { flowSourceHandle } from "./branchHandles";
import { delegationStyle } from "./edges/delegationStyle";
import { canvasEdges } from "./edges/registry";
import type { FlowEdge, FlowEdgeData } from "./edges/types";
import { estimatedBox } from "./nodeBox";
import { HANDLE } from "./nodes/ports";
import type { FlowNode, FlowNodeData } from "./nodes/types";

export interface Size {
  width: number;
  height: number;
}

const NO_DATA: FlowNodeData = Object.freeze({}) as FlowNodeData;
const NONE: ReadonlySet<string> = new Set();
/** No node is being dragged. */
export const NOT_DRAGGED: ReadonlyMap<string, XY> = new Map();

/** Class names on the React Flow node wrapper for nodes with validation problems (styled in canvas.css). */
export const PROBLEM_CLASS = { error: "gw-node-error", warning: "gw-node-warning" } as const;

interface NodeEntry {
  source: GraphNode;
  /** Where the node is drawn: its document position, or where a drag has it now. */
  position: XY;
  selected: boolean;
  hidden: boolean;
  size: Size | undefined;
  problem: string;
  flow: FlowNode;
}

function problemText(problems: Problems, id: string): string {
  return (
    problems.byNode
      .get(id)
      ?.map((issue) => issue.message)
      .join("\n") ?? ""
  );
}

function toFlowNode(
  node: GraphNode,
  position: XY,
  selected: boolean,
  hidden: boolean,
  size: Size | undefined,
  problem: string,
  severity: "error" | "warning",
): FlowNode {
  // `data-kind` and the problem description sit on the wrapper, the element that carries the node's accessible name.
  const domAttributes: FlowNode["domAttributes"] & Record<`data-${string}`, string> = { "data-kind": node.kind };
  if (problem) {
    domAttributes["aria-description"] = problem;
    domAttributes.title = problem;
  }
  const flow: FlowNode = {
    id: node.id,
    type: node.kind,
    position,
    data: NO_DATA,
    selected,
    ariaLabel: nodeDisplayName(node),
    domAttributes,
    connectable: node.kind !== "note",
  };
  if (node.width !== undefined) flow.width = node.width;
  if (node.height !== undefined) flow.height = node.height;
  if (size) {
    flow.measured = size;
  } else {
    // Until React Flow measures the node, it works from the kind's box and handles, so it need
    // not mount the node to measure it and culls it when out of view. The node is drawn at its
    // content's size (an initial size is not written to its style once handles are known), and
    // once drawn its measured size and handles replace these. A measured node leaves `handles`
    // out: React Flow would put these estimates back in place of the measured handles.
    const box = estimatedBox(node);
    flow.initialWidth = box.width;
    flow.initialHeight = box.height;
    flow.handles = box.handles;
  }
  if (problem) flow.className = PROBLEM_CLASS[severity];
  if (hidden) flow.hidden = true;
  return flow;
}

/** Derives React Flow nodes, reusing the previous object of every unchanged node. One cache per canvas. */
export class FlowNodeCache {
  private entries = new Map<string, NodeEntry>();
  private last: FlowNode[] = [];

  /**
   * `hidden`: nodes inside a collapsed subtree (kept in the list, so React Flow keeps their
   * measurements). `dragged`: where the nodes being dragged are, in place of their document positions.
   */
  derive(
    document: GraphDocument,
    selectedIds: readonly string[],
    measured: ReadonlyMap<string, Size>,
    problems: Problems,
    hidden: ReadonlySet<string> = NONE,
    dragged: ReadonlyMap<string, XY> = NOT_DRAGGED,
  ): FlowNode[] {
    const selected = new Set(selectedIds);
    const severity = problems.errors.length > 0 ? "error" : "warning";
    const nodes: FlowNode[] = [];
    let unchanged = document.nodes.length === this.last.length;
    // Entries are replaced in place (a drag changes one node of thousands per move), and those of
    // removed nodes are dropped after the loop.
    for (const node of document.nodes) {
      const isSelected = selected.has(node.id);
      const isHidden = hidden.has(node.id);
      const size = measured.get(node.id);
      const problem = problemText(problems, node.id);
      const position = dragged.get(node.id) ?? node.position;
      let entry = this.entries.get(node.id);
      if (
        !entry ||
        entry.source !== node ||
        entry.position !== position ||
        entry.selected !== isSelected ||
        entry.hidden !== isHidden ||
        entry.size !== size ||
        entry.problem !== problem
      ) {
        const flow = toFlowNode(node, position, isSelected, isHidden, size, problem, severity);
        entry = { source: node, position, selected: isSelected, hidden: isHidden, size, problem, flow };
        this.entries.set(node.id, entry);
      }
      if (unchanged && this.last[nodes.length] !== entry.flow) unchanged = false;
      nodes.push(entry.flow);
    }
    // Every node has its entry, so as many entries as nodes means no entry of a removed node is left.
    if (this.entries.size !== document.nodes.length) {
      const ids = new Set(document.nodes.map((node) => node.id));
      for (const id of this.entries.keys()) if (!ids.has(id)) this.entries.delete(id);
    }
    if (unchanged) return this.last;
    this.last = nodes;
    return nodes;
  }
}

interface EdgeEntry {
  source: GraphEdge;
  selected: boolean;
  hidden: boolean;
  label: string;
  /** The kinds at both ends and the branch drawn decide the handles (delegation uses the agents' upper and lower handles). */
  ends: string;
  flow: FlowEdge;
}

function handlesOf(edge: GraphEdge, source: GraphNode | undefined, targetKind: NodeKind | undefined) {
  const sourcePorts = source ? nodeKindTable[source.kind].ports : undefined;
  const targetPorts = targetKind ? nodeKindTable[targetKind].ports : undefined;
  if (edge.kind === "delegation") {
    return {
      sourceHandle: sourcePorts?.delegation ? HANDLE.delegate : HANDLE.output,
      targetHandle: targetPorts?.delegation ? HANDLE.parent : HANDLE.input,
    };
  }
  return { sourceHandle: flowSourceHandle(edge, source), targetHandle: HANDLE.input };
}

function edgeData(edge: GraphEdge): FlowEdgeData {
  if (edge.kind === "conditional") return { condition: edge.condition };
  if (edge.kind === "delegation") return { mode: edge.mode, blocking: edge.blocking };
  return {};
}

/** The accessible name of an edge: "Flow edge from Agent to End". */
export function edgeLabel(edge: GraphEdge, index: ReadonlyMap<string, GraphNode>): string {
  const name = (id: string) => {
    const node = index.get(id);
    return node ? nodeDisplayName(node) : id;
  };
  return `${canvasEdges[edge.kind].title} edge from ${name(edge.source)} to ${name(edge.target)}`;
}

/** What a delegation edge adds to its element: its mode for tests and its description for screen readers. */
function edgeAttributes(edge: GraphEdge): FlowEdge["domAttributes"] {
  const attributes: Record<string, string> = { "data-kind": edge.kind };
  if (edge.kind === "delegation") {
    attributes["data-mode"] = edge.mode;
    attributes["data-blocking"] = String(edge.blocking);
    attributes["aria-description"] = delegationStyle(edge.mode, edge.blocking).description;
  }
  return attributes as FlowEdge["domAttributes"];
}

function toFlowEdge(edge: GraphEdge, selected: boolean, hidden: boolean, label: string, index: ReadonlyMap<string, GraphNode>): FlowEdge {
  const colour = edge.kind === "delegation" ? delegationStyle(edge.mode, edge.blocking).marker : canvasEdges[edge.kind].colour;
  return {
    ...(hidden ? { hidden: true } : {}),
    id: edge.id,
    type: edge.kind,
    source: edge.source,
    target: edge.target,
    ...handlesOf(edge, index.get(edge.source), index.get(edge.target)?.kind),
    selected,
    ariaLabel: label,
    domAttributes: edgeAttributes(edge),
    data: edgeData(edge),
    markerEnd: colour ? { type: MarkerType.ArrowClosed, color: colour } : { type: MarkerType.ArrowClosed },
  };
}

/** Derives React Flow edges, reusing the previous object of every unchanged edge. One cache per canvas. */
export class FlowEdgeCache {
  private entries = new Map<string, EdgeEntry>();
  private last: FlowEdge[] = [];

  derive(document: GraphDocument, selectedIds: readonly string[], index: ReadonlyMap<string, GraphNode>, hidden: ReadonlySet<string> = NONE): FlowEdge[] {
    const selected = new Set(selectedIds);
    const next = new Map<string, EdgeEntry>();
    const edges: FlowEdge[] = [];
    let unchanged = document.edges.length === this.last.length;
    for (const edge of document.edges) {
      const isSelected = selected.has(edge.id);
      const isHidden = hidden.has(edge.id);
      // The label names both ends, so a renamed node relabels its edges.
      const label = edgeLabel(edge, index);
      const sourceNode = index.get(edge.source);
      // A renamed or removed branch moves the edge to another handle, so the drawn handle is part of the key.
      const ends = `${sourceNode?.kind}:${edge.kind === "delegation" ? "" : flowSourceHandle(edge, sourceNode)}>${index.get(edge.target)?.kind}`;
      let entry = this.entries.get(edge.id);
      if (!entry || entry.source !== edge || entry.selected !== isSelected || entry.hidden !== isHidden || entry.label !== label || entry.ends !== ends) {
        entry = { source: edge, selected: isSelected, hidden: isHidden, label, ends, flow: toFlowEdge(edge, isSelected, isHidden, label, index) };
      }
      next.set(edge.id, entry);
      if (unchanged && this.last[edges.length] !== entry.flow) unchanged = false;
      edges.push(entry.flow);
    }
    this.entries = next;
    if (unchanged) return this.last;
    this.last = edges;
    return edges;
  }
}
