/**
 * A Flowise flow read once into indexed, typed records: nodes by id (first of each id kept),
 * edges by source, positions made absolute (iteration children are stored relative to their
 * parent), and what each source node became (a `Unit`) for the wiring step.
 */
import type { GraphBuilder, SourceNode } from "../builder.js";
import { fieldsOf, stringOf, type Fields } from "./values.js";

export interface FlowNode {
  id: string;
  /** The component name: `agentAgentflow`, `chatOpenAI`, `stickyNote`, … */
  name: string;
  label: string;
  /** React Flow's node type: `agentFlow`, `customNode`, `stickyNote`, `iteration`. */
  nodeType: string;
  inputs: Fields;
  data: Fields;
  /** Absolute position on the Flowise canvas. */
  x: number;
  y: number;
  /** The iteration this node runs inside (`parentNode`). */
  parent?: string;
}

export interface FlowEdge {
  source: string;
  target: string;
  sourceHandle: string;
  targetHandle: string;
}

/** One outgoing branch of what a source node became: our node and the handle the edge leaves from. */
export interface Exit {
  node: string;
  handle?: string;
}

/** What a source node became, for the wiring: where edges into it land and leave from. */
export interface Unit {
  /** Our node that edges into the source node reach; null: edges go straight on to its successors. */
  entry: string | null;
  /** Flowise output `i` (`<id>-output-<i>`) leaves from `exits[i]`; a single output from `exits[0]`. */
  exits: Exit[];
  /** Flowise Loop: our Loop node whose body goes back to this source node id. */
  loopBack?: { loop: string; target: string };
  /** Flowise Iteration: our Loop node that runs its children. */
  iteration?: { loop: string };
}

export interface ReadFlow {
  nodes: FlowNode[];
  byId: Map<string, FlowNode>;
  edges: FlowEdge[];
  /** Source ids dropped because an earlier node had the same id. */
  duplicates: string[];
  /** Entries of `nodes` that were not nodes (no string id). */
  skipped: number;
}

function finite(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

/** Reads `{ nodes, edges }` defensively: anything malformed is skipped and counted, never thrown on. */
export function readFlow(data: unknown): ReadFlow {
  const flow = fieldsOf(data);
  const rawNodes = Array.isArray(flow.nodes) ? flow.nodes : [];
  const nodes: FlowNode[] = [];
  const byId = new Map<string, FlowNode>();
  const duplicates: string[] = [];
  let skipped = 0;
  for (const raw of rawNodes) {
    const node = fieldsOf(raw);
    const nodeData = fieldsOf(node.data);
    const id = stringOf(node.id) || stringOf(nodeData.id);
    if (id === "") {
      skipped++;
      continue;
    }
    if (byId.has(id)) {
      duplicates.push(id);
      continue;
    }
    const position = fieldsOf(node.positionAbsolute ?? node.position);
    const parent = stringOf(node.parentNode);
    const read: FlowNode = {
      id,
      name: stringOf(nodeData.name),
      label: stringOf(nodeData.label) || id,
      nodeType: stringOf(node.type),
      inputs: fieldsOf(nodeData.inputs),
      data: nodeData,
      x: finite(position.x),
      y: finite(position.y),
      ...(parent ? { parent } : {}),
    };
    nodes.push(read);
    byId.set(id, read);
  }
  // Children stored relative to their iteration (no positionAbsolute): add the parent's position.
  for (const raw of rawNodes) {
    const node = fieldsOf(raw);
    const read = byId.get(stringOf(node.id));
    const parent = read?.parent ? byId.get(read.parent) : undefined;
    if (read && parent && node.positionAbsolute === undefined) {
      read.x += parent.x;
      read.y += parent.y;
    }
  }
  const edges: FlowEdge[] = [];
  for (const raw of Array.isArray(flow.edges) ? flow.edges : []) {
    const edge = fieldsOf(raw);
    const source = stringOf(edge.source);
    const target = stringOf(edge.target);
    if (source === "" || target === "") continue;
    edges.push({ source, target, sourceHandle: stringOf(edge.sourceHandle), targetHandle: stringOf(edge.targetHandle) });
  }
  return { nodes, byId, edges, duplicates, skipped };
}

/** The report's view of a source node. */
export function sourceOf(node: FlowNode): SourceNode {
  return { id: node.id, type: node.name || node.nodeType || "unknown", name: node.label };
}

/** Notes what the reader had to drop, so nothing disappears silently. */
export function noteDropped(builder: GraphBuilder, flow: ReadFlow): void {
  if (flow.skipped > 0) builder.note(`${flow.skipped} entries of the flow's nodes had no id and were skipped.`);
  if (flow.duplicates.length > 0)
    builder.note(`Nodes with a repeated id were skipped (the first of each kept): ${[...new Set(flow.duplicates)].slice(0, 10).join(", ")}.`);
}
