/** Turns whatever a provider SDK, LangChain or fetch threw into a classified, key-free `ModelError`. */
import { ModelError, type ModelErrorKind } from "../engine/index.js";
import { redact } from "../schema/redact.js";
import { messageFor, type CallSite } from "./errorMessages.js";

export { redact };

/** What survives of the original error: enough to debug, nothing that could hold a header or key. */
export interface ModelErrorCause {
  name: string;
  message: string;
  code?: string;
  /** From `retry-after-ms` / `retry-after` response headers, when the server sent one. */
  retryAfterMs?: number;
}

const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "ETIMEDOUT",
  "UND_ERR_SOCKET",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_CLOSED",
]);
/**
 * Messages of fetch failures in Node (undici), Chrome, Firefox and Safari, and of the SDKs'
 * connection error; the last three are a body stream cut after the headers (Chrome's
 * `TypeError: network error`, Firefox's and Safari's words for the same).
 */
const CONNECTION_MESSAGES =
  /^(fetch failed|failed to fetch|load failed|connection error\.?|network error|terminated)$|networkerror|error in body stream|network connection was lost/i;
/** Error `type`s that providers send in an error body or an in-stream `error` event. */
const TYPE_KINDS: Record<string, ModelErrorKind> = {
  rate_limit_error: "rate_limited",
  rate_limit_exceeded: "rate_limited",
  overloaded_error: "server",
  api_error: "server",
  server_error: "server",
  timeout_error: "timeout",
  authentication_error: "auth",
  permission_error: "auth",
  invalid_api_key: "auth",
  invalid_request_error: "bad_request",
  not_found_error: "bad_request",
  request_too_large: "bad_request",
};
/**
 * Classifies a failure of one model call. The result never references the original
 * error object (SDK errors carry request options and headers); `secrets` are
 * redacted from every message.
 *
 * @example
 * try { ... } catch (err) { throw classifyError(err, profile.id, [apiKey], { baseUrl: profile.base_url }); }
 */
export function classifyError(err: unknown, profileId: string, secrets: readonly string[] = [], site: Omit<CallSite, "profileId"> = {}): ModelError {
  if (err instanceof ModelError) return err.details.profileId ? err : rebuild(err, profileId);
  const status = statusOf(err);
  const kind = kindOf(err, status);
  const cause = causeOf(err, secrets);
  const message = redact(messageFor(kind, status, cause.message, { ...site, profileId }), secrets);
  return new ModelError(kind, message, { profileId, ...(status !== undefined ? { status } : {}), cause });
}

/** The server's requested wait before a retry, when it sent one. */
export function retryAfterMsOf(error: ModelError): number | undefined {
  const cause = error.details.cause as ModelErrorCause | undefined;
  return typeof cause?.retryAfterMs === "number" ? cause.retryAfterMs : undefined;
}

function rebuild(err: ModelError, profileId: string): ModelError {
  return new ModelError(err.kind, err.message, { ...err.details, profileId });
}

function kindOf(err: unknown, status: number | undefined): ModelErrorKind {
  if (isAbort(err)) return "aborted";
  if (status !== undefined) return kindOfStatus(status);
  const typed = typeOf(err);
  if (typed && TYPE_KINDS[typed]) return TYPE_KINDS[typed];
  if (chain(err).some((e) => e.name === "TimeoutError" || e.message === "Request timed out.")) return "timeout";
  if (chain(err).some((e) => CONNECTION_MESSAGES.test(e.message) || (e.code !== undefined && CONNECTION_CODES.has(e.code)))) {
    return "connection";
  }
  // A stream that does not parse, or anything else we cannot name: not worth a retry or a fallback.
  return "invalid_response";
}

function kindOfStatus(status: number): ModelErrorKind {
  if (status === 429) return "rate_limited";
  if (status === 401 || status === 403) return "auth";
  if (status === 408) return "timeout";
  if (status === 409 || status >= 500) return "server";
  return "bad_request";
}

interface ErrorFacts {
  name: string;
  message: string;
  code?: string;
}

/** The error and its `cause`s, as plain facts; bounded so a cyclic cause cannot loop. */
function chain(err: unknown): ErrorFacts[] {
  const out: ErrorFacts[] = [];
  let current: unknown = err;
  for (let depth = 0; depth < 6 && current && typeof current === "object"; depth++) {
    const e = current as { name?: unknown; message?: unknown; code?: unknown; cause?: unknown };
    out.push({
      name: typeof e.name === "string" ? e.name : "Error",
      message: typeof e.message === "string" ? e.message : "",
      ...(typeof e.code === "string" ? { code: e.code } : {}),
    });
    current = e.cause;
  }
  if (out.length === 0) out.push({ name: "Error", message: String(err) });
  return out;
}

function isAbort(err: unknown): boolean {
  const head = chain(err)[0];
  return head?.name === "AbortError" || head?.message === "Request was aborted.";
}

function statusOf(err: unknown): number | undefined {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === "number" && status >= 400 && status < 600 ? status : undefined;
}

/** `error.type` of an SDK APIError body (OpenAI `{ error: { type } }`, Anthropic `{ type, error: { type } }`). */
function typeOf(err: unknown): string | undefined {
  const body = (err as { error?: unknown } | null)?.error as { type?: unknown; code?: unknown; error?: { type?: unknown } } | undefined;
  const candidates = [body?.error?.type, body?.type, body?.code];
  return candidates.find((c): c is string => typeof c === "string");
}

function causeOf(err: unknown, secrets: readonly string[]): ModelErrorCause {
  const [head, ...rest] = chain(err);
  const inner = rest.find((e) => e.code !== undefined) ?? rest[0];
  const message = [head?.message, inner?.message].filter(Boolean).join(": ");
  const retryAfterMs = retryAfterFromHeaders((err as { headers?: unknown } | null)?.headers);
  const code = head?.code ?? inner?.code;
  return {
    name: head?.name ?? "Error",
    message: redact(message, secrets),
    ...(code !== undefined ? { code } : {}),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  };
}

/** `retry-after-ms` (OpenAI) wins over `retry-after` (seconds or an HTTP date). */
export function retryAfterFromHeaders(headers: unknown, now = Date.now()): number | undefined {
  const get = (name: string): string | undefined => {
    if (!headers || typeof headers !== "object") return undefined;
    if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
    const value = (headers as Record<string, unknown>)[name];
    return typeof value === "string" ? value : undefined;
  };
  const ms = Number(get("retry-after-ms"));
  if (get("retry-after-ms") && Number.isFinite(ms) && ms >= 0) return ms;
  const raw = get("retry-after");
  if (!raw) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
