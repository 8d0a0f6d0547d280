/**
 * Tools that need the turn they run in — its state and run config — rather than just
 * their arguments: handoff, delegation, background helpers and multi-agent defaults.
 */
import type { LangGraphRunnableConfig } from "@langchain/langgraph/web";
import type { ToolSpec } from "../ports.js";
import type { GraphState } from "../state.js";
import type { CallableTool } from "../toolCall.js";

export interface TurnContext {
  callId: string;
  signal?: AbortSignal;
  state: GraphState;
  config: LangGraphRunnableConfig;
}

export interface TurnTool {
  spec: ToolSpec;
  returnDirect: boolean;
  /** After a successful call, control moves to this agent (transfer_to_*, request_help). */
  handoffTo?: { agent: string; reason: "transfer" | "request_help" };
  run(args: Record<string, unknown>, turn: TurnContext): Promise<unknown>;
}

export type AgentTool = CallableTool | TurnTool;

/** @example isTurnTool(transferTool(child)) // true */
export function isTurnTool(tool: AgentTool): tool is TurnTool {
  return "run" in tool;
}

/**
 * The tool as executeTool calls it, bound to this turn.
 * @example await executeTool(bindToTurn(tool, state, config), call, where, config)
 */
export function bindToTurn(tool: AgentTool, state: GraphState, config: LangGraphRunnableConfig): CallableTool {
  if (!isTurnTool(tool)) return tool;
  return { spec: tool.spec, returnDirect: tool.returnDirect, invoke: (args, context) => tool.run(args, { ...context, state, config }) };
}

/**
 * A required non-empty string argument.
 * @example textArgument({ message: "hi" }, "message") // "hi"
 */
export function textArgument(args: Record<string, unknown>, name: string): string {
  const value = args[name];
  if (typeof value !== "string" || !value.trim()) throw new Error(`"${name}" must be a non-empty string`);
  return value;
}
