/** One streamed model call: emits token deltas and the final AI message as events. */
import type { LangGraphRunnableConfig } from "@langchain/langgraph/web";
import { AIMessage, type AIMessageChunk, type BaseMessage } from "@langchain/core/messages";
import { usageMeter } from "./callUsage.js";
import type { ChatModelPort, IdSource, ToolSpec } from "./ports.js";
import { emit, textOf } from "./runtime.js";
import { BAD_TOOL_ARGS_KEY, toolCallIdTaken, toolCallsOf } from "./toolArgs.js";

export interface ModelCallInput {
  model: ChatModelPort;
  messages: BaseMessage[];
  tools: ToolSpec[];
  temperature?: number;
  state: Readonly<Record<string, unknown>>;
  agent: string;
  ids: IdSource;
}

/**
 * Streams a reply, emitting `message_delta` per chunk and `ai_message` at the end, with the
 * tokens the provider reported for the call.
 * A model without tool calling gets no tools: the agent falls back to plain chat.
 */
export async function callModel(input: ModelCallInput, config: LangGraphRunnableConfig): Promise<AIMessage> {
  const where = { agent: input.agent };
  const tools = input.model.supportsTools ? input.tools : [];
  const messageId = input.ids.next("msg");
  let full: AIMessageChunk | undefined;
  const stream = input.model.stream(input.messages, {
    tools,
    signal: config.signal,
    state: input.state,
    ...(input.temperature !== undefined ? { temperature: input.temperature } : {}),
  });
  let answeredBy: string | undefined;
  const meter = usageMeter();
  for await (const chunk of stream) {
    meter.add(chunk);
    // The profile that answered is named on the first chunk (concat would join repeats).
    answeredBy ??= chunk.response_metadata?.graphwright_profile as string | undefined;
    full = full ? full.concat(chunk) : chunk;
    const delta = textOf(chunk);
    if (delta) emit(config, { type: "message_delta", message_id: messageId, delta }, where);
  }
  const profile = answeredBy ?? input.model.profileId;
  if (profile !== input.model.profileId) {
    emit(config, { type: "model_fallback", from: input.model.profileId, to: profile, reason: "infrastructure failure" }, where);
  }
  const { calls: toolCalls, badArgs } = input.model.supportsTools
    ? toolCallsOf(full, messageId, (id) => toolCallIdTaken(input.messages, id))
    : { calls: [], badArgs: {} };
  const reply = new AIMessage({
    id: messageId,
    name: input.agent,
    content: textOf(full),
    tool_calls: toolCalls.map((c) => ({ ...c, type: "tool_call" as const })),
    ...(Object.keys(badArgs).length > 0 ? { additional_kwargs: { [BAD_TOOL_ARGS_KEY]: badArgs } } : {}),
  });
  const usage = meter.usage();
  emit(config, { type: "ai_message", message_id: messageId, content: textOf(reply), tool_calls: toolCalls, profile, ...(usage ? { usage } : {}) }, where);
  return reply;
}
