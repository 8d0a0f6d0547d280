/**
 * A tool's request to send a saved secret to an origin the secret is not allowed for: the
 * run pauses with LangGraph's `interrupt()` (so the question survives a reload, like an
 * approval) and goes on with the person's decision. Nothing is sent before the answer.
 */
import type { LangGraphRunnableConfig } from "@langchain/langgraph/web";
import { askUntilValid } from "./approval.js";
import type { SecretAnswer, SecretDecision, SecretInterrupt } from "./interrupts.js";
import type { SecretUseRequest } from "./ports.js";

/** The sentence the person reads. */
export function secretUseMessage(request: SecretUseRequest): string {
  return `Graph "${request.graph}" wants its tool "${request.tool}" to send your secret ${request.secret} to ${request.origin}, which is not allowed for it yet.`;
}

/**
 * Pauses the run until a person decides whether the secret may go to the origin; must run
 * inside a graph node with its config. The node replays from its start on resume, so it is
 * called before the request is made.
 * @example
 * const decision = askSecretUse({ graph: "Issues", tool: "list_issues", secret: "GITHUB_TOKEN", origin: "https://api.github.com" }, { agent: "Main", node: "Main" }, config);
 * if (decision === "deny") throw new Error("denied");
 */
export function askSecretUse(request: SecretUseRequest, where: { agent: string | null; node: string | null }, config: LangGraphRunnableConfig): SecretDecision {
  const payload: SecretInterrupt = { kind: "secret", ...request, message: secretUseMessage(request), agent: where.agent, node: where.node };
  return askUntilValid<SecretAnswer>(payload, config).decision;
}
