/**
 * The fault catalogue: each way a real provider or proxy misbehaves, scripted for the wire
 * server in both protocols. Unit tests (vitest) and browser tests (Playwright) share it, so
 * it imports no test runner. The protocol of each request is read from its path
 * (`…/messages` is Anthropic), so one server serves profiles of both providers.
 */
import { anthropicError, anthropicStream } from "./anthropicWire.js";
import type { RecordedRequest, Reply, Respond } from "./faultServer.js";
import { openaiError, openaiStream, type WireUsage } from "./openaiWire.js";

export type WireProtocol = "openai" | "anthropic";

/** Every fault the catalogue scripts, with what it does (for test names and the README). */
export const FAULTS = {
  ok: "a good streamed reply",
  empty_200: "HTTP 200 with an empty body",
  done_only: "a stream with no content: only `[DONE]` (OpenAI) or `message_stop` (Anthropic)",
  html_200: "HTTP 200 with an HTML page, as a web server at a wrong base URL answers",
  reset_before_headers: "the connection is cut before any header",
  reset_mid_stream: "the connection is cut after two tokens",
  garbage_chunk: "two tokens, then an event whose data is not JSON",
  stall_after_2_tokens: "two tokens, then silence with the connection open",
  never_sends_headers: "the request is accepted and never answered",
  "429_retry_after": "HTTP 429 with `Retry-After` (exposed to pages by CORS), then a good reply",
  "429_hidden_retry_after": "HTTP 429 with `Retry-After` that CORS hides from pages, then a good reply",
  "429_no_retry_after": "HTTP 429 without `Retry-After`, then a good reply",
  "500x3": "HTTP 500 on every request",
  "500x2_then_success": "HTTP 500 twice, then a good reply",
  "401": "HTTP 401: the key is refused",
  non_json_tool_args: "a tool call whose arguments are not JSON",
  echo_key: "HTTP 401 whose error body echoes the API key without its prefix",
  echo_key_stream: "a good reply whose text echoes the API key",
} as const;
export type FaultKind = keyof typeof FAULTS;

export interface FaultOptions {
  /** The tokens of a good reply (and the first ones of a cut reply). */
  tokens?: string[];
  /** The `Retry-After` seconds of the 429 faults. */
  retryAfterSeconds?: number;
  /** A fixed protocol instead of reading it from the request path. */
  protocol?: WireProtocol;
}

/** The reply tokens when a test gives none. */
/** The mock tool `non_json_tool_args` calls (`get_weather`), as a graph's tool definition. */
export const WEATHER_TOOL = {
  id: "weather",
  kind: "mock" as const,
  name: "get_weather",
  description: "Weather for a city",
  input_schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  config: { default: "Sunny in {{ args.city }}" },
};

export const DEFAULT_TOKENS = ["Hello", " from", " the", " server"];

/** `/v1/messages` is Anthropic's endpoint; anything else is answered as OpenAI Chat Completions. */
export function protocolOf(request: RecordedRequest): WireProtocol {
  return /\/messages(\?|$)/.test(request.path) ? "anthropic" : "openai";
}

/** The API key a request carried (`Authorization: Bearer …` or `x-api-key`). */
export function keyOf(request: RecordedRequest): string {
  const header = request.headers["x-api-key"] ?? request.headers.authorization ?? "";
  return String(header).replace(/^Bearer\s+/i, "");
}

/** A good streamed reply in the request's protocol, reporting `usage` when given. */
export function streamReply(protocol: WireProtocol, tokens: string[], toolCalls: Parameters<typeof openaiStream>[1] = [], usage?: WireUsage): Reply {
  const options = usage ? { usage } : {};
  return { kind: "sse", events: protocol === "anthropic" ? anthropicStream(tokens, toolCalls, options) : openaiStream(tokens, toolCalls, options) };
}

/** An error status with the protocol's error body. */
export function errorReply(protocol: WireProtocol, status: number, message: string, type: string, headers?: Record<string, string>): Reply {
  const body = protocol === "anthropic" ? anthropicError(message, type) : openaiError(message, type);
  return { kind: "json", status, body, ...(headers ? { headers } : {}) };
}

