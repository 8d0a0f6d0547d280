/** New nodes and edges for the editor: defaults per kind, unique names and ids. */
import type { GraphDocument, GraphEdge, GraphNode, NodeKind, NodeOfKind } from "../../schema/index.js";
import { defaultsFor } from "./nodeDefaults";
import { kindTitle } from "./paletteKinds";

export interface XY {
  x: number;
  y: number;
}

export { kindTitle, paletteKinds } from "./paletteKinds";

function randomId(prefix: string): string {
  const random = globalThis.crypto?.randomUUID?.().slice(0, 8) ?? Math.random().toString(36).slice(2, 10);
  return `${prefix}_${random}`;
}

export function newNodeId(document: GraphDocument): string {
  const taken = new Set(document.nodes.map((n) => n.id));
  let id = randomId("n");
  while (taken.has(id)) id = randomId("n");
  return id;
}

export function newEdgeId(document: GraphDocument): string {
  const taken = new Set(document.edges.map((e) => e.id));
  let id = randomId("e");
  while (taken.has(id)) id = randomId("e");
  return id;
}

/** Names double as tool names and @mentions, so they must be unique ignoring case. */
export function uniqueName(document: GraphDocument, base: string): string {
  const taken = new Set(document.nodes.flatMap((n) => ("name" in n.data && typeof n.data.name === "string" ? [n.data.name.toLowerCase()] : [])));
  if (!taken.has(base.toLowerCase())) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}${i}`.toLowerCase())) return `${base}${i}`;
}

/** A new node of a kind with sensible defaults for this document. */
export function createNode<K extends NodeKind>(document: GraphDocument, kind: K, position: XY): NodeOfKind<K> {
  const data = defaultsFor(kind, { document, name: (base) => uniqueName(document, base) });
  // The table's type pairs each kind with its data; TypeScript cannot follow that through `K`.
  return { id: newNodeId(document), kind, position, data } as NodeOfKind<K>;
}

export function createEdge(document: GraphDocument, source: string, target: string, kind: GraphEdge["kind"] = "flow"): GraphEdge {
  const id = newEdgeId(document);
  if (kind === "conditional") return { id, kind, source, target, condition: "true" };
  if (kind === "delegation") return { id, kind, source, target, mode: "handoff", blocking: true };
  return { id, kind, source, target };
}

/** The display name of a node (agent/LLM/tool name, or its kind's title). */
export function nodeDisplayName(node: GraphNode): string {
  if ("name" in node.data && typeof node.data.name === "string" && node.data.name) return node.data.name;
  return kindTitle(node.kind);
}

/** A fresh, valid document: Start → Agent → End on the scripted model. */
export function blankDocument(id: string, name = "Untitled graph"): GraphDocument {
  return {
    version: 1,
    meta: { id, name, tags: [] },
    state: { channels: [] },
    models: [{ id: "scripted", provider: "scripted", model: "scripted", fallbacks: [], tool_calling: true }],
    tools: [],
    conditions: [],
    tests: [],
    nodes: [
      { id: "start", kind: "start", position: { x: 0, y: 120 }, data: { name: "Start" } },
      {
        id: "agent",
        kind: "agent",
        position: { x: 240, y: 100 },
        data: {
          name: "Assistant",
          description: "",
          system_prompt: "You are a helpful assistant.",
          model: "scripted",
          tools: [],
          default_tools: ["get_time_date", "list_tools_available", "list_intents_available"],
          intents: [],
          max_iterations: 25,
          hidden: false,
          sanitize: false,
        },
      },
      { id: "end", kind: "end", position: { x: 520, y: 120 }, data: { name: "End" } },
    ],
    edges: [
      { id: "e_start_agent", kind: "flow", source: "start", target: "agent" },
      { id: "e_agent_end", kind: "flow", source: "agent", target: "end" },
    ],
    settings: { recursion_limit: 100, max_sub_agent_depth: 5 },
  };
}
