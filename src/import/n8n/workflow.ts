/**
 * Reading an n8n workflow (`{ name, nodes, connections }`) into indexed, typed parts, tolerant
 * of what strangers' files hold: fields of the wrong type read as absent, nodes are indexed by
 * name once (connections name their nodes, not their ids), and a connection to a node that is
 * not in the file is kept aside so the report can say so.
 */
import { ImportError } from "../errors.js";

/** One node of the workflow, its fields read defensively. */
export interface N8nNode {
  /** The node's id, or its name for old exports whose nodes have no id. */
  key: string;
  name: string;
  type: string;
  /** `typeVersion` (1 when absent): parameter shapes differ by version. */
  version: number;
  parameters: Record<string, unknown>;
  /** Credential type → the credential's display name (never a value: values are not read). */
  credentials: Array<{ type: string; name: string }>;
  position: { x: unknown; y: unknown };
  disabled: boolean;
  notes: string;
}

/** A `main` connection: from an output port of one node into another node. */
export interface MainLink {
  port: number;
  target: string;
}

/** An AI connection: a sub-node (model, tool, memory, parser) plugged into a node. */
export interface AiLink {
  from: string;
  type: string;
}

export interface N8nWorkflow {
  name: string;
  nodes: N8nNode[];
  byName: Map<string, N8nNode>;
  /** Source node name → its `main` links. */
  main: Map<string, MainLink[]>;
  /** Receiving node name → the sub-nodes plugged into it. */
  aiInto: Map<string, AiLink[]>;
  /** Sub-node name → the nodes it is plugged into. */
  aiFrom: Map<string, Array<{ target: string; type: string }>>;
  /** Connections naming nodes that are not in the file ("A → B"). */
  dangling: string[];
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
export const str = (value: unknown, fallback = ""): string => (typeof value === "string" ? value : fallback);
export const num = (value: unknown): number | undefined => (typeof value === "number" && Number.isFinite(value) ? value : undefined);
export const rec = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});
export const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function readCredentials(value: unknown): N8nNode["credentials"] {
  // Only the credential's type and display name are read; whatever else an object holds stays behind.
  return Object.entries(rec(value)).map(([type, ref]) => ({ type, name: str(rec(ref).name) || type }));
}

function readNode(raw: unknown, index: number, taken: Set<string>): N8nNode | null {
  if (!isRecord(raw)) return null;
  const name = str(raw.name).trim() || `Node ${index + 1}`;
  const rawId = typeof raw.id === "number" ? String(raw.id) : str(raw.id);
  let key = rawId || name;
  // Two nodes of one id (a hand-edited file) still get a report line each.
  for (let n = 2; taken.has(key); n++) key = `${rawId || name}#${n}`;
  taken.add(key);
  const position = Array.isArray(raw.position) ? { x: raw.position[0], y: raw.position[1] } : { x: 0, y: 0 };
  return {
    key,
    name,
    type: str(raw.type, "unknown"),
    version: num(raw.typeVersion) ?? 1,
    parameters: rec(raw.parameters),
    credentials: readCredentials(raw.credentials),
    position,
    disabled: raw.disabled === true,
    notes: str(raw.notes),
  };
}

/**
 * The workflow's parts, indexed once.
 * @example readWorkflow(JSON.parse(text)).byName.get("AI Agent")?.type // "@n8n/n8n-nodes-langchain.agent"
 */
export function readWorkflow(data: unknown): N8nWorkflow {
  if (!isRecord(data) || !Array.isArray(data.nodes)) throw new ImportError("UNRECOGNISED", "The n8n workflow has no nodes list");
  const taken = new Set<string>();
  const nodes: N8nNode[] = [];
  const byName = new Map<string, N8nNode>();
  data.nodes.forEach((raw, index) => {
    const node = readNode(raw, index, taken);
    // n8n names are unique in a workflow; a repeated name keeps its first node for connections.
    if (node) {
      nodes.push(node);
      if (!byName.has(node.name)) byName.set(node.name, node);
    }
  });
  const main = new Map<string, MainLink[]>();
  const aiInto = new Map<string, AiLink[]>();
  const aiFrom = new Map<string, Array<{ target: string; type: string }>>();
  const dangling: string[] = [];
  for (const [source, byType] of Object.entries(rec(data.connections))) {
    for (const [type, ports] of Object.entries(rec(byType))) {
      arr(ports).forEach((links, port) => {
        for (const link of arr(links)) {
          const target = str(rec(link).node);
          if (!byName.has(source) || !byName.has(target)) {
            dangling.push(`${source} → ${target || "(no node)"}`);
            continue;
          }
          if (type === "main") {
            const list = main.get(source) ?? [];
            list.push({ port, target });
            main.set(source, list);
          } else {
            const into = aiInto.get(target) ?? [];
            into.push({ from: source, type });
            aiInto.set(target, into);
            const from = aiFrom.get(source) ?? [];
            from.push({ target, type });
            aiFrom.set(source, from);
          }
        }
      });
    }
  }
  return { name: str(data.name).trim() || "n8n workflow", nodes, byName, main, aiInto, aiFrom, dangling };
}
