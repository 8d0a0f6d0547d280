/**
 * Validate input node (seed 001 `validate_input`): an empty message or one over
 * `max_length` gets its reply at once and leaves through `invalid`; others leave through
 * `valid`. The verdict lands in `results.<name>` as `{ valid, reason, length }`.
 */
import type { LangGraphRunnableConfig } from "@langchain/langgraph/web";
import { AIMessage } from "@langchain/core/messages";
import { outputHandleIds, VALIDATE_INPUT_HANDLES, type NodeOfKind } from "../../schema/index.js";
import { emit, lastHumanMessage, textOf } from "../runtime.js";
import type { GraphState, GraphUpdate } from "../state.js";
import { renderTemplate } from "../template.js";
import type { CompileContext } from "./context.js";
import type { BranchingNode } from "./registry.js";

export interface InputVerdict {
  valid: boolean;
  reason: "empty" | "too_long" | null;
  length: number;
}

/**
 * Judges a message: whitespace only is empty; length counts characters (code points).
 * @example judgeInput("   ", 5000) // { valid: false, reason: "empty", length: 3 }
 */
export function judgeInput(text: string, maxLength: number): InputVerdict {
  const length = [...text].length;
  if (!text.trim()) return { valid: false, reason: "empty", length };
  if (length > maxLength) return { valid: false, reason: "too_long", length };
  return { valid: true, reason: null, length };
}

/**
 * Compiles a Validate input node.
 * @example compileValidateInput(node, ctx).handles // ["valid", "invalid"]
 */
export function compileValidateInput(node: NodeOfKind<"validate_input">, ctx: CompileContext): BranchingNode {
  const data = node.data;
  const run = (state: GraphState, config: LangGraphRunnableConfig): GraphUpdate => {
    const verdict = judgeInput(textOf(lastHumanMessage(state.messages)), data.max_length);
    const update: Record<string, unknown> = { results: { [data.name]: verdict } };
    if (!verdict.valid && verdict.reason) {
      const template = verdict.reason === "empty" ? data.empty_message : data.too_long_message;
      const content = renderTemplate(template, { max_length: data.max_length, length: verdict.length });
      const id = ctx.services.ids.next("msg");
      emit(config, { type: "input_rejected", reason: verdict.reason, length: verdict.length, max_length: data.max_length }, { agent: null });
      emit(config, { type: "ai_message", message_id: id, content, tool_calls: [], profile: null }, { agent: null });
      update.messages = [new AIMessage({ id, name: data.name, content })];
    }
    return update as GraphUpdate;
  };
  const branch = (state: GraphState): string =>
    (state.results[data.name] as InputVerdict | undefined)?.valid === false ? VALIDATE_INPUT_HANDLES.invalid.id : VALIDATE_INPUT_HANDLES.valid.id;
  return { run, branch, handles: outputHandleIds(node) };
}
