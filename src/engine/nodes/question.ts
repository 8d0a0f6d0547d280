/**
 * Question node (seed 002): asks a person to pick one of its options and follows the
 * handle named by the chosen option's id. An answer naming no option is refused with a
 * message listing the options; the run stays paused. The choice lands in
 * `results.<name>` as `{ option_id, label }` (and its id in `output_channel`).
 */
import type { LangGraphRunnableConfig } from "@langchain/langgraph/web";
import { outputHandleIds, type NodeOfKind } from "../../schema/index.js";
import { askQuestion } from "../approval.js";
import { lastHumanMessage, textOf } from "../runtime.js";
import type { GraphState, GraphUpdate } from "../state.js";
import { renderTemplate } from "../template.js";
import type { BranchingNode } from "./registry.js";

export interface QuestionRecord {
  option_id: string;
  label: string;
}

export function compileQuestion(node: NodeOfKind<"question">): BranchingNode {
  const data = node.data;
  const options = data.options.map((o) => ({ id: o.id, label: o.label }));
  const run = (state: GraphState, config: LangGraphRunnableConfig): GraphUpdate => {
    const scope = { state, input: textOf(lastHumanMessage(state.messages)), results: state.results };
    const id = askQuestion({ question: renderTemplate(data.question, scope), options, node: data.name }, config);
    const record: QuestionRecord = { option_id: id, label: options.find((o) => o.id === id)?.label ?? id };
    const update: Record<string, unknown> = { results: { [data.name]: record } };
    if (data.output_channel) update[data.output_channel] = id;
    return update as GraphUpdate;
  };
  const branch = (state: GraphState): string => (state.results[data.name] as QuestionRecord | undefined)?.option_id ?? "";
  return { run, branch, handles: outputHandleIds(node) };
}
