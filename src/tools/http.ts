/**
 * HTTP tools: one request built from the call's arguments, sent with the platform's `fetch`.
 * Secrets are read by name at call time, checked against the origins each may go to before
 * anything is sent, and go only into headers and query values of the tool's own origin:
 * redirects are followed only within that origin. A non-2xx answer is a
 * tool error the model reads; long answers are cut with a note; every call has a deadline.
 */
import type { ToolOfKind } from "../schema/index.js";
import { renderTemplate, renderValue, type RunnableTool } from "../engine/index.js";
import { readTemplateSecrets, secretsToAsk, type ToolServices } from "./services.js";
import { errorMessage } from "../schema/errorMessage.js";

type HttpDefinition = ToolOfKind<"http">;

/** Redirects followed (same origin only) before the call gives up. */
const MAX_REDIRECTS = 5;
/** How much of an error body the model is shown. */
const ERROR_BODY_CHARS = 500;

/** What an HTTP tool returns to the model. */
export interface HttpToolResult {
  status: number;
  /** Parsed JSON when the answer is JSON (and not cut), else text. */
  body: unknown;
  /** Present when the answer was longer than `max_response_chars`. */
  truncated?: string;
}

/**
 * @example
 * const tool = httpTool(definition, { fetch, secrets: { get: async (name) => process.env[`GRAPHWRIGHT_SECRET_${name}`] } });
 * await tool.invoke({ city: "Paris" }, { callId: "c1" }) // { status: 200, body: { … } }
 */
export function httpTool(definition: HttpDefinition, services: ToolServices = {}): RunnableTool {
  const { config } = definition;
  const fetchImpl = services.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return {
    definition,
    async invoke(args, context) {
      const secrets = await readTemplateSecrets(secretTemplates(config), services.secrets, `Tool "${definition.name}"`, {
        origin: originFor(config, args),
        tool: definition.name,
        graph: services.graph,
        ask: context.askSecretUse,
      });
      const request = buildRequest(config, { args }, { args, secrets });
      const deadline = AbortSignal.timeout(config.timeout_ms);
      const signal = context.signal ? AbortSignal.any([context.signal, deadline]) : deadline;
      let response: Response;
      try {
        response = await send(fetchImpl, request, signal);
      } catch (error) {
        throw callError(error, request.url, config.timeout_ms, deadline, context.signal);
      }
      const { text, total } = await readText(response, config.max_response_chars, signal).catch((error: unknown) => {
        throw callError(error, request.url, config.timeout_ms, deadline, context.signal);
      });
      if (!response.ok) {
        const excerpt = text.slice(0, ERROR_BODY_CHARS);
        throw new Error(`${request.method} ${hostOf(request.url)} answered HTTP ${response.status}${excerpt ? `: ${excerpt}` : ""}`);
      }
      const cut = total > text.length;
      const result: HttpToolResult = { status: response.status, body: cut ? text : parseBody(text, response.headers.get("content-type")) };
      if (cut) result.truncated = `The answer had ${total} characters; the first ${text.length} are shown (max_response_chars of tool "${definition.name}").`;
      return result;
    },
    async secretsToAsk(args) {
      let origin: string;
      try {
        origin = originFor(config, args);
      } catch {
        return []; // A URL that does not parse fails the call itself, saying so.
      }
      return secretsToAsk(secretTemplates(config), services.secrets, { origin, tool: definition.name, graph: services.graph });
    },
  };
}

/** The templates that may read secrets: header and query values. */
function secretTemplates(config: HttpDefinition["config"]): string[] {
  return [...Object.values(config.headers), ...Object.values(config.query)];
}

/** The origin a call goes to: from the URL template alone (secrets never go into it), so it is known before any secret is read. */
function originFor(config: HttpDefinition["config"], args: Record<string, unknown>): string {
  return new URL(renderTemplate(config.url, { args }, encodeURIComponent)).origin;
}

