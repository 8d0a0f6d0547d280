/**
 * What a paused run asks a person (the payload of LangGraph's `interrupt()`) and the
 * answers it accepts (the `resume` value of `Command({ resume })`). Plain JSON, so a
 * pending question survives a reload and crosses the worker boundary.
 */

/** A destructive tool call or an Approval node waiting for a decision. */
export interface ApprovalInterrupt {
  kind: "approval";
  /** The tool about to run, or null for an Approval node (which reviews its payload). */
  tool: string | null;
  /** The tool's arguments, or the Approval node's payload. */
  args: Record<string, unknown>;
  message: string;
  /** The person may change `args` before approving. */
  allow_edit: boolean;
  /** The agent whose tool call is waiting, if any. */
  agent: string | null;
  /** The document node that paused (Tool, Approval or the agent's name). */
  node: string | null;
  /** Why the last answer was refused, when a person has to answer again. */
  error?: string;
}

/** A Question node waiting for one of its options (seed 002). */
export interface QuestionInterrupt {
  kind: "question";
  question: string;
  options: { id: string; label: string }[];
  node: string | null;
  error?: string;
}

export type InterruptPayload = ApprovalInterrupt | QuestionInterrupt;
export type InterruptKind = InterruptPayload["kind"];

/** A person's answer to an approval. `edit` approves with changed arguments. */
export type ApprovalDecision =
  { decision: "approve"; reason?: string } | { decision: "reject"; reason?: string } | { decision: "edit"; args: Record<string, unknown>; reason?: string };

/** A person's answer to a question: the id of the chosen option. */
export interface QuestionAnswer {
  option_id: string;
}

export type ResumeValue = ApprovalDecision | QuestionAnswer;

/** An interrupt the run is waiting on, as `runGraph` reports it. */
export interface PendingInterrupt {
  /** LangGraph's interrupt id; a resume value is addressed to it. */
  id: string;
  payload: InterruptPayload;
}

export type ResumeCheck = { ok: true; value: ResumeValue } | { ok: false; code: "INVALID_RESUME"; message: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function refuse(message: string): ResumeCheck {
  return { ok: false, code: "INVALID_RESUME", message };
}

function checkApproval(payload: ApprovalInterrupt, value: Record<string, unknown>): ResumeCheck {
  const where = payload.tool ? `the call to "${payload.tool}"` : `approval "${payload.node ?? "?"}"`;
  const reason = typeof value.reason === "string" && value.reason.trim() ? value.reason.trim() : undefined;
  const extra = reason ? { reason } : {};
  switch (value.decision) {
    case "approve":
    case "reject":
      return { ok: true, value: { decision: value.decision, ...extra } };
    case "edit":
      if (!payload.allow_edit) return refuse(`Editing is not allowed for ${where}; approve or reject it`);
      if (!isRecord(value.args)) return refuse(`Edited arguments for ${where} must be a JSON object, like {"id": 1}`);
      return { ok: true, value: { decision: "edit", args: value.args, ...extra } };
    default:
      return refuse(`Answer ${where} with decision "approve", "reject" or "edit", not ${JSON.stringify(value.decision ?? null)}`);
  }
}

function checkQuestion(payload: QuestionInterrupt, value: Record<string, unknown>): ResumeCheck {
  const id = value.option_id;
  const known = payload.options.map((o) => `"${o.id}" (${o.label})`).join(", ");
  if (typeof id !== "string" || !payload.options.some((o) => o.id === id)) {
    return refuse(`"${String(id ?? "")}" is not an option of question "${payload.node ?? payload.question}"; choose one of ${known}`);
  }
  return { ok: true, value: { option_id: id } };
}

/**
 * Checks a person's answer against the question it answers. A refused answer leaves
 * the run paused; the message says what was wrong and what is accepted.
 * @example
 * validateResume(question, { option_id: "yes" }) // { ok: true, value: { option_id: "yes" } }
 * validateResume(question, { option_id: "maybe" }).ok // false: "maybe" is not an option
 */
export function validateResume(payload: InterruptPayload, value: unknown): ResumeCheck {
  if (!isRecord(value)) return refuse(`An answer must be an object, got ${JSON.stringify(value ?? null)}`);
  return payload.kind === "approval" ? checkApproval(payload, value) : checkQuestion(payload, value);
}

/** True for values shaped like an interrupt payload of ours. */
export function isInterruptPayload(value: unknown): value is InterruptPayload {
  return isRecord(value) && (value.kind === "approval" || value.kind === "question");
}

/**
 * One line saying what a paused run asks.
 * @example describeInterrupt(approvalOfDeleteTask) // 'Approval needed: delete_task {"id":7}'
 */
export function describeInterrupt(payload: InterruptPayload): string {
  if (payload.kind === "question") return `Question: ${payload.question} (${payload.options.map((o) => o.label).join(" / ")})`;
  return payload.tool ? `Approval needed: ${payload.tool} ${JSON.stringify(payload.args)}` : `Approval needed: ${payload.message}`;
}

/**
 * One line saying how a person answered.
 * @example describeResume(approvalOfDeleteTask, { decision: "reject", reason: "wrong task" }) // 'Rejected delete_task: wrong task'
 */
export function describeResume(payload: InterruptPayload, resume: ResumeValue): string {
  if (payload.kind === "question") {
    const id = "option_id" in resume ? resume.option_id : "";
    return `Answered "${payload.options.find((o) => o.id === id)?.label ?? id}"`;
  }
  if (!("decision" in resume)) return "Answered";
  const subject = payload.tool ?? payload.node ?? "step";
  const reason = resume.reason ? `: ${resume.reason}` : "";
  if (resume.decision === "reject") return `Rejected ${subject}${reason}`;
  if (resume.decision === "edit") return `Approved ${subject} with edited args ${JSON.stringify(resume.args)}${reason}`;
  return `Approved ${subject}${reason}`;
}
