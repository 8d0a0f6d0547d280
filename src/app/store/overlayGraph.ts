/**
 * The document as the run overlay reads it: which node an event names (by LangGraph node name or
 * agent name), where the flow starts and ends, and the edges between nodes.
 */
import type { GraphDocument, GraphEdge, GraphNode } from "../../schema/index.js";

/** The document as the overlay reads it: which node an event names, and the edges between nodes. */
export interface OverlayGraph {
  /** LangGraph node name → node id (see `overlayGraph`). */
  byName: ReadonlyMap<string, string>;
  /** Agent name → node id: sub-agents report their events by agent name. */
  agents: ReadonlyMap<string, string>;
  starts: readonly string[];
  ends: ReadonlySet<string>;
  /** Flow and conditional edges by source node. */
  outgoing: ReadonlyMap<string, readonly GraphEdge[]>;
  /** Delegation edges by sub-agent. */
  delegationsInto: ReadonlyMap<string, readonly GraphEdge[]>;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * The engine names a node of the compiled graph by its name (its id when it has none), and a
 * node whose name is taken (a state channel, an earlier node) `node_<id>`: events carry that
 * name, so both forms lead back to the node. The first node of a name keeps it, as in the engine.
 * @example overlayGraph(document).byName.get("Assistant") // "agent-1"
 */
export function overlayGraph(document: GraphDocument): OverlayGraph {
  const byName = new Map<string, string>();
  const agents = new Map<string, string>();
  const starts: string[] = [];
  const ends = new Set<string>();
  const runs = (node: GraphNode) => node.kind !== "start" && node.kind !== "end" && node.kind !== "note";
  for (const node of document.nodes) {
    if (node.kind === "start") starts.push(node.id);
    if (node.kind === "end") ends.add(node.id);
    if (node.kind === "agent") agents.set(node.data.name, node.id);
    if (!runs(node)) continue;
    byName.set(`node_${node.id.replace(/[^A-Za-z0-9_-]/g, "_")}`, node.id);
    const name = "name" in node.data && typeof node.data.name === "string" ? node.data.name : node.id;
    if (!byName.has(name)) byName.set(name, node.id);
  }
  const outgoing = new Map<string, GraphEdge[]>();
  const delegationsInto = new Map<string, GraphEdge[]>();
  for (const edge of document.edges) {
    if (edge.kind === "delegation") push(delegationsInto, edge.target, edge);
    else push(outgoing, edge.source, edge);
  }
  return { byName, agents, starts, ends, outgoing, delegationsInto };
}
