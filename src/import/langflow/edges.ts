/**
 * Langflow's edges: each one carries a value from a component's output into a field of another
 * (`sourceHandle.name` → `targetHandle.fieldName`). The handles come as objects under `data`
 * and again as strings in which `œ` stands for a quote; older exports have only the strings.
 * A Loop's back edge ends on the Loop's own `item` output instead of a field.
 */
import { isObject, str, type Json } from "./shape.js";

export interface LangflowEdge {
  source: string;
  target: string;
  /** The source's output (`message`, `response`, `component_as_tool`, `true_result`, `item`, …). */
  output: string;
  /** The target's field (`input_value`, `tools`, `system_prompt`, a prompt variable, …). */
  field: string;
  /** A back edge into a Loop: it ends on the Loop's output of this name (`item`). */
  intoOutput: string;
}

/** Handle strings longer than this are not parsed (a real one is a few hundred characters). */
const MAX_HANDLE = 4_000;

/** A handle given as a string: `{œfieldNameœ: œtoolsœ, œidœ: œAgent-1œ, …}`. */
function handleFromString(raw: string): Json | null {
  if (raw.length > MAX_HANDLE || !raw.trimStart().startsWith("{")) return null;
  try {
    const value: unknown = JSON.parse(raw.replace(/œ/g, '"'));
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

function handle(objectForm: unknown, stringForm: unknown): Json {
  if (isObject(objectForm)) return objectForm;
  return (typeof stringForm === "string" ? handleFromString(stringForm) : null) ?? {};
}

/**
 * The edge as the importer reads it, or null when it names no source or target.
 * @example readEdge({ source: "ChatInput-1", target: "Agent-1", sourceHandle: "{œnameœ: œmessageœ}", targetHandle: "{œfieldNameœ: œinput_valueœ}" })
 * // { source: "ChatInput-1", target: "Agent-1", output: "message", field: "input_value", intoOutput: "" }
 */
export function readEdge(raw: unknown): LangflowEdge | null {
  if (!isObject(raw)) return null;
  const data = isObject(raw.data) ? raw.data : {};
  const from = handle(data.sourceHandle, raw.sourceHandle);
  const to = handle(data.targetHandle, raw.targetHandle);
  const source = str(raw.source) || str(from.id);
  const target = str(raw.target) || str(to.id);
  if (source === "" || target === "") return null;
  const field = str(to.fieldName);
  return { source, target, output: str(from.name), field, intoOutput: field === "" ? str(to.name) : "" };
}
