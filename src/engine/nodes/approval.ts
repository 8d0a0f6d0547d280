/**
 * Approval node: shows its message and payload to a person and waits. Approve and edit
 * follow the `approved` handle (edit with the changed payload), reject follows `rejected`.
 * The decision lands in `results.<name>` (and `output_channel`) as `{ decision, payload, reason }`.
 */
import type { LangGraphRunnableConfig } from "@langchain/langgraph/web";
import { APPROVAL_HANDLES, outputHandleIds, type NodeOfKind } from "../../schema/index.js";
import { requestApproval } from "../approval.js";
import { lastHumanMessage, textOf } from "../runtime.js";
import type { GraphState, GraphUpdate } from "../state.js";
import { renderTemplate, renderValue } from "../template.js";
import type { BranchingNode } from "./registry.js";

export interface ApprovalRecord {
  decision: "approve" | "reject" | "edit";
  payload: Record<string, unknown>;
  reason: string | null;
}

export function compileApproval(node: NodeOfKind<"approval">): BranchingNode {
  const data = node.data;
  const run = (state: GraphState, config: LangGraphRunnableConfig): GraphUpdate => {
    const scope = { state, input: textOf(lastHumanMessage(state.messages)), results: state.results };
    const payload = renderValue(data.payload, scope) as Record<string, unknown>;
    const result = requestApproval({ args: payload, message: renderTemplate(data.message, scope), allowEdit: data.allow_edit, node: data.name }, config);
    const record: ApprovalRecord = { decision: result.decision, payload: result.args, reason: result.reason };
    const update: Record<string, unknown> = { results: { [data.name]: record } };
    if (data.output_channel) update[data.output_channel] = record;
    return update as GraphUpdate;
  };
  const branch = (state: GraphState): string => {
    const record = state.results[data.name] as ApprovalRecord | undefined;
    return record?.decision === "reject" ? APPROVAL_HANDLES.rejected.id : APPROVAL_HANDLES.approved.id;
  };
  return { run, branch, handles: outputHandleIds(node) };
}