interface BuiltRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** The request of one call: URL values URL-encoded, secrets only in headers and query values. */
export function buildRequest(config: HttpDefinition["config"], plain: Record<string, unknown>, withSecrets: Record<string, unknown>): BuiltRequest {
  const url = new URL(renderTemplate(config.url, plain, encodeURIComponent));
  // A value that renders empty (an optional argument the model left out) is not sent at all.
  for (const [name, value] of Object.entries(config.query)) {
    const rendered = renderTemplate(value, withSecrets);
    if (rendered !== "") url.searchParams.set(name, rendered);
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(config.headers)) headers[name] = renderTemplate(value, withSecrets);
  const request: BuiltRequest = { url: url.toString(), method: config.method, headers };
  const hasContentType = Object.keys(headers).some((name) => name.toLowerCase() === "content-type");
  const jsonBody =
    config.json_body !== undefined
      ? renderValue(config.json_body, plain)
      : config.body === undefined && ["POST", "PUT", "PATCH"].includes(config.method)
        ? plain.args
        : undefined;
  if (jsonBody !== undefined) {
    request.body = JSON.stringify(jsonBody);
    if (!hasContentType) headers["content-type"] = "application/json";
  } else if (config.body !== undefined) {
    request.body = renderTemplate(config.body, plain);
    if (!hasContentType) headers["content-type"] = "text/plain; charset=utf-8";
  }
  return request;
}

/** Sends the request, following redirects only within its origin (secrets never go elsewhere). */
async function send(fetchImpl: NonNullable<ToolServices["fetch"]>, request: BuiltRequest, signal: AbortSignal): Promise<Response> {
  const origin = new URL(request.url).origin;
  let url = request.url;
  let method = request.method;
  let body = request.body;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const response = await fetchImpl(url, { method, headers: request.headers, ...(body !== undefined ? { body } : {}), redirect: "manual", signal });
    // Browsers hide a redirect's target from pages: it cannot be checked, so it is not followed.
    if (response.type === "opaqueredirect") {
      throw new Error(
        `${hostOf(url)} answered with a redirect, and the browser does not say where to, so it was not followed: put the final address in the tool's URL.`,
      );
    }
    if (response.status < 300 || response.status >= 400 || !response.headers.has("location")) return response;
    const next = new URL(response.headers.get("location") as string, url);
    await response.body?.cancel();
    if (next.origin !== origin) {
      throw new Error(
        `${hostOf(url)} redirected to ${next.origin}, another origin; the redirect was refused so that the tool's headers and secrets go only to ${origin}.`,
      );
    }
    url = next.toString();
    // 303 (and 301/302 after a POST, as browsers do) turn into a GET without a body.
    if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === "POST")) {
      method = "GET";
      body = undefined;
    }
  }
  throw new Error(`${hostOf(request.url)} redirected more than ${MAX_REDIRECTS} times; the call was given up.`);
}

/** The answer's text, at most `max` characters of it, and how many it had (reading stops soon after `max`). */
async function readText(response: Response, max: number, signal: AbortSignal): Promise<{ text: string; total: number }> {
  if (!response.body) return { text: "", total: 0 };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let total = 0;
  try {
    for (;;) {
      signal.throwIfAborted();
      const { done, value } = await reader.read();
      if (done) break;
      const piece = decoder.decode(value, { stream: true });
      total += piece.length;
      if (text.length < max) text += piece.slice(0, max - text.length);
      // Past the limit the rest is only counted up to a bound, so a 50 MB answer is not read whole.
      if (total > max * 4) {
        await reader.cancel();
        return { text, total };
      }
    }
    const tail = decoder.decode();
    total += tail.length;
    if (text.length < max) text += tail.slice(0, max - text.length);
    return { text, total };
  } finally {
    reader.releaseLock();
  }
}

function parseBody(text: string, contentType: string | null): unknown {
  if (!/\bjson\b/i.test(contentType ?? "")) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function hostOf(url: string): string {
  return new URL(url).origin;
}

/** One sentence for a call that got no answer: the deadline, a cancel, or a connection (or CORS) failure. */
function callError(error: unknown, url: string, timeoutMs: number, deadline: AbortSignal, cancel: AbortSignal | undefined): Error {
  if (cancel?.aborted) return new Error("The tool call was cancelled");
  if (deadline.aborted) return new Error(`${hostOf(url)} did not answer within ${timeoutMs} ms (timeout_ms of the tool).`);
  const reason = errorMessage(error);
  if (error instanceof Error && !(error instanceof TypeError)) return error;
  return new Error(
    `Could not reach ${hostOf(url)} (${reason}). Either the server is down or unreachable, or — in the browser — it does not allow requests from this page (CORS): the server must send Access-Control-Allow-Origin for this app's address. Run the graph with the CLI or on a server, where CORS does not apply, if you cannot change the server.`,
  );
}
