/** Helpers nodes share at run time: emitting events, reading messages. */
import type { LangGraphRunnableConfig } from "@langchain/langgraph/web";
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { CallLink, NodeEmission, RunEventBody } from "./events.js";

/**
 * Run-config key holding the calls opened inside a root-level node (sub-agent calls and
 * the tool calls that started them), outermost first, so nested events land in the
 * call tree. LangGraph passes it down to nested graphs and does not persist it.
 */
export const CALL_PATH_KEY = "graphwright_calls";

/** The nested calls an event sits under (see CALL_PATH_KEY). */
export function callPathOf(config: LangGraphRunnableConfig): CallLink[] {
  const value = (config.configurable as Record<string, unknown> | undefined)?.[CALL_PATH_KEY];
  return Array.isArray(value) ? (value as CallLink[]) : [];
}

/** Sends an event to `runGraph` through LangGraph's custom stream. */
export function emit(config: LangGraphRunnableConfig, body: RunEventBody, where: { agent: string | null; callId?: string }): void {
  if (!config.writer) return;
  const configurable = (config.configurable ?? {}) as Record<string, unknown>;
  const metadata = (config.metadata ?? {}) as Record<string, unknown>;
  const calls = callPathOf(config);
  const emission: NodeEmission = {
    __graphwright: 1,
    body,
    ns: typeof configurable.checkpoint_ns === "string" ? configurable.checkpoint_ns : "",
    node: typeof metadata.langgraph_node === "string" ? metadata.langgraph_node : "",
    agent: where.agent,
    ...(calls.length > 0 ? { calls } : {}),
    ...(where.callId ? { call_id: where.callId } : {}),
  };
  config.writer(emission);
}

/**
 * The text of a message, whatever shape its content has.
 * @example textOf(new AIMessage({ content: [{ type: "text", text: "Hello" }] })) // "Hello"
 */
export function textOf(message: BaseMessage | undefined): string {
  if (!message) return "";
  const content = message.content;
  if (typeof content === "string") return content;
  return content.map((part) => (typeof part === "string" ? part : part.type === "text" && "text" in part ? String(part.text) : "")).join("");
}

export function lastHumanMessage(messages: readonly BaseMessage[]): HumanMessage | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m && HumanMessage.isInstance(m)) return m;
  }
  return undefined;
}

/**
 * A message as plain JSON, for events and the final state.
 * @example messageToJson(new HumanMessage({ id: "m1", content: "hi" })) // { id: "m1", role: "human", content: "hi" }
 */
export function messageToJson(message: BaseMessage): Record<string, unknown> {
  const base: Record<string, unknown> = { id: message.id ?? null, role: message.getType(), content: textOf(message) };
  if (message.name) base.name = message.name;
  if (AIMessage.isInstance(message) && message.tool_calls?.length) {
    base.tool_calls = message.tool_calls.map((c) => ({ id: c.id, name: c.name, args: c.args }));
  }
  if (ToolMessage.isInstance(message)) {
    base.tool_call_id = message.tool_call_id;
    if (message.status === "error") base.status = "error";
  }
  return base;
}

/** Turns any tool output into the text a ToolMessage carries. */
export function resultText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined) return "";
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
