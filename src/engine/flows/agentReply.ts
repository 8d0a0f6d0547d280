/**
 * Agent reply policies (seed 004): the forced tool — the model must call a named tool on
 * its first reply of the turn; when it does not, an app-built fallback result stands in
 * for the tool and the model answers again with tools disabled — and sanitize, which
 * strips pseudo tool-call text from replies.
 */
import type { LangGraphRunnableConfig } from "@langchain/langgraph/web";
import { AIMessage, SystemMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { AgentData, ToolDefinition } from "../../schema/index.js";
import { EngineError } from "../errors.js";
import type { IdSource } from "../ports.js";
import { emit, lastHumanMessage, textOf } from "../runtime.js";
import { renderTemplate } from "../template.js";
import type { ToolOutcome } from "../toolCall.js";
import { sanitizeReply } from "./sanitize.js";

export interface ReplyTurn {
  /** True on the agent's first model call of the turn. */
  firstCall: boolean;
  state: Readonly<Record<string, unknown>> & { messages: readonly BaseMessage[] };
  /** The conversation the model saw (without the forced-tool instruction). */
  messages: readonly BaseMessage[];
  /** Calls the model again on `messages` + `extra`, with tools disabled. */
  rerun: (messages: BaseMessage[]) => Promise<AIMessage>;
}

export interface ReplyPolicy {
  /** The messages for a model call: on the first call, a forced tool adds an instruction to call it. */
  prepare(messages: BaseMessage[], firstCall: boolean): BaseMessage[];
  /** The messages the agent adds for this model call (the reply, or the fallback exchange and the re-run reply). */
  finish(reply: AIMessage, turn: ReplyTurn, config: LangGraphRunnableConfig): Promise<BaseMessage[]>;
  /** A forced tool that ran but returned nothing gets the fallback as its result (seed 004 grounded lookup). */
  toolResult(tool: string, outcome: ToolOutcome, turn: Pick<ReplyTurn, "state" | "messages">, config: LangGraphRunnableConfig): ToolOutcome;
}

/**
 * The forced tool's catalog definition; it must exist and be one of the agent's tools.
 * @example forcedToolOf(agent, doc.tools, nodeId)?.name // "lookup_crisis_resources"
 */
export function forcedToolOf(agent: AgentData, catalog: readonly ToolDefinition[], nodeId: string): ToolDefinition | null {
  const forced = agent.forced_tool;
  if (!forced) return null;
  const definition = catalog.find((t) => t.id === forced.tool);
  if (!definition || !agent.tools.includes(forced.tool)) {
    const why = definition ? "is not one of its tools" : "is not in the tool catalog";
    throw new EngineError("COMPILE_ERROR", `Agent "${agent.name}": forced tool "${forced.tool}" ${why}`, { nodeId });
  }
  return definition;
}

function sanitized(reply: AIMessage, tools: readonly string[], agent: string, config: LangGraphRunnableConfig): AIMessage {
  const { text, removed } = sanitizeReply(textOf(reply), tools);
  if (removed.length === 0) return reply;
  const id = reply.id ?? "";
  const toolCalls = (reply.tool_calls ?? []).map((c) => ({ id: c.id ?? "", name: c.name, args: c.args as Record<string, unknown> }));
  emit(config, { type: "reply_sanitized", message_id: id, removed }, { agent });
  // The same message id again: the chat shows the clean text in place of the streamed one.
  emit(config, { type: "ai_message", message_id: id, content: text, tool_calls: toolCalls, profile: null }, { agent });
  return new AIMessage({ id: reply.id, name: reply.name, content: text, tool_calls: reply.tool_calls ?? [] });
}

/**
 * The reply policy of an agent; every agent has one (without options it passes replies through).
 * @example
 * const policy = replyPolicyOf(agent, doc.tools, specs.map((s) => s.name), ids, node.id);
 * const added = await policy.finish(reply, { firstCall, state, messages, rerun }, config);
 */
export function replyPolicyOf(agent: AgentData, catalog: readonly ToolDefinition[], toolNames: readonly string[], ids: IdSource, nodeId: string): ReplyPolicy {
  const forced = forcedToolOf(agent, catalog, nodeId);
  const fallbackFor = (turn: Pick<ReplyTurn, "state" | "messages">) => {
    const input = textOf(lastHumanMessage(turn.state.messages as BaseMessage[]) ?? lastHumanMessage(turn.messages as BaseMessage[]));
    return renderTemplate(agent.forced_tool?.fallback ?? "", { state: turn.state, input });
  };
  const clean = (reply: AIMessage, config: LangGraphRunnableConfig) => (agent.sanitize ? sanitized(reply, toolNames, agent.name, config) : reply);
  return {
    prepare(messages, firstCall) {
      if (!forced || !firstCall) return messages;
      // Into the system prompt, not after the conversation: some providers accept system text only first.
      const instruction = `Before you answer, call the tool "${forced.name}". Answer only from its result.`;
      const [first, ...rest] = messages;
      if (first && SystemMessage.isInstance(first)) return [new SystemMessage(`${textOf(first)}\n\n${instruction}`), ...rest];
      return [new SystemMessage(instruction), ...messages];
    },
    async finish(reply, turn, config) {
      const called = !forced || !turn.firstCall || (reply.tool_calls ?? []).some((c) => c.name === forced.name);
      if (called) return [clean(reply, config)];
      const tool = forced as ToolDefinition;
      const result = fallbackFor(turn);
      const callId = ids.next("call");
      // The skipped reply is replaced (same id) by the forced call the app answered itself.
      const messageId = reply.id ?? ids.next("msg");
      const call = new AIMessage({ id: messageId, name: agent.name, content: "", tool_calls: [{ id: callId, name: tool.name, args: {}, type: "tool_call" }] });
      const answer = new ToolMessage({ id: ids.next("msg"), tool_call_id: callId, name: tool.name, content: result });
      const where = { agent: agent.name };
      emit(config, { type: "forced_tool_fallback", tool: tool.name, result, reason: "not_called" }, where);
      emit(config, { type: "ai_message", message_id: messageId, content: "", tool_calls: [{ id: callId, name: tool.name, args: {} }], profile: null }, where);
      emit(config, { type: "tool_call", tool_call_id: callId, tool: tool.name, args: {} }, { ...where, callId });
      const fallbackResult = { type: "tool_result" as const, tool_call_id: callId, tool: tool.name, result, error: null, duration_ms: 0, return_direct: false };
      emit(config, fallbackResult, { ...where, callId });
      const again = await turn.rerun([...turn.messages, call, answer]);
      return [call, answer, clean(again, config)];
    },
    toolResult(name, outcome, turn, config) {
      if (!forced || name !== forced.name || outcome.error !== null || outcome.text.trim() !== "") return outcome;
      const result = fallbackFor(turn);
      emit(config, { type: "forced_tool_fallback", tool: name, result, reason: "empty_result" }, { agent: agent.name });
      return { ...outcome, text: result };
    },
  };
}
