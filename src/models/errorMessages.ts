/**
 * The sentences a failed model call shows: what went wrong, where (the server's address),
 * and what to change. The provider's own words follow when they add something, without the
 * SDK's noise (status prefixes, troubleshooting links, raw JSON bodies).
 */
import type { ModelErrorKind } from "../engine/index.js";

/** Where the failed call went, when the caller knows. */
export interface CallSite {
  baseUrl?: string;
  profileId?: string;
  /** The reply had started streaming when the call failed. */
  midReply?: boolean;
}

/** SDK wrappers that say nothing the sentence does not already say. */
const NOISE = /^(connection error\.?|fetch failed|failed to fetch|load failed|network error|terminated|request was aborted\.?|networkerror.*)$/i;

/**
 * The provider's own explanation from an SDK message: `401 {"error":{"message":"…"}}` and
 * `401 Invalid key\nTroubleshooting URL: …` both become the message alone.
 * @example providerDetail('429 {"type":"error","error":{"type":"rate_limit_error","message":"Slow down"}}') // "Slow down"
 */
export function providerDetail(original: string): string {
  const parts = unwrapJson(original.split(/\n/)[0]!)
    .split(/: /)
    .map((part) => part.trim())
    .filter((part) => part && !NOISE.test(part));
  const detail = parts
    .map((part) => part.replace(/^\d{3}\s+/, ""))
    .filter((part, i, all) => part && all.indexOf(part) === i)
    .join(": ");
  return detail.replace(/[.\s]+$/, "");
}

/** Replaces a JSON error body in `line` by its message. */
function unwrapJson(line: string): string {
  const start = line.indexOf("{");
  const end = line.lastIndexOf("}");
  if (start < 0 || end < start) return line;
  try {
    const body = JSON.parse(line.slice(start, end + 1)) as { error?: { message?: unknown }; message?: unknown };
    const message = body.error?.message ?? body.message;
    return typeof message === "string" ? `${line.slice(0, start)}${message}${line.slice(end + 1)}` : line;
  } catch {
    return line;
  }
}

/**
 * One error as sentences.
 * @example messageFor("connection", undefined, "Connection error.: Failed to fetch", { baseUrl: "http://127.0.0.1:1234/v1" })
 * // "Could not reach http://127.0.0.1:1234/v1: the connection failed. Check the base URL in Settings and that the server is running."
 */
export function messageFor(kind: ModelErrorKind, status: number | undefined, original: string, site: CallSite = {}): string {
  const server = site.baseUrl ? `The model server at ${site.baseUrl}` : "The model server";
  const http = status !== undefined ? ` (HTTP ${status})` : "";
  const detail = providerDetail(original);
  const said = detail ? `: ${detail}` : "";
  const profile = site.profileId ? `model profile "${site.profileId}"` : "the model profile";
  switch (kind) {
    case "connection":
      if (site.midReply) {
        return `The connection to ${site.baseUrl ?? "the model server"} broke in the middle of the reply${detail ? ` (${detail})` : ""}. Send the message again to get the whole reply.`;
      }
      return `Could not reach ${site.baseUrl ?? "the model server"}: the connection failed${detail ? ` (${detail})` : ""}. Check the base URL in Settings and that the server is running.`;
    case "timeout":
      return `${server} took too long to answer${http}${said}. Try again; if it keeps happening, raise first_byte_timeout_ms of ${profile} in Settings.`;
    case "rate_limited":
      return `${server} is limiting how often it may be called${http}${said}. Wait a moment and send again, or use a key or plan with a higher limit.`;
    case "server":
      return `${server} failed${http}${said}. The fault is on the server's side: try again later, or give ${profile} a fallback profile.`;
    case "bad_request":
      return `${server} refused the request${http}${said}. Check the model name and options of ${profile} in Settings.`;
    case "auth":
      return `${server} refused the API key${http}${said}. Check the key saved for this provider in Settings.`;
    case "aborted":
      return "The model call was cancelled.";
    case "invalid_response":
      return `${server} sent a reply that could not be read${said}. Check that the base URL of ${profile} points at a server that speaks this provider's protocol, in Settings.`;
    case "empty_response":
      return `${server} answered${http} but sent no text and no tool call. Send the message again.`;
    case "not_a_model_server":
      return `${site.baseUrl ?? "The server"} did not answer like a model server${said}. Check the base URL of ${profile} in Settings.`;
    case "missing_key":
      return `No API key for ${profile}: add it in Settings.`;
    default: {
      const unknown: never = kind;
      return `The model call failed (${String(unknown)})${said}.`;
    }
  }
}