/** The first events of a reply: its start and two tokens, without an end. */
function firstTwoTokens(protocol: WireProtocol, tokens: string[]): string[] {
  const two = tokens.slice(0, 2);
  // OpenAI: the role delta, then one event per token. Anthropic: message_start, ping, block start, then deltas.
  return protocol === "anthropic" ? anthropicStream(two).slice(0, 3 + two.length) : openaiStream(two).slice(0, 1 + two.length);
}

function garbage(protocol: WireProtocol): string {
  return protocol === "anthropic" ? "event: content_block_delta\ndata: {not json at all\n\n" : "data: {not json at all\n\n";
}

/**
 * What the server answers to the n-th request for a fault (n counts model requests, from 0).
 * @example const server = await startWireServer(faultResponder("500x2_then_success"));
 */
export function faultResponder(fault: FaultKind, options: FaultOptions = {}): Respond {
  const tokens = options.tokens ?? DEFAULT_TOKENS;
  const retryAfter = String(options.retryAfterSeconds ?? 1);
  return (request, n) => {
    const protocol = options.protocol ?? protocolOf(request);
    const ok = streamReply(protocol, tokens);
    const rateLimited = (headers?: Record<string, string>) => errorReply(protocol, 429, "Rate limit reached, slow down", "rate_limit_error", headers);
    switch (fault) {
      case "ok":
        return ok;
      case "empty_200":
        return { kind: "raw", status: 200, contentType: "application/json", body: "" };
      case "done_only":
        return protocol === "anthropic"
          ? { kind: "sse", events: ['event: message_stop\ndata: {"type":"message_stop"}\n\n'] }
          : { kind: "sse", events: ["data: [DONE]\n\n"] };
      case "html_200":
        return {
          kind: "raw",
          status: 200,
          contentType: "text/html; charset=utf-8",
          body: "<!doctype html><html><head><title>Welcome</title></head><body><h1>It works!</h1></body></html>",
        };
      case "reset_before_headers":
        return { kind: "reset" };
      case "reset_mid_stream":
        // The tokens arrive before the cut, as they do when a proxy drops a long stream: a reset
        // sent within a millisecond of the data can make the client's kernel discard it unread.
        return { kind: "sse", events: firstTwoTokens(protocol, tokens), reset: true, gapMs: 100 };
      case "garbage_chunk":
        return { kind: "sse", events: [...firstTwoTokens(protocol, tokens), garbage(protocol)], stall: true };
      case "stall_after_2_tokens":
        return { kind: "sse", events: firstTwoTokens(protocol, tokens), stall: true };
      case "never_sends_headers":
        return { kind: "silent" };
      case "429_retry_after":
        return n === 0 ? { ...rateLimited({ "retry-after": retryAfter }), exposeRetryAfter: true } : ok;
      case "429_hidden_retry_after":
        return n === 0 ? rateLimited({ "retry-after": retryAfter }) : ok;
      case "429_no_retry_after":
        return n === 0 ? rateLimited() : ok;
      case "500x3":
        return errorReply(protocol, 500, "The server had an error while processing your request", protocol === "anthropic" ? "api_error" : "server_error");
      case "500x2_then_success":
        return n < 2
          ? errorReply(protocol, 500, "The server had an error while processing your request", protocol === "anthropic" ? "api_error" : "server_error")
          : ok;
      case "401":
        return errorReply(protocol, 401, "Invalid API key", protocol === "anthropic" ? "authentication_error" : "invalid_api_key");
      case "non_json_tool_args":
        return n === 0 ? streamReply(protocol, [], [{ id: "call_bad", name: "get_weather", argumentPieces: ["city=Paris;", " days=2"] }]) : ok;
      case "echo_key":
        return errorReply(
          protocol,
          401,
          `Incorrect API key provided: ${withoutPrefix(keyOf(request))}.`,
          protocol === "anthropic" ? "authentication_error" : "invalid_api_key",
        );
      case "echo_key_stream":
        return streamReply(protocol, ["Your key is ", withoutPrefix(keyOf(request))]);
      default: {
        const unknown: never = fault;
        throw new Error(`Unknown fault: ${String(unknown)}`);
      }
    }
  };
}

/** The key as a provider might echo it: without `sk-`, `sk-ant-`, `sk-proj-`. */
function withoutPrefix(key: string): string {
  return key.replace(/^sk-(ant-|proj-)?/, "");
}
