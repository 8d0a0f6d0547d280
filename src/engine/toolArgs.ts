/**
 * Tool calls whose arguments are not JSON. LangChain parks them in `invalid_tool_calls`,
 * where nothing would run or answer them and the turn would just end. They are kept as
 * ordinary tool calls with empty arguments (so the provider sees each call answered) and
 * their raw text is noted on the message, so the call fails as a tool error the model can read.
 */
import type { AIMessage, AIMessageChunk } from "@langchain/core/messages";

/** `additional_kwargs` key of an AI message: call id → the raw arguments text that was not JSON. */
export const BAD_TOOL_ARGS_KEY = "graphwright_bad_tool_args";

/** The longest piece of raw arguments quoted back in an error. */
const QUOTE_LIMIT = 200;

export interface ParsedToolCall {
  id: string;
  name: string;
  args: Record<string, unknown>;
}

/**
 * The reply's tool calls, valid ones first, then those with unreadable arguments (with
 * empty arguments), and the raw text of the latter by call id.
 * @example const { calls, badArgs } = toolCallsOf(full, "msg_1"); // badArgs: { call_1: "city=Paris" }
 */
export function toolCallsOf(full: AIMessageChunk | undefined, messageId: string): { calls: ParsedToolCall[]; badArgs: Record<string, string> } {
  const calls: ParsedToolCall[] = (full?.tool_calls ?? []).map((call, i) => ({
    id: call.id || `${messageId}_call_${i}`,
    name: call.name,
    args: (call.args ?? {}) as Record<string, unknown>,
  }));
  const badArgs: Record<string, string> = {};
  (full?.invalid_tool_calls ?? []).forEach((call, i) => {
    // A fragment without a name is not a call the model can be told about.
    if (!call.name) return;
    const id = call.id || `${messageId}_bad_call_${i}`;
    calls.push({ id, name: call.name, args: {} });
    badArgs[id] = call.args ?? "";
  });
  return { calls, badArgs };
}

/** The raw arguments of a call whose arguments were not JSON, or undefined for a good call. */
export function badArgsOf(message: AIMessage, callId: string): string | undefined {
  const noted = message.additional_kwargs?.[BAD_TOOL_ARGS_KEY] as Record<string, unknown> | undefined;
  const raw = noted?.[callId];
  return typeof raw === "string" ? raw : undefined;
}

/**
 * What the model and the user read about such a call.
 * @example badArgsError("get_weather", "city=Paris") // 'The arguments of get_weather were not valid JSON …'
 */
export function badArgsError(tool: string, raw: string): string {
  const quoted = raw.length > QUOTE_LIMIT ? `${raw.slice(0, QUOTE_LIMIT)}…` : raw;
  return `The arguments of ${tool} were not valid JSON (${JSON.stringify(quoted)}), so the tool did not run. Call it again with the arguments as one JSON object.`;
}
