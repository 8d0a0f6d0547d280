/**
 * Human approval inside a running node: pauses the run with LangGraph's `interrupt()`
 * and returns the person's decision once the run is resumed with `Command({ resume })`.
 * Used by Approval nodes, by destructive tools (agents and Tool nodes) and by any node
 * that needs a yes/no on an action (e.g. a planner's destructive actions).
 */
import { interrupt, type LangGraphRunnableConfig } from "@langchain/langgraph/web";
import { AsyncLocalStorageProviderSingleton } from "@langchain/core/singletons";
import { validateResume, type ApprovalDecision, type ApprovalInterrupt, type InterruptPayload, type QuestionAnswer } from "./interrupts.js";

export interface ApprovalRequest {
  /** The tool about to run; omit for a general approval (Approval node). */
  tool?: string | null;
  /** What is being approved: the call's arguments or the values under review. */
  args: Record<string, unknown>;
  /** The sentence shown to the person; defaults to one naming the tool. */
  message?: string;
  /** The person may edit `args` before approving (default true). */
  allowEdit?: boolean;
  agent?: string | null;
  node?: string | null;
}

export interface ApprovalResult {
  /** True for approve and edit. */
  approved: boolean;
  decision: ApprovalDecision["decision"];
  /** The arguments to use: the edited ones after `edit`, the originals otherwise. */
  args: Record<string, unknown>;
  reason: string | null;
}

/** Where LangChain keeps the running node's config in its async-local store. */
const CHILD_CONFIG = Symbol.for("lc:child_config");

/**
 * Calls `interrupt()` with the node's config in scope. The browser has no
 * AsyncLocalStorage, so LangGraph's web build cannot find the config by itself;
 * `interrupt()` is synchronous, so lending the store for the call is safe.
 */
function interruptWith(value: InterruptPayload, config: LangGraphRunnableConfig): unknown {
  if (AsyncLocalStorageProviderSingleton.getRunnableConfig()) return interrupt(value);
  const storage = AsyncLocalStorageProviderSingleton.getInstance() as { getStore: () => unknown };
  const own = Object.prototype.hasOwnProperty.call(storage, "getStore");
  const original = storage.getStore;
  storage.getStore = () => ({ extra: { [CHILD_CONFIG]: config } });
  try {
    return interrupt(value);
  } finally {
    if (own) storage.getStore = original;
    else delete (storage as { getStore?: unknown }).getStore;
  }
}

/**
 * Asks until the answer is acceptable: a refused answer pauses again with the reason in
 * `error`, so the run stays paused and nothing is lost. (LangGraph matches resume values
 * to `interrupt()` calls by order, so each refusal adds one pause to the node's replay.)
 */
export function askUntilValid<T>(payload: InterruptPayload, config: LangGraphRunnableConfig): T {
  let current: InterruptPayload = payload;
  for (;;) {
    const answer: unknown = interruptWith(current, config);
    const checked = validateResume(payload, answer);
    if (checked.ok) return checked.value as T;
    current = { ...payload, error: checked.message };
  }
}

/** The default sentence for a tool call waiting for approval. */
export function approvalMessage(tool: string | null | undefined, args: Record<string, unknown>): string {
  if (!tool) return "Approve this step?";
  return `"${tool}" is marked destructive. Run it with ${JSON.stringify(args)}?`;
}

/**
 * Pauses the run until a person approves, rejects or edits an action. Must be called
 * inside a graph node (with that node's config) of a graph compiled with a checkpointer. The node runs again from
 * its start when the run resumes, so call this before any side effect of the node.
 * @example
 * const { approved, args } = requestApproval({ tool: "delete_task", args: { id: 7 }, agent: "Assistant" }, config);
 * if (!approved) return { messages: [rejectionNote] };
 * await deleteTask(args); // args may have been edited by the person
 */
export function requestApproval(request: ApprovalRequest, config: LangGraphRunnableConfig): ApprovalResult {
  const payload: ApprovalInterrupt = {
    kind: "approval",
    tool: request.tool ?? null,
    args: request.args,
    message: request.message ?? approvalMessage(request.tool, request.args),
    allow_edit: request.allowEdit ?? true,
    agent: request.agent ?? null,
    node: request.node ?? null,
  };
  const answer = askUntilValid<ApprovalDecision>(payload, config);
  return {
    approved: answer.decision !== "reject",
    decision: answer.decision,
    args: answer.decision === "edit" ? answer.args : request.args,
    reason: answer.reason ?? null,
  };
}

/** The note a model reads when a person rejected its tool call. */
export function rejectionNote(tool: string, reason: string | null): string {
  return `The user rejected the call to "${tool}"${reason ? `: ${reason}` : ""}. The tool was not run; do not retry it unless the user asks.`;
}

/**
 * Pauses the run until a person picks one of the options; returns the option id.
 * An id that is not an option is refused and the question asked again.
 * @example
 * const choice = askQuestion({ question: "Which calendar?", options: [{ id: "work", label: "Work" }], node: "Pick" }, config);
 */
export function askQuestion(
  question: { question: string; options: { id: string; label: string }[]; node?: string | null },
  config: LangGraphRunnableConfig,
): string {
  const answer = askUntilValid<QuestionAnswer>(
    { kind: "question", question: question.question, options: question.options, node: question.node ?? null },
    config,
  );
  return answer.option_id;
}
