/** Lookups over a parsed document that the semantic checks share, built once per validation. */
import { capitalize, nodeLabel } from "../describe.js";
import type { GraphDocument, GraphEdge, GraphNode } from "../document.js";
import type { IssueCode, ValidationIssue } from "../issues.js";
import { formatJsonPath, type PathSegment } from "../jsonPath.js";

export interface IndexedNode {
  node: GraphNode;
  index: number;
}
export interface IndexedEdge {
  edge: GraphEdge;
  index: number;
}

export interface GraphIndex {
  doc: GraphDocument;
  /** The first node with each id (duplicates are reported separately). */
  nodes: ReadonlyMap<string, IndexedNode>;
  edges: readonly IndexedEdge[];
  /** Edges whose source and target both exist. */
  connected: readonly IndexedEdge[];
  modelIds: ReadonlySet<string>;
  toolIds: ReadonlySet<string>;
  conditionNames: ReadonlySet<string>;
  /** Nodes that some other node leads to, by any kind of edge. */
  entered: ReadonlySet<string>;
}

export function indexGraph(doc: GraphDocument): GraphIndex {
  const nodes = new Map<string, IndexedNode>();
  doc.nodes.forEach((node, index) => {
    if (!nodes.has(node.id)) nodes.set(node.id, { node, index });
  });
  const edges = doc.edges.map((edge, index) => ({ edge, index }));
  const connected = edges.filter(({ edge }) => nodes.has(edge.source) && nodes.has(edge.target));
  return {
    doc,
    nodes,
    edges,
    connected,
    entered: new Set(connected.filter(({ edge }) => edge.source !== edge.target).map(({ edge }) => edge.target)),
    modelIds: new Set(doc.models.map((m) => m.id)),
    toolIds: new Set(doc.tools.map((t) => t.id)),
    conditionNames: new Set(doc.conditions.map((c) => c.name)),
  };
}

/** `Agent "Researcher"`, ready to start a sentence. */
export function sentenceLabel(node: GraphNode): string {
  return capitalize(nodeLabel(node));
}

/** An issue at `segments`; `node` adds its id as `nodeId`. */
export function issueAt(code: IssueCode, segments: readonly PathSegment[], message: string, node?: GraphNode): ValidationIssue {
  const issue: ValidationIssue = { code, path: formatJsonPath(segments), message };
  if (node !== undefined) issue.nodeId = node.id;
  return issue;
}

/** Flow and conditional edges carry control; delegation edges form the sub-agent hierarchy. */
export function isFlowEdge(edge: GraphEdge): boolean {
  return edge.kind === "flow" || edge.kind === "conditional";
}

export function agentName(node: GraphNode): string {
  return node.kind === "agent" ? node.data.name : node.id;
}
