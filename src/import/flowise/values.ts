/**
 * Flowise's field values as plain data: arrays that some versions store as JSON strings, numbers
 * stored as text, and HTML text fields whose `{{ … }}` variables are rewritten to our
 * placeholders where they mean something here (the user's message, flow state) and otherwise
 * kept as readable text that no longer renders empty.
 */
import type { z } from "zod";
import type { jsonValue } from "../../schema/index.js";
import { BUILTIN_CHANNELS } from "../../schema/builtinChannels.js";
import { redactKeyShapes } from "../../schema/redact.js";
import { clampText } from "../builder.js";
import { plainText } from "../text.js";

export type Fields = Record<string, unknown>;
/** JSON as the document holds it (tool input schemas, structured output schemas). */
export type Json = z.infer<typeof jsonValue>;
export type JsonObject = Record<string, Json>;

/** A plain object, or an empty one for anything else (a field may hold any type in a hostile file). */
export function fieldsOf(value: unknown): Fields {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Fields) : {};
}

/** A string field, or "" for any other type. */
export function stringOf(value: unknown): string {
  return typeof value === "string" ? value : typeof value === "number" && Number.isFinite(value) ? String(value) : "";
}

/**
 * An array field: Flowise stores some arrays as JSON text (`"[{\"key\":…}]"`), and an unset one as "".
 * @example arrayOf('[{"key":"next"}]') // [{ key: "next" }]
 */
export function arrayOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === "string" && value.trim().startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(value);
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  }
  return [];
}

/** A finite number from a number or numeric text (Flowise keeps unset numbers as ""), else undefined. */
export function numberOf(value: unknown): number | undefined {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** What a Flowise variable becomes: one of our placeholders, or text with no meaning here. */
export interface VariableUse {
  /** Flow state keys the text reads (each needs a channel). */
  state: Set<string>;
  /** Variables kept as text, e.g. `$form.email`, `llmAgentflow_0.output.subject`. */
  kept: Set<string>;
}

export function newVariableUse(): VariableUse {
  return { state: new Set(), kept: new Set() };
}

const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;
const STATE_KEY = /^\$flow\.state\.([A-Za-z][A-Za-z0-9_]{0,47})$/;
const RESERVED: ReadonlySet<string> = new Set(BUILTIN_CHANNELS);

/** Our placeholder path for a Flowise variable, or null when it has no meaning here. */
export function placeholderPath(variable: string): string | null {
  if (variable === "question" || variable === "$flow.input") return "input";
  const state = STATE_KEY.exec(variable);
  if (state && !RESERVED.has(state[1] as string)) return `state.${state[1] as string}`;
  return null;
}

/**
 * A Flowise text field as our template text: HTML gone, `{{ question }}` → `{{ input }}`,
 * `{{ $flow.state.x }}` → `{{ state.x }}`; other variables are kept as `[name]` (ours would render
 * them empty) and listed in `use.kept`. Key-shaped strings are redacted, cut to the document's limit.
 * @example templateText("<p>{{ $flow.state.topic }} and {{ $form.email }}</p>", use) // "{{ state.topic }} and [$form.email]"
 */
export function templateText(field: unknown, use: VariableUse, max?: number): string {
  const text = plainText(stringOf(field)).replace(VARIABLE, (_, raw: string) => {
    const variable = raw.trim();
    const path = placeholderPath(variable);
    if (path === null) {
      if (variable !== "") use.kept.add(variable.slice(0, 80));
      return `[${variable}]`;
    }
    if (path.startsWith("state.")) use.state.add(path.slice("state.".length));
    return `{{ ${path} }}`;
  });
  return clampText(redactKeyShapes(text), max);
}

/** Plain text of a field (HTML gone, no variable rewriting), redacted and cut to the limit. */
export function plainField(field: unknown, max?: number): string {
  return clampText(redactKeyShapes(plainText(stringOf(field))), max);
}

/** The reason text naming the variables kept as text, or "". */
export function keptReason(use: VariableUse): string {
  if (use.kept.size === 0) return "";
  const names = [...use.kept].slice(0, 5).map((v) => `{{ ${v} }}`);
  return `variables with no meaning here kept as text: ${names.join(", ")}${use.kept.size > 5 ? " …" : ""}`;
}

/** Whether a Flowise flow-state key can be a state channel here (an identifier, not a built-in channel). */
export function isStateKey(key: string): boolean {
  return /^[A-Za-z][A-Za-z0-9_]{0,47}$/.test(key) && !RESERVED.has(key);
}
