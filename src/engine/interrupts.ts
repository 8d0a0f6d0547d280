/**
 * The interrupt payloads and answers of paused runs. They are a plain-JSON contract shared
 * with the app (which must not load the engine on the main thread), so they live in the schema.
 * The payload types the engine's API hands out are named here again, with examples.
 */
import type * as contract from "../schema/interrupts.js";

export * from "../schema/interrupts.js";

/**
 * A destructive tool call or an Approval node waiting for a decision.
 * @example
 * const card: ApprovalInterrupt = { kind: "approval", tool: "delete_task", args: { id: 7 }, message: "Delete task 7?", allow_edit: true, agent: "Main", node: "Main" };
 */
export type ApprovalInterrupt = contract.ApprovalInterrupt;

/**
 * A Question node waiting for one of its options.
 * @example
 * const ask: QuestionInterrupt = { kind: "question", question: "Ship it?", options: [{ id: "yes", label: "Yes" }], node: "Confirm" };
 */
export type QuestionInterrupt = contract.QuestionInterrupt;

/**
 * What a paused run asks a person: an approval or a question.
 * @example const title = (payload: InterruptPayload) => (payload.kind === "approval" ? payload.message : payload.question);
 */
export type InterruptPayload = contract.InterruptPayload;

/**
 * A breakpoint hit, with the state at the pause.
 * @example const where = (p: BreakpointInterrupt) => `${p.when} ${p.step ?? p.node}`;
 */
export type BreakpointInterrupt = contract.BreakpointInterrupt;

/**
 * What to do at a breakpoint.
 * @example const go: BreakpointAnswer = { action: "continue", edits: { count: 3 } };
 */
export type BreakpointAnswer = contract.BreakpointAnswer;

/**
 * A tool waiting to send a saved secret to an origin not on the secret's list.
 * @example const asked = (p: SecretInterrupt) => `${p.tool} → ${p.origin} (${p.secret})`;
 */
export type SecretInterrupt = contract.SecretInterrupt;

/**
 * A person's answer to a secret's use, naming the secret and origin it answers.
 * @example const once: SecretAnswer = { decision: "once", secret: "GITHUB_TOKEN", origin: "https://api.github.com" };
 */
export type SecretAnswer = contract.SecretAnswer;

/**
 * Send the secret this once, allow the origin for good, or not.
 * @example const decide = (trusted: boolean): SecretDecision => (trusted ? "always" : "deny");
 */
export type SecretDecision = contract.SecretDecision;
