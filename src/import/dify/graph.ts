/**
 * Reading `workflow.graph` once: nodes with absolute positions (children of iterations and
 * loops are placed relative to their container), edges with their branch handles, and what
 * the file got wrong (a repeated node id, an edge to a node that is not there) as notes.
 */
import { arr, isObj, num, obj, str, type DifyEdge, type DifyNode } from "./shapes.js";

export interface ReadGraph {
  /** Containers before their children (otherwise in file order). */
  nodes: DifyNode[];
  /** Node ids in file order, as the report lists them. */
  order: string[];
  edges: DifyEdge[];
  problems: string[];
}

export function readGraph(graph: unknown): ReadGraph {
  const problems: string[] = [];
  const raw = new Map<string, { node: Record<string, unknown>; order: number }>();
  arr(obj(graph).nodes).forEach((item, order) => {
    if (!isObj(item)) return;
    const id = str(item.id);
    if (!id) {
      problems.push(`Node ${order + 1} has no id and was left out.`);
      return;
    }
    if (raw.has(id)) {
      problems.push(`Node id "${id}" appears twice; the second was left out.`);
      return;
    }
    raw.set(id, { node: item, order });
  });
  const absolute = new Map<string, { x: number; y: number; depth: number }>();
  const place = (id: string, seen: Set<string>): { x: number; y: number; depth: number } => {
    const known = absolute.get(id);
    if (known) return known;
    const item = raw.get(id)?.node ?? {};
    const own = obj(item.position);
    const parentId = str(item.parentId);
    const given = obj(item.positionAbsolute);
    let result = { x: num(own.x) ?? 0, y: num(own.y) ?? 0, depth: 0 };
    if (parentId && raw.has(parentId) && !seen.has(parentId) && seen.size < 64) {
      seen.add(id);
      const parent = place(parentId, seen);
      result = { x: num(given.x) ?? parent.x + result.x, y: num(given.y) ?? parent.y + result.y, depth: parent.depth + 1 };
    }
    absolute.set(id, result);
    return result;
  };
  const nodes: DifyNode[] = [];
  for (const [id, { node }] of raw) {
    const data = obj(node.data);
    const position = place(id, new Set());
    const parentId = str(node.parentId) || str(data.iteration_id) || str(data.loop_id);
    const type = str(node.type) === "custom-note" ? "note" : str(data.type) || "unknown";
    const title = str(data.title).trim().slice(0, 200) || (type === "note" ? "Note" : "");
    nodes.push({ id, type, title, data, parentId: parentId && raw.has(parentId) && parentId !== id ? parentId : null, x: position.x, y: position.y });
  }
  const order = nodes.map((n) => n.id);
  const depth = (n: DifyNode) => absolute.get(n.id)?.depth ?? 0;
  nodes.sort((a, b) => depth(a) - depth(b));

  const edges: DifyEdge[] = [];
  arr(obj(graph).edges).forEach((item, i) => {
    const edge = obj(item);
    const source = str(edge.source);
    const target = str(edge.target);
    const id = str(edge.id) || `edge ${i + 1}`;
    const missing = [source, target].filter((end) => !raw.has(end));
    if (missing.length > 0) {
      problems.push(`Edge "${id}" points at ${missing.map((m) => (m ? `"${m}"` : "no node")).join(" and ")}, which is not in the file; it was left out.`);
      return;
    }
    edges.push({ id, source, target, sourceHandle: str(edge.sourceHandle) || "source" });
  });
  return { nodes, order, edges, problems };
}
