/**
 * Recognising n8n workflow files by their content: `{ name, nodes, connections }` whose nodes carry
 * n8n type names (`n8n-nodes-base.if`, `@n8n/n8n-nodes-langchain.agent`), also as an array of
 * workflows (`n8n export:workflow --all`) or wrapped as `{ workflow: {…} }` (n8n.io templates).
 * Flowise (`nodes` + `edges`), Langflow (`data.nodes`), Dify (`app`, `workflow.graph`) and our own
 * documents (`version`, `meta`, `nodes[].kind`) have no `connections` object, so they are not claimed.
 */
import { ImportError } from "../errors.js";
import type { ForeignFlow } from "../importer.js";
import { isRecord, str } from "./workflow.js";

const N8N_TYPE = /(^|[/@])n8n-nodes-|^@n8n\//;

/** One workflow object, or null. */
function workflowOf(data: unknown): Record<string, unknown> | null {
  if (!isRecord(data)) return null;
  if (Array.isArray(data.nodes) && isRecord(data.connections)) {
    const nodes = data.nodes;
    const typed = nodes.some((n) => isRecord(n) && typeof n.type === "string" && N8N_TYPE.test(n.type));
    return nodes.length === 0 || typed ? data : null;
  }
  // The n8n.io template API wraps the workflow; nothing else of ours or the other formats has `workflow.connections`.
  if (isRecord(data.workflow) && !("app" in data)) return workflowOf(data.workflow);
  return null;
}

/**
 * True for an n8n workflow file.
 * @example isN8nWorkflow({ name: "Chat", nodes: [{ type: "@n8n/n8n-nodes-langchain.chatTrigger" }], connections: {} }) // true
 */
export function isN8nWorkflow(data: unknown): boolean {
  if (Array.isArray(data)) return data.length > 0 && data.every((w) => workflowOf(w) !== null);
  return workflowOf(data) !== null;
}

/**
 * The workflows of a file, by name (a nameless one is "Workflow 1", "Workflow 2", …).
 * @example n8nFlows([{ name: "A", nodes: [], connections: {} }]) // [{ name: "A", data: {…} }]
 */
export function n8nFlows(data: unknown): ForeignFlow[] {
  const list = Array.isArray(data) ? data : [data];
  const flows = list.flatMap((raw, index) => {
    const workflow = workflowOf(raw);
    return workflow ? [{ name: str(workflow.name).trim() || `Workflow ${index + 1}`, data: workflow }] : [];
  });
  if (flows.length === 0) throw new ImportError("UNRECOGNISED", "The file holds no n8n workflow (no nodes and connections)");
  return flows;
}
