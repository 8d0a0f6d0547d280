/** OpenAI Chat Completions streaming, as the server sends it: `data: {chat.completion.chunk}` lines, then `data: [DONE]`. */

export interface WireToolCall {
  id: string;
  name: string;
  /** The JSON arguments, sent in these pieces. */
  argumentPieces: string[];
}

/**
 * A call's usage as a test scripts it, in one shape for both protocols: `input` is the whole
 * prompt, `cached` (prompt-cache reads) and `cacheWrite` (Anthropic's cache writes) parts of it.
 */
export interface WireUsage {
  input: number;
  /** Defaults to one per streamed token (and tool call). */
  output?: number;
  cached?: number;
  cacheWrite?: number;
}

const base = { id: "chatcmpl-test", object: "chat.completion.chunk", created: 1_700_000_000, model: "test-model", system_fingerprint: null };

function data(payload: unknown): string {
  return `data: ${JSON.stringify(payload)}\n\n`;
}

function delta(delta: Record<string, unknown>, finish_reason: string | null = null): string {
  return data({ ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason }] });
}

/** The `usage` object of a Chat Completions response, as OpenAI sends it. */
export function openaiUsage(usage: WireUsage, output: number) {
  const completion = usage.output ?? output;
  return {
    prompt_tokens: usage.input,
    completion_tokens: completion,
    total_tokens: usage.input + completion,
    prompt_tokens_details: { cached_tokens: usage.cached ?? 0, audio_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
  };
}

/**
 * A reply streamed as the given text tokens and tool calls (id and name first, arguments in
 * pieces), ending with the usage chunk a client asking for `stream_options.include_usage` gets.
 */
export function openaiStream(tokens: string[], toolCalls: WireToolCall[] = [], options: { done?: boolean; usage?: WireUsage } = {}): string[] {
  const events = [delta({ role: "assistant", content: "", refusal: null })];
  for (const token of tokens) events.push(delta({ content: token }));
  toolCalls.forEach((call, index) => {
    events.push(delta({ tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: "" } }] }));
    for (const piece of call.argumentPieces) events.push(delta({ tool_calls: [{ index, function: { arguments: piece } }] }));
  });
  events.push(delta({}, toolCalls.length > 0 ? "tool_calls" : "stop"));
  events.push(data({ ...base, choices: [], usage: openaiUsage(options.usage ?? { input: 5 }, tokens.length) }));
  if (options.done !== false) events.push("data: [DONE]\n\n");
  return events;
}

/** An OpenAI error body. */
export function openaiError(message: string, type = "invalid_request_error"): unknown {
  return { error: { message, type, param: null, code: null } };
}
