/** Anthropic Messages streaming, as the server sends it: named SSE events from `message_start` to `message_stop`. */
import type { WireToolCall, WireUsage } from "./openaiWire.js";

function event(name: string, payload: Record<string, unknown>): string {
  return `event: ${name}\ndata: ${JSON.stringify({ type: name, ...payload })}\n\n`;
}

/**
 * A reply streamed as a text block of the given tokens, then one `tool_use` block per tool call.
 * Usage comes as Anthropic sends it: the prompt's tokens (uncached, cache reads, cache writes)
 * and a first output token in `message_start`, the final output count in `message_delta`.
 */
export function anthropicStream(tokens: string[], toolCalls: WireToolCall[] = [], options: { usage?: WireUsage } = {}): string[] {
  const usage = options.usage ?? { input: 12 };
  const cached = usage.cached ?? 0;
  const written = usage.cacheWrite ?? 0;
  const events = [
    event("message_start", {
      message: {
        id: "msg_test",
        type: "message",
        role: "assistant",
        model: "claude-test",
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: {
          input_tokens: usage.input - cached - written,
          cache_creation_input_tokens: written,
          cache_read_input_tokens: cached,
          output_tokens: 1,
          service_tier: "standard",
        },
      },
    }),
    event("ping", {}),
  ];
  let index = 0;
  if (tokens.length > 0) {
    events.push(event("content_block_start", { index, content_block: { type: "text", text: "" } }));
    for (const text of tokens) events.push(event("content_block_delta", { index, delta: { type: "text_delta", text } }));
    events.push(event("content_block_stop", { index }));
    index++;
  }
  for (const call of toolCalls) {
    events.push(event("content_block_start", { index, content_block: { type: "tool_use", id: call.id, name: call.name, input: {} } }));
    for (const partial_json of call.argumentPieces) {
      events.push(event("content_block_delta", { index, delta: { type: "input_json_delta", partial_json } }));
    }
    events.push(event("content_block_stop", { index }));
    index++;
  }
  events.push(
    event("message_delta", {
      delta: { stop_reason: toolCalls.length > 0 ? "tool_use" : "end_turn", stop_sequence: null },
      usage: { output_tokens: usage.output ?? tokens.length + toolCalls.length },
    }),
    event("message_stop", {}),
  );
  return events;
}

/** An Anthropic error body. */
export function anthropicError(message: string, type = "invalid_request_error"): unknown {
  return { type: "error", error: { type, message } };
}
