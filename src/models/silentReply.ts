/**
 * Catches the answers that look like success but are not: an HTTP 200 with nothing in it, or
 * a 200 from a server that is not a model server at all (an HTML page at a wrong base URL).
 * The SDKs end such streams quietly, which would store an empty reply as if the model said nothing.
 */
import type { AIMessageChunk } from "@langchain/core/messages";
import { ModelError } from "../engine/index.js";

/** What the last response of a call looked like, seen through the fetch the SDK uses. */
export interface ResponseSeen {
  status?: number;
  contentType?: string;
}

/**
 * A fetch that notes each response's status and content type in `seen`, then hands the
 * response on untouched.
 * @example const seen = {}; const chat = createOpenAIModel(profile, { apiKey, fetch: watchResponses(fetch, seen) });
 */
export function watchResponses(base: typeof fetch | undefined, seen: ResponseSeen): typeof fetch {
  return async (input, init) => {
    const response = await (base ?? globalThis.fetch)(input, init);
    seen.status = response.status;
    seen.contentType = response.headers.get("content-type") ?? "";
    return response;
  };
}

/** True when a chunk carries something a reply is made of: text or a piece of a tool call. */
export function carriesReply(chunk: AIMessageChunk): boolean {
  if ((chunk.tool_call_chunks?.length ?? 0) > 0 || (chunk.tool_calls?.length ?? 0) > 0) return true;
  if (typeof chunk.content === "string") return chunk.content.length > 0;
  return chunk.content.some((part) => (part.type === "text" ? typeof part.text === "string" && part.text.length > 0 : part.type === "tool_use"));
}

/** Streams and JSON are what model servers answer with; anything else (HTML, plain text) is some other server. */
function isModelContentType(contentType: string): boolean {
  return contentType === "" || /event-stream|json/i.test(contentType);
}

/**
 * The error for a call whose stream ended without any text or tool call.
 * @example if (!replied) throw silentReplyError("gpt", "http://127.0.0.1:1234/v1", seen, "openai");
 */
export function silentReplyError(profileId: string, baseUrl: string, seen: ResponseSeen, provider: "openai" | "anthropic" = "openai"): ModelError {
  const status = seen.status ?? 200;
  const contentType = (seen.contentType ?? "").split(";")[0]!.trim();
  if (!isModelContentType(contentType)) {
    return new ModelError(
      "not_a_model_server",
      `${baseUrl} answered with ${describe(contentType)} (${contentType}), not a model reply: it is probably not the address of a model server. ` +
        `Check the base URL of model profile "${profileId}" in Settings${provider === "openai" ? " (the address of an OpenAI-compatible server usually ends in /v1)" : ""}.`,
      { profileId, status, cause: { name: "NotAModelServer", message: `HTTP ${status}, content type ${contentType}`, contentType } },
    );
  }
  return new ModelError(
    "empty_response",
    `The model server at ${baseUrl} answered (HTTP ${status}) but sent no text and no tool call, so there is no reply to show. ` +
      `Send the message again; if it keeps happening, check that model profile "${profileId}" names a model this server serves.`,
    { profileId, status, cause: { name: "EmptyResponse", message: `HTTP ${status}, content type ${contentType || "none"}`, contentType } },
  );
}

function describe(contentType: string): string {
  if (/html/i.test(contentType)) return "a web page";
  if (/^text\//i.test(contentType)) return "plain text";
  return "something else";
}
