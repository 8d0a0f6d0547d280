/** The generated project's pauses for a person (src/pauses.ts): approvals, questions and the ask_user tool. */

/** What src/pauses.ts gives the generated graph, which graph.ts imports by name. */
export const PAUSE_HELPERS = ["approvalMessage", "approveDestructive", "askQuestion", "askUserTool", "rejectionNote", "requestApproval"];

export const PAUSES_SOURCE = `/**
 * Where the graph waits for a person: Approval and Question nodes, destructive tools, and the
 * ask_user tool. Each pauses the run with LangGraph's \`interrupt()\`; the run goes on when the
 * thread is invoked with \`new Command({ resume })\`:
 *
 * - an approval (\`{ kind: "approval", tool, args, message, allow_edit, agent, node }\`) takes
 *   \`{ decision: "approve" | "reject", reason? }\` or \`{ decision: "edit", args, reason? }\`;
 * - a question (\`{ kind: "question", question, options, node }\`) takes \`{ option_id }\`.
 *
 * An answer that does not fit is refused: the same pause comes again with the reason in \`error\`,
 * so nothing is lost. A node that pauses runs again from its start when resumed, so every
 * pause comes before the node's side effects.
 */
import { tool } from "@langchain/core/tools";
import { getConfig, interrupt } from "@langchain/langgraph";
import { z } from "zod";

/** An action or an Approval node's values waiting for a decision. */
export interface ApprovalRequest {
  kind: "approval";
  /** The tool about to run, or null for an Approval node. */
  tool: string | null;
  args: Record<string, unknown>;
  message: string;
  /** The person may change \`args\` before approving. */
  allow_edit: boolean;
  agent: string | null;
  node: string | null;
  /** The delegated agents the pause comes through, outermost first (none: the graph's own). */
  via?: string[];
  /** Why the last answer was refused. */
  error?: string;
}

/** A question waiting for one of its options. */
export interface QuestionRequest {
  kind: "question";
  question: string;
  options: { id: string; label: string }[];
  node: string | null;
  via?: string[];
  error?: string;
}

export type ApprovalDecision =
  | { decision: "approve"; reason?: string }
  | { decision: "reject"; reason?: string }
  | { decision: "edit"; args: Record<string, unknown>; reason?: string };

/** A person's decision: \`args\` are the edited ones after \`edit\`, the asked ones otherwise. */
export interface ApprovalResult {
  approved: boolean;
  decision: ApprovalDecision["decision"];
  args: Record<string, unknown>;
  reason: string | null;
}

type Check<T> = { ok: true; value: T } | { ok: false; message: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function checkApproval(request: ApprovalRequest, value: Record<string, unknown>): Check<ApprovalDecision> {
  const where = request.tool ? \`the call to "\${request.tool}"\` : \`approval "\${request.node ?? "?"}"\`;
  const reason = typeof value.reason === "string" && value.reason.trim() ? { reason: value.reason.trim() } : {};
  if (value.decision === "approve" || value.decision === "reject") return { ok: true, value: { decision: value.decision, ...reason } };
  if (value.decision !== "edit") {
    return { ok: false, message: \`Answer \${where} with decision "approve", "reject" or "edit", not \${JSON.stringify(value.decision ?? null)}\` };
  }
  if (!request.allow_edit) return { ok: false, message: \`Editing is not allowed for \${where}; approve or reject it\` };
  if (!isRecord(value.args)) return { ok: false, message: \`Edited arguments for \${where} must be a JSON object, like {"id": 1}\` };
  return { ok: true, value: { decision: "edit", args: value.args, ...reason } };
}

function checkQuestion(request: QuestionRequest, value: Record<string, unknown>): Check<string> {
  const id = value.option_id;
  if (typeof id === "string" && request.options.some((o) => o.id === id)) return { ok: true, value: id };
  const known = request.options.map((o) => \`"\${o.id}" (\${o.label})\`).join(", ");
  return { ok: false, message: \`"\${String(id ?? "")}" is not an option of question "\${request.node ?? request.question}"; choose one of \${known}\` };
}

/** The delegated agents the running turn comes through (see delegatedConfig in agentLoop.ts). */
function pauseVia(): { via?: string[] } {
  const via: unknown = getConfig()?.configurable?.pause_via;
  return Array.isArray(via) && via.length > 0 ? { via: via.map(String) } : {};
}

/** Pauses until the answer fits; each refusal pauses again (resume values match interrupts by order). */
function askUntilValid<R extends ApprovalRequest | QuestionRequest, T>(asked: R, check: (request: R, value: Record<string, unknown>) => Check<T>): T {
  const request: R = { ...asked, ...pauseVia() };
  let current: R = request;
  for (;;) {
    const answer: unknown = interrupt(current);
    const checked: Check<T> = isRecord(answer) ? check(request, answer) : { ok: false, message: \`An answer must be an object, got \${JSON.stringify(answer ?? null)}\` };
    if (checked.ok) return checked.value;
    current = { ...request, error: checked.message };
  }
}

/** The sentence shown for a tool call waiting for approval. */
export function approvalMessage(toolName: string | null, args: Record<string, unknown>): string {
  if (!toolName) return "Approve this step?";
  return \`"\${toolName}" is marked destructive. Run it with \${JSON.stringify(args)}?\`;
}

/** Pauses until a person approves, rejects or edits; call it before the node does anything. */
export function requestApproval(request: Omit<ApprovalRequest, "kind" | "error">): ApprovalResult {
  const answer = askUntilValid({ kind: "approval", ...request }, checkApproval);
  return {
    approved: answer.decision !== "reject",
    decision: answer.decision,
    args: answer.decision === "edit" ? answer.args : request.args,
    reason: answer.reason ?? null,
  };
}

/** What the model reads when a person rejected its tool call. */
export function rejectionNote(toolName: string, reason: string | null): string {
  return \`The user rejected the call to "\${toolName}"\${reason ? \`: \${reason}\` : ""}. The tool was not run; do not retry it unless the user asks.\`;
}

/** Pauses until a person picks one of the options; returns the choice. */
export function askQuestion(question: string, options: { id: string; label: string }[], node: string | null): { option_id: string; label: string } {
  const id = askUntilValid({ kind: "question", question, options, node }, checkQuestion);
  return { option_id: id, label: options.find((o) => o.id === id)?.label ?? id };
}

/**
 * For an agent's loop: a call of one of its destructive tools waits for a person's decision —
 * run it (with the arguments as approved, maybe edited) or not (the note is the tool's error).
 * Other calls need no answer (null).
 */
export function approveDestructive(agent: string, destructive: readonly string[]) {
  return (call: { name: string; args: Record<string, unknown> }): { run: true; args: Record<string, unknown> } | { run: false; note: string } | null => {
    if (!destructive.includes(call.name)) return null;
    const decision = requestApproval({ tool: call.name, args: call.args, message: approvalMessage(call.name, call.args), allow_edit: true, agent, node: agent });
    return decision.approved ? { run: true, args: decision.args } : { run: false, note: rejectionNote(call.name, decision.reason) };
  };
}

const MAX_OPTIONS = 20;

/** The options the model offered, checked: each needs a unique id; a missing label is its id. */
function readOptions(value: { id: string; label?: string }[]): { id: string; label: string }[] {
  if (value.length === 0) throw new Error('"options" must be a non-empty list of { "id", "label" }');
  if (value.length > MAX_OPTIONS) throw new Error(\`"options" may list at most \${MAX_OPTIONS} choices; got \${value.length}\`);
  const out: { id: string; label: string }[] = [];
  for (const [i, { id, label }] of value.entries()) {
    if (!id.trim()) throw new Error(\`option \${i + 1} needs a non-empty text "id"\`);
    if (out.some((o) => o.id === id)) throw new Error(\`option id "\${id}" is listed twice\`);
    out.push({ id, label: label?.trim() ? label : id });
  }
  return out;
}

/** The ask_user tool: the agent asks the person a question with options; its turn waits for the choice. */
export function askUserTool(agent: string) {
  return tool(
    ({ question, options }) => {
      if (!question.trim()) throw new Error('"question" must be a non-empty string');
      const checked = readOptions(options);
      return JSON.stringify(askQuestion(question, checked, agent));
    },
    {
      name: "ask_user",
      description: "Ask the user a question with a few options and wait for their choice. Returns the chosen option's id and label.",
      schema: z.object({
        question: z.string().describe("The question, in one sentence"),
        options: z.array(z.object({ id: z.string(), label: z.string().optional() })),
      }),
    },
  );
}
`;
