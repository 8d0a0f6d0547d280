/** OpenAI Chat Completions streaming, as the server sends it: `data: {chat.completion.chunk}` lines, then `data: [DONE]`. */

export interface WireToolCall {
  id: string;
  name: string;
  /** The JSON arguments, sent in these pieces. */
  argumentPieces: string[];
}

const base = { id: "chatcmpl-test", object: "chat.completion.chunk", created: 1_700_000_000, model: "test-model", system_fingerprint: null };

function data(payload: unknown): string {
  return `data: ${JSON.stringify(payload)}\n\n`;
}

function delta(delta: Record<string, unknown>, finish_reason: string | null = null): string {
  return data({ ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason }] });
}

/** A reply streamed as the given text tokens and tool calls (id and name first, arguments in pieces). */
export function openaiStream(tokens: string[], toolCalls: WireToolCall[] = [], options: { done?: boolean } = {}): string[] {
  const events = [delta({ role: "assistant", content: "", refusal: null })];
  for (const token of tokens) events.push(delta({ content: token }));
  toolCalls.forEach((call, index) => {
    events.push(delta({ tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: "" } }] }));
    for (const piece of call.argumentPieces) events.push(delta({ tool_calls: [{ index, function: { arguments: piece } }] }));
  });
  events.push(delta({}, toolCalls.length > 0 ? "tool_calls" : "stop"));
  events.push(data({ ...base, choices: [], usage: { prompt_tokens: 5, completion_tokens: tokens.length, total_tokens: 5 + tokens.length } }));
  if (options.done !== false) events.push("data: [DONE]\n\n");
  return events;
}

/** An OpenAI error body. */
export function openaiError(message: string, type = "invalid_request_error"): unknown {
  return { error: { message, type, param: null, code: null } };
}
