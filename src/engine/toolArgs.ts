/**
 * Tool calls whose arguments are not JSON. LangChain parks them in `invalid_tool_calls`,
 * where nothing would run or answer them and the turn would just end. They are kept as
 * ordinary tool calls with empty arguments (so the provider sees each call answered) and
 * their raw text is noted on the message, so the call fails as a tool error the model can read.
 */
import { AIMessage, ToolMessage, type AIMessageChunk, type BaseMessage } from "@langchain/core/messages";

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
 * Whether the conversation already holds a tool call with this id: a call of one of its AI
 * messages or the id a tool result answers. Checked per id of a reply (usually one) rather
 * than by collecting every id, since it runs before each model call's reply is kept and the
 * conversation grows with the turn; `type` rather than isInstance() for the same reason.
 */
export function toolCallIdTaken(messages: readonly BaseMessage[], id: string): boolean {
  for (const m of messages) {
    if (m.type === "tool" && (m as ToolMessage).tool_call_id === id) return true;
    if (m.type === "ai" && (m as AIMessage).tool_calls?.some((call) => call.id === id)) return true;
  }
  return false;
}

/**
 * The reply's tool calls, valid ones first, then those with unreadable arguments (with
 * empty arguments), and the raw text of the latter by call id.
 *
 * A provider's id is kept unless it is missing or names a call the conversation (`taken`) or
 * the reply already has: some OpenAI-compatible servers number calls per reply (`call_0`), and
 * a repeated id would answer an older call, which providers refuse. Such a call gets an id
 * built from the reply's message id, which is unique.
 * @example const { calls, badArgs } = toolCallsOf(full, "msg_1", (id) => toolCallIdTaken(history, id)); // badArgs: { call_1: "city=Paris" }
 */
export function toolCallsOf(
  full: AIMessageChunk | undefined,
  messageId: string,
  taken: (id: string) => boolean = () => false,
): { calls: ParsedToolCall[]; badArgs: Record<string, string> } {
  const used = new Set<string>();
  const idFor = (given: string | undefined, fallback: string) => {
    const id = given && !used.has(given) && !taken(given) ? given : fallback;
    used.add(id);
    return id;
  };
  const calls: ParsedToolCall[] = (full?.tool_calls ?? []).map((call, i) => ({
    id: idFor(call.id, `${messageId}_call_${i}`),
    name: call.name,
    args: (call.args ?? {}) as Record<string, unknown>,
  }));
  const badArgs: Record<string, string> = {};
  (full?.invalid_tool_calls ?? []).forEach((call, i) => {
    // A fragment without a name is not a call the model can be told about.
    if (!call.name) return;
    const id = idFor(call.id, `${messageId}_bad_call_${i}`);
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
