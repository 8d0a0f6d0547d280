/**
 * Reading a Langflow flow export without trusting it: which files are Langflow's, the flows a
 * file holds, and each component as a small typed view (type, name, position, the values of
 * its `template` fields, its outputs). Everything else in the file is left unread.
 */
import type { ForeignFlow } from "../importer.js";
import { ImportError } from "../errors.js";

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function str(value: unknown): string {
  return typeof value === "string" ? value : "";
}

export function num(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

/** One template field of a component: its value and what the field says about itself. */
export interface TemplateField {
  value: unknown;
  /** `password: true`, a SecretStrInput, or a name that says key, token, secret or password. */
  secret: boolean;
  /** The field's label in Langflow, for notes ("OpenAI API Key"). */
  label: string;
}

/** A component of the flow as the importer reads it. */
export interface LangflowNode {
  id: string;
  /** `data.type` (e.g. `Agent`, `ChatInput`, `note`); the node's `type` for notes is `noteNode`. */
  type: string;
  /** The name people saw: the display name, or the type. */
  name: string;
  description: string;
  position: { x: unknown; y: unknown };
  isNote: boolean;
  fields: Map<string, TemplateField>;
  /** Output names (`message`, `response`, `component_as_tool`, `true_result`, …). */
  outputs: string[];
  /** Tool mode: the component offers itself to agents as a tool. */
  toolMode: boolean;
  /** The first tool's name and description under tool mode (`tools_metadata`), when given. */
  toolName: string;
  /** Every enabled tool name under tool mode (a toolkit such as MCP Tools offers several). */
  toolNames: string[];
  /** A group of components (`data.node.flow`): Langflow's own sub-canvas. */
  isGroup: boolean;
  toolDescription: string;
  /** A tool-mode action marked "requires approval" (Langflow 1.11+). */
  toolApproval: boolean;
  /** A note's colour (`template.backgroundColor`). */
  noteColor: string;
}

// "max_tokens" is a number, not a token: token and auth count only as whole words of the name.
const SECRET_NAME = /api[_-]?key|secret|password|passwd|credential|(^|_)(token|auth|auth_token|access_token)(_|$)/i;

/** A field's value as text; a list of strings (Langflow's list inputs) joined by lines. */
export function fieldText(node: LangflowNode, name: string): string {
  const value = node.fields.get(name)?.value;
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string").join("\n");
  return str(value);
}

export function fieldNumber(node: LangflowNode, name: string): number | undefined {
  return num(node.fields.get(name)?.value);
}

export function fieldBool(node: LangflowNode, name: string): boolean | undefined {
  const value = node.fields.get(name)?.value;
  return typeof value === "boolean" ? value : undefined;
}

/** Whether the field holds a value (credential fields: whether a key was set there, never what it is). */
export function fieldSet(node: LangflowNode, name: string): boolean {
  const value = node.fields.get(name)?.value;
  return value !== undefined && value !== null && value !== "" && !(Array.isArray(value) && value.length === 0);
}

function readFields(template: unknown): Map<string, TemplateField> {
  const fields = new Map<string, TemplateField>();
  if (!isObject(template)) return fields;
  for (const [name, raw] of Object.entries(template)) {
    if (name.startsWith("_") || !isObject(raw)) continue;
    const secret = raw.password === true || str(raw._input_type) === "SecretStrInput" || SECRET_NAME.test(name);
    fields.set(name, { value: raw.value, secret, label: str(raw.display_name) || name });
  }
  return fields;
}

function toolMetadata(node: Json): { name: string; description: string; approval: boolean; names: string[] } {
  const template = isObject(node.template) ? node.template : {};
  const metadata = isObject(template.tools_metadata) ? template.tools_metadata.value : undefined;
  const rows = Array.isArray(metadata) ? metadata.filter(isObject) : [];
  const first = rows[0];
  return {
    name: str(first?.name),
    description: str(first?.description),
    approval: rows.some((row) => row.requires_approval === true),
    names: rows.filter((row) => row.status !== false && str(row.name) !== "").map((row) => str(row.name)),
  };
}

/** A node of `data.nodes` as the importer reads it; null when it is not a node at all. */
export function readNode(raw: unknown, index: number): LangflowNode | null {
  if (!isObject(raw)) return null;
  const data = isObject(raw.data) ? raw.data : {};
  const node = isObject(data.node) ? data.node : {};
  const id = str(raw.id) || str(data.id) || `node-${index + 1}`;
  const isNote = raw.type === "noteNode" || data.type === "note";
  const type = isNote ? "note" : str(data.type) || str(raw.type) || "unknown";
  const outputs = Array.isArray(node.outputs) ? node.outputs.filter(isObject).map((o) => str(o.name)) : [];
  const metadata = toolMetadata(node);
  const position = isObject(raw.position) ? raw.position : {};
  return {
    id,
    type,
    name: str(node.display_name) || str(data.display_name) || type,
    description: str(node.description) || str(data.description),
    position: { x: position.x, y: position.y },
    isNote,
    fields: readFields(node.template),
    outputs,
    toolMode: node.tool_mode === true || outputs.includes("component_as_tool"),
    toolName: metadata.name,
    toolNames: metadata.names,
    isGroup: isObject(node.flow),
    toolDescription: metadata.description,
    toolApproval: metadata.approval,
    noteColor: isObject(node.template) ? str(node.template.backgroundColor).slice(0, 32) : "",
  };
}

/** `{ data: { nodes: [...] } }` where a node looks like Langflow's (a component template or a note). */
function isFlow(value: unknown): value is Json & { data: Json & { nodes: unknown[] } } {
  if (!isObject(value) || !isObject(value.data) || !Array.isArray(value.data.nodes)) return false;
  const nodes = value.data.nodes;
  if (nodes.length === 0) return typeof value.last_tested_version === "string" || Array.isArray(value.data.edges);
  return nodes.some(
    (n) => isObject(n) && (n.type === "genericNode" || n.type === "noteNode" || (isObject(n.data) && isObject(n.data.node) && "template" in n.data.node)),
  );
}

/** Files that hold several flows: Langflow's older "download collection" (`{ flows: [...] }`). */
function collection(value: unknown): unknown[] | null {
  if (!isObject(value) || !Array.isArray(value.flows) || value.flows.length === 0) return null;
  return value.flows.every(isFlow) ? value.flows : null;
}

/**
 * True for a Langflow flow export (or a collection of them). Reads content only and never throws.
 * @example isLangflowFile({ name: "Simple Agent", data: { nodes: [{ type: "genericNode", data: { node: { template: {} } } }], edges: [] } }) // true
 */
export function isLangflowFile(value: unknown): boolean {
  return isFlow(value) || collection(value) !== null;
}

function flowName(flow: Json, index: number): string {
  return str(flow.name).trim() || `Langflow flow ${index + 1}`;
}

/** The flows of a Langflow file, in file order, named as in Langflow. */
export function langflowFlows(value: unknown): ForeignFlow[] {
  if (isFlow(value)) return [{ name: flowName(value, 0), data: value }];
  const flows = collection(value);
  if (!flows) throw new ImportError("UNRECOGNISED", "This is not a Langflow flow: it has no data.nodes");
  // Each flow carries its siblings, so a Run Flow component can tell whether the flow it runs is in the file.
  const names = flows.map((f, i) => flowName(f as Json, i));
  return flows.map((f, i) => ({ name: names[i] as string, data: { ...(f as Json), __siblings: names } }));
}
