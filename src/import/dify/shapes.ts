/**
 * Tolerant readers for Dify DSL values. A DSL file comes from a stranger: every field may be
 * missing or of the wrong type, so each read says what it expects and falls back quietly.
 */

import type { ToolNodeData } from "../../schema/index.js";

export type Obj = Record<string, unknown>;
/** Arguments of a Tool node: JSON whose strings are templates. */
export type ToolArgs = ToolNodeData["args"];

export function isObj(value: unknown): value is Obj {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

export function obj(value: unknown): Obj {
  return isObj(value) ? value : {};
}

export function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A string field; numbers and booleans are read as their text (YAML turns `1` or `true` into them). */
export function str(value: unknown, fallback = ""): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "boolean") return String(value);
  return fallback;
}

export function num(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

/** A Dify variable selector: `[node_id, field, …]`, strings only. */
export function selector(value: unknown): string[] {
  return arr(value).flatMap((part) => (typeof part === "string" || typeof part === "number" ? [String(part)] : []));
}

/** One node of `workflow.graph.nodes`, read once. */
export interface DifyNode {
  id: string;
  /** `data.type`, or `note` for sticky notes (`type: custom-note`). */
  type: string;
  title: string;
  data: Obj;
  /** The iteration or loop this node sits in. */
  parentId: string | null;
  /** Absolute canvas position. */
  x: number;
  y: number;
}

export interface DifyEdge {
  id: string;
  source: string;
  target: string;
  sourceHandle: string;
}

/** A table's own entry for a key from the file: `__proto__`, `constructor` and the like are not entries. */
export function own<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
