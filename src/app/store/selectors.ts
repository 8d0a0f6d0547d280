// Derived data of the editor store, cached per document object (documents are immutable).
import { validate, type GraphDocument, type GraphEdge, type GraphNode, type ValidationIssue } from "../../schema/index.js";

export interface Problems {
  errors: ValidationIssue[];
  warnings: ValidationIssue[];
  /** Issues by the node they concern, for marking nodes on the canvas. */
  byNode: ReadonlyMap<string, ValidationIssue[]>;
}

const cache = new WeakMap<GraphDocument, Problems>();
/** The last document validated, so a drag (positions only) reuses its problems instead of validating every frame. */
let lastValidated: { document: GraphDocument; problems: Problems } | undefined;

/** True when two documents differ at most in node positions (what a drag or a layout changes). */
export function differsOnlyInPositions(a: GraphDocument, b: GraphDocument): boolean {
  if (a === b) return true;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof GraphDocument>;
  for (const key of keys) if (key !== "nodes" && a[key] !== b[key]) return false;
  if (a.nodes.length !== b.nodes.length) return false;
  for (let i = 0; i < a.nodes.length; i++) {
    const x = a.nodes[i] as GraphNode;
    const y = b.nodes[i] as GraphNode;
    if (x === y) continue;
    if (x.id !== y.id || x.kind !== y.kind || x.data !== y.data || x.width !== y.width || x.height !== y.height) return false;
    if (!Number.isFinite(y.position.x) || !Number.isFinite(y.position.y)) return false;
  }
  return true;
}

export function problemsOf(document: GraphDocument): Problems {
  const hit = cache.get(document);
  if (hit) return hit;
  if (lastValidated && differsOnlyInPositions(lastValidated.document, document)) {
    cache.set(document, lastValidated.problems);
    lastValidated = { document, problems: lastValidated.problems };
    return lastValidated.problems;
  }
  const result = validate(document);
  const errors = result.ok ? [] : result.errors;
  const warnings = result.ok ? result.warnings : [];
  const byNode = new Map<string, ValidationIssue[]>();
  for (const issue of [...errors, ...warnings]) {
    if (!issue.nodeId) continue;
    byNode.set(issue.nodeId, [...(byNode.get(issue.nodeId) ?? []), issue]);
  }
  const problems = { errors, warnings, byNode };
  cache.set(document, problems);
  lastValidated = { document, problems };
  return problems;
}

const nodeIndexes = new WeakMap<GraphDocument, ReadonlyMap<string, GraphNode>>();

/** Nodes by id, built once per document version: lets each canvas node find itself in O(1). */
export function nodeIndexOf(document: GraphDocument): ReadonlyMap<string, GraphNode> {
  let index = nodeIndexes.get(document);
  if (!index) {
    index = new Map(document.nodes.map((n) => [n.id, n]));
    nodeIndexes.set(document, index);
  }
  return index;
}

const edgeIdSets = new WeakMap<readonly GraphEdge[], ReadonlySet<string>>();

/**
 * The ids of a document's edges, built once per edge list (moving nodes keeps the list), so
 * checking a selection of thousands of edges stays linear.
 * @example edgeIdsOf(document.edges).has("e1")
 */
export function edgeIdsOf(edges: readonly GraphEdge[]): ReadonlySet<string> {
  let ids = edgeIdSets.get(edges);
  if (!ids) {
    ids = new Set(edges.map((e) => e.id));
    edgeIdSets.set(edges, ids);
  }
  return ids;
}

const contents = new WeakMap<GraphDocument, GraphDocument>();
let lastContent: GraphDocument | undefined;

/**
 * The document as views that ignore node positions see it: an earlier document object while
 * only positions change, so a drag does not re-render the inspector or the problems list.
 * Positions in the result may be stale; never read them from it.
 */
export function contentOf(document: GraphDocument): GraphDocument {
  const hit = contents.get(document);
  if (hit) return hit;
  const content = lastContent && differsOnlyInPositions(lastContent, document) ? lastContent : document;
  contents.set(document, content);
  lastContent = content;
  return content;
}
