/**
 * Words for places in a document, for messages people read: `agent "Researcher"`, `edge "e3"`.
 * Works on raw input too (before or after zod), so it reads defensively: own properties only.
 */
import { formatRelativePath, type PathSegment } from "./jsonPath.js";
import type { NodeKindTableOf } from "./nodes/descriptor.js";
import { nodeKindTable } from "./nodes/registry.js";

const MAX_NAME_IN_MESSAGE = 60;
/** The JSON path carries the exact location; the message only needs to point the way. */
const MAX_FIELD_IN_MESSAGE = 80;

/** The value at `segments`, following own properties only; `undefined` when absent. */
export function valueAt(root: unknown, segments: readonly PathSegment[]): unknown {
  let current = root;
  for (const segment of segments) {
    if (current === null || typeof current !== "object") return undefined;
    if (!Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<PathSegment, unknown>)[segment];
  }
  return current;
}

function stringAt(root: unknown, segments: readonly PathSegment[]): string | undefined {
  const value = valueAt(root, segments);
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

/** The id of the node a location lies inside (`nodes[i]…`), when that node has a string id. */
export function nodeIdAt(root: unknown, segments: readonly PathSegment[]): string | undefined {
  if (segments[0] !== "nodes" || typeof segments[1] !== "number") return undefined;
  const id = valueAt(root, ["nodes", segments[1], "id"]);
  return typeof id === "string" ? id : undefined;
}

/** A quoted name, cut short so a hostile 1 MB name cannot flood a message. */
export function quote(name: string): string {
  const short = name.length > MAX_NAME_IN_MESSAGE ? `${name.slice(0, MAX_NAME_IN_MESSAGE)}…` : name;
  return JSON.stringify(short);
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The word problem messages use for a kind ("agent", "If node", "Router"); "node" for a kind
 * the table does not know (raw input may name any kind).
 * @example kindWord("validate_input") // "Validate input node"
 */
export function kindWord(kind: string, table: NodeKindTableOf = nodeKindTable): string {
  return Object.hasOwn(table, kind) ? (table[kind]?.word ?? "node") : "node";
}

/**
 * A node as a person knows it: by kind and display name, else by id.
 *
 * @example
 * nodeLabel({ id: "a1", kind: "agent", data: { name: "Researcher" } }); // 'agent "Researcher"'
 */
export function nodeLabel(node: unknown, fallback = "a node", table: NodeKindTableOf = nodeKindTable): string {
  const kind = stringAt(node, ["kind"]);
  const id = stringAt(node, ["id"]);
  const name = stringAt(node, ["data", "name"]);
  const descriptor = kind !== undefined && Object.hasOwn(table, kind) ? table[kind] : undefined;
  const word = kind === undefined ? "node" : kindWord(kind, table);
  const shown = name !== undefined && name !== descriptor?.implicitName && !descriptor?.unnamed ? name : id;
  return shown === undefined ? fallback : `${word} ${quote(shown)}`;
}

function labelFor(root: unknown, collection: PathSegment[], index: number, word: string, nameKey: string): string {
  const item = valueAt(root, [...collection, index]);
  const name = stringAt(item, [nameKey]) ?? stringAt(item, ["id"]);
  return name === undefined ? `${word} ${index + 1}` : `${word} ${quote(name)}`;
}

/** What a location is about, and the field inside it: `{ subject: 'agent "A"', field: ["data", "model"] }`. */
export function subjectOf(root: unknown, segments: readonly PathSegment[]): { subject: string; field: PathSegment[] } {
  const [first, second, third] = segments;
  if (typeof second === "number") {
    const field = segments.slice(2);
    if (first === "nodes") return { subject: nodeLabel(valueAt(root, ["nodes", second]), `node ${second + 1}`), field };
    if (first === "edges") return { subject: labelFor(root, ["edges"], second, "edge", "id"), field };
    if (first === "tools") return { subject: labelFor(root, ["tools"], second, "tool", "name"), field };
    if (first === "models") return { subject: labelFor(root, ["models"], second, "model profile", "id"), field };
    if (first === "conditions") return { subject: labelFor(root, ["conditions"], second, "condition", "name"), field };
  }
  if (first === "state" && second === "channels" && typeof third === "number") {
    return { subject: labelFor(root, ["state", "channels"], third, "state channel", "name"), field: segments.slice(3) };
  }
  return { subject: "the document", field: [...segments] };
}

/**
 * The start of a sentence about a location: `Agent "A": data.model`, or `Agent "A"` for the item itself.
 *
 * @example
 * where(doc, ["nodes", 0, "data", "model"]); // 'Agent "Researcher": data.model'
 */
export function where(root: unknown, segments: readonly PathSegment[]): string {
  const { subject, field } = subjectOf(root, segments);
  if (field.length === 0) return capitalize(subject);
  const text = formatRelativePath(field);
  const shown = text.length > MAX_FIELD_IN_MESSAGE ? `${text.slice(0, MAX_FIELD_IN_MESSAGE)}…` : text;
  return `${capitalize(subject)}: ${shown}`;
}

/** A value as a person would name it in "must be X, not Y". */
export function describeValue(value: unknown): string {
  if (value === undefined) return "missing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "number") {
    if (Number.isNaN(value)) return "NaN";
    if (!Number.isFinite(value)) return value > 0 ? "Infinity" : "-Infinity";
    return Number.isInteger(value) ? "a whole number" : "a number";
  }
  if (typeof value === "string") return "a string";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "object") {
    const prototype: unknown = Object.getPrototypeOf(value);
    if (prototype === Object.prototype || prototype === null) return "an object";
    const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
    return typeof name === "string" && name !== "" ? `a ${name} object` : "an object that is not plain JSON";
  }
  return `a ${typeof value}`;
}
