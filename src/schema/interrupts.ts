/**
 * What a paused run asks a person (the payload of LangGraph's `interrupt()`) and the
 * answers it accepts (the `resume` value of `Command({ resume })`). Plain JSON, so a
 * pending question survives a reload and crosses the worker boundary.
 */

/**
 * Where a pause raised inside delegated work comes from, as the root thread shows it:
 * `via` names the blocking sub-agents and Subgraph nodes it passed through, outermost
 * first; `task_id` is set when a background task waits for the answer.
 */
export interface PauseOrigin {
  via?: string[];
  task_id?: string;
}

/** A destructive tool call or an Approval node waiting for a decision. */
export interface ApprovalInterrupt extends PauseOrigin {
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

/** A Question node (or the ask_user tool) waiting for one of its options (seed 002). */
export interface QuestionInterrupt extends PauseOrigin {
  kind: "question";
  question: string;
  options: { id: string; label: string }[];
  node: string | null;
  error?: string;
}

/** Where a breakpoint sits: a whole node, or one step of an agent's loop. */
export type BreakStep = "call_model" | "call_tools";
export type BreakWhen = "before" | "after";

/**
 * A breakpoint hit (or one step of `Step` done): the run waits before or after a node,
 * showing the state there, which a person may edit before the run goes on.
 */
export interface BreakpointInterrupt extends PauseOrigin {
  kind: "breakpoint";
  /** The document node's display name (an agent's name for its loop steps). */
  node: string | null;
  node_id: string;
  /** The agent loop step, or null for the whole node. */
  step: BreakStep | null;
  when: BreakWhen;
  /** `step`: the pause after `Step`; `breakpoint`: a breakpoint (whose condition held). */
  reason: "breakpoint" | "step";
  condition: string | null;
  agent: string | null;
  /**
   * The state at the pause as JSON. Inside an agent's loop, `messages` are the turn's own
   * (the conversation before the turn is not editable there).
   */
  state: Record<string, unknown>;
  /** The channels an answer may edit, with their types ("messages" for the message list). */
  channels: Record<string, ChannelType | "messages">;
  error?: string;
}

export type ChannelType = "string" | "number" | "boolean" | "object" | "array" | "any";

/**
 * A tool about to send a saved secret to an origin the secret is not allowed for: nothing
 * has been sent yet, and nothing is until a person answers.
 */
export interface SecretInterrupt extends PauseOrigin {
  kind: "secret";
  /** The graph whose tool wants the secret. */
  graph: string;
  tool: string;
  /** The secret's name (`{{ secrets.NAME }}`), never its value. */
  secret: string;
  /** Where the request would go: scheme, host and port. */
  origin: string;
  message: string;
  agent: string | null;
  node: string | null;
  error?: string;
}

export type InterruptPayload = ApprovalInterrupt | QuestionInterrupt | BreakpointInterrupt | SecretInterrupt;
export type InterruptKind = InterruptPayload["kind"];

/** A person's answer to an approval. `edit` approves with changed arguments. */
export type ApprovalDecision =
  { decision: "approve"; reason?: string } | { decision: "reject"; reason?: string } | { decision: "edit"; args: Record<string, unknown>; reason?: string };

/** A person's answer to a question: the id of the chosen option. */
export interface QuestionAnswer {
  option_id: string;
}

/**
 * What to do at a breakpoint: go on, go on for one node and pause again, or stop the run.
 * `edits` replaces channel values first (`messages`: the whole list as the person wants it).
 */
export interface BreakpointAnswer {
  action: "continue" | "step" | "stop";
  edits?: Record<string, unknown>;
  /** Set by the engine for `step`: which pause the step starts from. */
  nonce?: string;
}

/**
 * A person's answer to a secret's use: send it this once, allow the origin for good, or not.
 * It names the secret and origin it answers, so an answer never applies to another request.
 */
export interface SecretAnswer {
  decision: SecretDecision;
  secret: string;
  origin: string;
}
export type SecretDecision = "once" | "always" | "deny";

export type ResumeValue = ApprovalDecision | QuestionAnswer | BreakpointAnswer | SecretAnswer;

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

function checkSecret(payload: SecretInterrupt, value: Record<string, unknown>): ResumeCheck {
  const where = `sending ${payload.secret} to ${payload.origin}`;
  if (value.secret !== payload.secret || value.origin !== payload.origin) {
    return refuse(`That answer is for another request; answer ${where}`);
  }
  const decision = value.decision;
  if (decision !== "once" && decision !== "always" && decision !== "deny") {
    return refuse(`Answer ${where} with decision "once", "always" or "deny", not ${JSON.stringify(decision ?? null)}`);
  }
  return { ok: true, value: { decision, secret: payload.secret, origin: payload.origin } };
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
  if (payload.kind === "breakpoint") return checkBreakpoint(payload, value);
  if (payload.kind === "secret") return checkSecret(payload, value);
  return payload.kind === "approval" ? checkApproval(payload, value) : checkQuestion(payload, value);
}

/**
 * True for the answer to a breakpoint (`{ action: "continue" | "step" | "stop", … }`): a debug
 * action, not a turn of the conversation. Approvals answer with `decision` and questions with
 * `option_id`, so the shape alone tells; a test (which runs with breakpoints off) reads an older
 * saved turn of this shape as the turn before it going on.
 * @example isBreakpointAnswer({ action: "step" }) // true
 * @example isBreakpointAnswer({ decision: "approve" }) // false
 */
export function isBreakpointAnswer(value: unknown): value is BreakpointAnswer {
  return (
    isRecord(value) && (value.action === "continue" || value.action === "step" || value.action === "stop") && !("decision" in value) && !("option_id" in value)
  );
}

/** True for values shaped like an interrupt payload of ours. */
export function isInterruptPayload(value: unknown): value is InterruptPayload {
  return isRecord(value) && (value.kind === "approval" || value.kind === "question" || value.kind === "breakpoint" || value.kind === "secret");
}

/**
 * One line saying what a paused run asks.
 * @example describeInterrupt(approvalOfDeleteTask) // 'Approval needed: delete_task {"id":7}'
 * @example describeInterrupt({ ...folderQuestion, via: ["Emails"] }) // "Question: Which folder? (Inbox / Archive) — asked by Emails"
 */
export function describeInterrupt(payload: InterruptPayload): string {
  return `${describePause(payload)}${pauseOrigin(payload)}`;
}

function describePause(payload: InterruptPayload): string {
  if (payload.kind === "question") return `Question: ${payload.question} (${payload.options.map((o) => o.label).join(" / ")})`;
  if (payload.kind === "breakpoint") return `Paused ${payload.when} ${breakpointPlace(payload)}`;
  if (payload.kind === "secret") return `Secret needed: ${payload.tool} would send ${payload.secret} to ${payload.origin}`;
  return payload.tool ? `Approval needed: ${payload.tool} ${JSON.stringify(payload.args)}` : `Approval needed: ${payload.message}`;
}

/** " — asked by Emails (background task task_3)" for a pause from delegated work; "" for the graph's own. */
function pauseOrigin(payload: PauseOrigin): string {
  const asker = payload.via?.at(-1);
  const task = payload.task_id ? `background task ${payload.task_id}` : "";
  if (!asker) return task ? ` — asked by ${task}` : "";
  return ` — asked by ${asker}${task ? ` (${task})` : ""}`;
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
  if (payload.kind === "breakpoint") {
    const action = "action" in resume ? resume.action : "continue";
    const edited = "action" in resume && resume.edits ? ` with ${Object.keys(resume.edits).join(", ")} edited` : "";
    return `${action === "stop" ? "Stopped at" : action === "step" ? "Stepped from" : "Continued from"} ${breakpointPlace(payload)}${edited}`;
  }
  if (payload.kind === "secret") {
    const decision = "decision" in resume ? resume.decision : "deny";
    if (decision === "once") return `Allowed ${payload.secret} for ${payload.origin} once`;
    if (decision === "always") return `Always allowed ${payload.secret} for ${payload.origin}`;
    return `Denied ${payload.secret} to ${payload.origin}`;
  }
  if (!("decision" in resume) || "secret" in resume) return "Answered";
  const subject = payload.tool ?? payload.node ?? "step";
  const reason = resume.reason ? `: ${resume.reason}` : "";
  if (resume.decision === "reject") return `Rejected ${subject}${reason}`;
  if (resume.decision === "edit") return `Approved ${subject} with edited args ${JSON.stringify(resume.args)}${reason}`;
  return `Approved ${subject}${reason}`;
}

/**
 * Where a breakpoint sits, for people: "call_tools of Main" or "Finalize".
 * @example breakpointPlace({ node: "Main", step: "call_tools" } as BreakpointInterrupt) // "call_tools of Main"
 */
export function breakpointPlace(payload: Pick<BreakpointInterrupt, "node" | "step">): string {
  const node = payload.node ?? "?";
  return payload.step ? `${payload.step} of ${node}` : node;
}

const MESSAGE_ROLES = ["human", "ai", "system", "tool"];

function typeProblem(type: ChannelType | "messages", value: unknown): string | null {
  switch (type) {
    case "any":
      return null;
    case "messages": {
      if (!Array.isArray(value)) return "must be a list of messages";
      for (const [i, m] of value.entries()) {
        if (!isRecord(m)) return `item ${i} must be an object like {"role": "human", "content": "…"}`;
        if (typeof m.content !== "string") return `item ${i} needs a text "content"`;
        if (m.id !== undefined && m.id !== null && typeof m.id !== "string") return `item ${i} has an "id" that is not text`;
        if (!(m.id && typeof m.id === "string") && !MESSAGE_ROLES.includes(String(m.role))) {
          return `item ${i} needs a "role" of ${MESSAGE_ROLES.map((r) => `"${r}"`).join(", ")}`;
        }
      }
      return null;
    }
    case "array":
      return Array.isArray(value) ? null : "must be a JSON array";
    case "object":
      return isRecord(value) ? null : "must be a JSON object";
    default:
      return typeof value === type ? null : `must be a ${type}`;
  }
}

/**
 * Checks an edit of one channel at a breakpoint against the channel's type; null when it fits.
 * @example checkChannelEdit(pause, "count", "three") // 'Channel "count" must be a number'
 */
export function checkChannelEdit(payload: Pick<BreakpointInterrupt, "channels">, channel: string, value: unknown): string | null {
  const type = payload.channels[channel];
  if (type === undefined) {
    const known = Object.keys(payload.channels).map((c) => `"${c}"`);
    return `Channel "${channel}" cannot be edited here; editable: ${known.join(", ") || "none"}`;
  }
  const problem = typeProblem(type, value);
  return problem ? `Channel "${channel}" ${problem}` : null;
}

function checkBreakpoint(payload: BreakpointInterrupt, value: Record<string, unknown>): ResumeCheck {
  const action = value.action;
  if (action !== "continue" && action !== "step" && action !== "stop") {
    return refuse(`Answer a breakpoint with action "continue", "step" or "stop", not ${JSON.stringify(action ?? null)}`);
  }
  const nonce = typeof value.nonce === "string" ? { nonce: value.nonce } : {};
  if (value.edits === undefined || value.edits === null) return { ok: true, value: { action, ...nonce } };
  if (!isRecord(value.edits)) return refuse('Edits at a breakpoint must be a JSON object of channel values, like {"messages": […]}');
  for (const [channel, edited] of Object.entries(value.edits)) {
    const problem = checkChannelEdit(payload, channel, edited);
    if (problem) return refuse(problem);
  }
  return { ok: true, value: { action, edits: value.edits, ...nonce } };
}
