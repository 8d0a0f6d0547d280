/** What the interrupt card sends back: checked edited arguments, and the label of the resumed run. */
import type { ApprovalInterrupt, InterruptPayload, QuestionInterrupt } from "../../engine/index.js";
import { errorMessage } from "../../schema/errorMessage.js";

export type ParsedArgs = { ok: true; args: Record<string, unknown> } | { ok: false; message: string };

/**
 * Edited arguments must be a JSON object; a syntax error says where it is.
 * @example parseEditedArgs('{"id": 8}') // { ok: true, args: { id: 8 } }
 */
export function parseEditedArgs(text: string): ParsedArgs {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `Not valid JSON: ${errorMessage(error)}` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, message: 'The arguments must be a JSON object, like {"id": 1}' };
  }
  return { ok: true, args: value as Record<string, unknown> };
}

/** What is being approved, in a few words. */
export function approvalSubject(payload: ApprovalInterrupt): string {
  return payload.tool ?? payload.node ?? "this step";
}

/** The resumed run's label (the thread shows it as the person's turn). */
export function decisionLabel(payload: ApprovalInterrupt, decision: "approve" | "reject" | "edit", reason?: string): string {
  const subject = approvalSubject(payload);
  const because = reason?.trim() ? `: ${reason.trim()}` : "";
  if (decision === "reject") return `Rejected ${subject}${because}`;
  if (decision === "edit") return `Approved ${subject} with edited arguments${because}`;
  return `Approved ${subject}${because}`;
}

export function answerLabel(payload: QuestionInterrupt, optionId: string): string {
  return `Answered: ${payload.options.find((o) => o.id === optionId)?.label ?? optionId}`;
}

/**
 * Who asks, when the pause comes from delegated work: the sub-agent or Subgraph node that
 * raised it (and what it ran under), and the background task waiting on it. Null for the
 * graph's own pauses.
 * @example askedBy({ ...question, via: ["Research", "Emails"], task_id: "task_3" }) // "Asked by Emails (via Research) · background task task_3"
 */
export function askedBy(payload: InterruptPayload): string | null {
  const via = payload.via ?? [];
  const asker = via.at(-1);
  if (!asker) return payload.task_id ? `Asked by background task ${payload.task_id}` : null;
  const chain = via.length > 1 ? ` (via ${via.slice(0, -1).join(" → ")})` : "";
  return `Asked by ${asker}${chain}${payload.task_id ? ` · background task ${payload.task_id}` : ""}`;
}
