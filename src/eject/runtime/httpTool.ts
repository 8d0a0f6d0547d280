/** The generated project's HTTP tool runner (src/httpTool.ts), as the engine's HTTP tools (src/tools/http.ts) send requests. */
export const HTTP_TOOL_SOURCE = `/**
 * HTTP tools: one request per call, built from the tool's templates and the call's arguments and
 * sent with fetch. Values filled into the URL are URL-encoded; secrets go only into headers and
 * query values, and redirects are followed only within the tool's origin, so they never reach
 * another host. A non-2xx answer is an error the model reads; a long answer is cut, with a note;
 * every call has a deadline.
 */
import { readSecrets, writtenOrigin } from "./secrets.js";
import { render, renderValue } from "./template.js";

export interface HttpToolConfig {
  /** The tool's name, for messages. */
  name: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** A template over \`{{ args.x }}\`. */
  url: string;
  /** Query parameters and headers: templates over \`{{ args.x }}\` and \`{{ secrets.NAME }}\`. */
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** A text body (template). Without \`body\` and \`jsonBody\`, POST, PUT and PATCH send the arguments as JSON. */
  body?: string;
  /** A JSON body; each string in it is a template, and one that is a single placeholder keeps its value's type. */
  jsonBody?: unknown;
  timeoutMs: number;
  maxResponseChars: number;
}

/** Redirects followed (same origin only) before the call gives up. */
const MAX_REDIRECTS = 5;
/** How much of an error answer the model is shown. */
const ERROR_BODY_CHARS = 500;

interface Request {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** Sends one call's request; the answer as the model reads it: \`{"status":200,"body":…}\`, JSON when the server says JSON. */
export async function httpTool(config: HttpToolConfig, args: Record<string, unknown>, signal?: AbortSignal): Promise<string> {
  const request = buildRequest(config, args);
  const deadline = AbortSignal.timeout(config.timeoutMs);
  const abort = signal ? AbortSignal.any([signal, deadline]) : deadline;
  let response: Response;
  let answer: { text: string; total: number };
  try {
    response = await send(request, abort);
    answer = await readText(response, config.maxResponseChars, abort);
  } catch (error) {
    throw callError(error, request.url, config.timeoutMs, deadline, signal);
  }
  if (!response.ok) {
    const excerpt = answer.text.slice(0, ERROR_BODY_CHARS);
    throw new Error(\`\${request.method} \${originOf(request.url)} answered HTTP \${response.status}\${excerpt ? \`: \${excerpt}\` : ""}\`);
  }
  const cut = answer.total > answer.text.length;
  return JSON.stringify({
    status: response.status,
    body: cut ? answer.text : parseBody(answer.text, response.headers.get("content-type")),
    ...(cut ? { truncated: \`The answer had \${answer.total} characters; the first \${answer.text.length} are shown (maxResponseChars of tool "\${config.name}").\` } : {}),
  });
}

function buildRequest(config: HttpToolConfig, args: Record<string, unknown>): Request {
  const url = new URL(render(config.url, { args }, encodeURIComponent));
  const query = config.query ?? {};
  const headerTemplates = config.headers ?? {};
  const secrets = readSecrets([...Object.values(headerTemplates), ...Object.values(query)], {
    origin: url.origin,
    allowed: writtenOrigin(config.url),
    who: \`Tool "\${config.name}"\`,
  });
  // A value that renders empty (an optional argument the model left out) is not sent at all.
  for (const [name, template] of Object.entries(query)) {
    const value = render(template, { args, secrets });
    if (value !== "") url.searchParams.set(name, value);
  }
  const headers: Record<string, string> = {};
  for (const [name, template] of Object.entries(headerTemplates)) headers[name] = render(template, { args, secrets });
  const request: Request = { url: url.toString(), method: config.method, headers };
  const hasContentType = Object.keys(headers).some((name) => name.toLowerCase() === "content-type");
  const json =
    config.jsonBody !== undefined
      ? renderValue(config.jsonBody, { args })
      : config.body === undefined && ["POST", "PUT", "PATCH"].includes(config.method)
        ? args
        : undefined;
  if (json !== undefined) {
    request.body = JSON.stringify(json);
    if (!hasContentType) headers["content-type"] = "application/json";
  } else if (config.body !== undefined) {
    request.body = render(config.body, { args });
    if (!hasContentType) headers["content-type"] = "text/plain; charset=utf-8";
  }
  return request;
}

/** Sends the request, following redirects only within its origin (its headers and secrets never go elsewhere). */
async function send(request: Request, signal: AbortSignal): Promise<Response> {
  const origin = originOf(request.url);
  let { url, method, body } = request;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const response = await fetch(url, { method, headers: request.headers, ...(body !== undefined ? { body } : {}), redirect: "manual", signal });
    const location = response.headers.get("location");
    if (response.status < 300 || response.status >= 400 || location === null) return response;
    const next = new URL(location, url);
    await response.body?.cancel();
    if (next.origin !== origin) throw new Error(\`\${originOf(url)} redirected to \${next.origin}, another origin; the redirect was refused so that the tool's headers and secrets go only to \${origin}.\`);
    url = next.toString();
    // 303 (and 301/302 after a POST, as browsers do) turn into a GET without a body.
    if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === "POST")) {
      method = "GET";
      body = undefined;
    }
  }
  throw new Error(\`\${originOf(request.url)} redirected more than \${MAX_REDIRECTS} times; the call was given up.\`);
}

/** The answer's text, at most \`max\` characters of it, and how many it had (reading stops soon after \`max\`). */
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
      // Past the limit the rest is only counted up to a bound, so a huge answer is not read whole.
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
  if (!/\\bjson\\b/i.test(contentType ?? "")) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const originOf = (url: string) => new URL(url).origin;

/** One sentence for a call that got no answer: the deadline, a cancel, or a connection failure. */
function callError(error: unknown, url: string, timeoutMs: number, deadline: AbortSignal, cancel: AbortSignal | undefined): Error {
  if (cancel?.aborted) return new Error("The tool call was cancelled");
  if (deadline.aborted) return new Error(\`\${originOf(url)} did not answer within \${timeoutMs} ms (timeout_ms of the tool).\`);
  if (!(error instanceof TypeError)) return error instanceof Error ? error : new Error(String(error));
  return new Error(\`Could not reach \${originOf(url)} (\${error.message}): the server is down or unreachable.\`);
}
`;
