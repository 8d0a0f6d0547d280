/**
 * A local HTTP server that speaks the OpenAI and Anthropic wire protocols and misbehaves on
 * request, for unit tests (vitest) and browser tests (Playwright) alike: it imports no test
 * runner. It records each request, answers CORS preflights, and answers each model request
 * with a scripted `Reply` — a good stream, or one of the faults real providers and proxies show.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { reservedPort } from "../../../tests/support/ports.js";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or the raw text when it is not JSON. */
  body: unknown;
}

/** CORS behaviour of one reply, so a page on another origin can call the server. */
interface CorsOptions {
  /** Lists `Retry-After` and `retry-after-ms` in `Access-Control-Expose-Headers`; without it a browser hides them. */
  exposeRetryAfter?: boolean;
}

/** How the server answers one request. */
export type Reply = (
  | { kind: "json"; status: number; body: unknown; headers?: Record<string, string> }
  /** Any body with any content type: an empty 200, an HTML page. */
  | { kind: "raw"; status: number; contentType: string; body: string; headers?: Record<string, string> }
  /**
   * Server-sent events, written one by one, `gapMs` apart. After them: `stall` keeps the
   * response open silently, `reset` destroys the socket (a cut connection), else it ends.
   */
  | { kind: "sse"; events: string[]; stall?: boolean; reset?: boolean; gapMs?: number }
  /** Destroys the connection before any header: what a crashed proxy does. */
  | { kind: "reset" }
  /** Accepts the request and never answers. */
  | { kind: "silent" }
) &
  CorsOptions;

export type Respond = (request: RecordedRequest, n: number) => Reply;

export interface WireServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Model requests, in order; CORS preflights are not recorded. */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * Starts a server on a free port of 127.0.0.1 (or on `port`). `respond` gets each request
 * and its 0-based number (preflights not counted), so a script can fail the first attempts.
 * @example const server = await startWireServer(faultResponder("empty_200")); // base_url: `${server.url}/v1`
 */
export async function startWireServer(respond: Respond, options: { port?: number } = {}): Promise<WireServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    if (req.method === "OPTIONS") return preflight(req, res);
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
      const request: RecordedRequest = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: parse(raw) };
      requests.push(request);
      void answer(res, respond(request, requests.length - 1));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections(); // ends stalled streams too
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** A URL on which nothing listens, on a port no other test is handed meanwhile (see reservedPort). */
export async function closedPortUrl(): Promise<string> {
  return `http://127.0.0.1:${await reservedPort()}`;
}

function corsHeaders(reply: CorsOptions): Record<string, string> {
  return {
    "access-control-allow-origin": "*",
    ...(reply.exposeRetryAfter ? { "access-control-expose-headers": "Retry-After, retry-after-ms" } : {}),
  };
}

/** Allows whatever the page asks for: `*` alone would not cover `Authorization`. */
function preflight(req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(204, {
    "access-control-allow-origin": "*",
    "access-control-allow-methods": "GET, POST, OPTIONS",
    "access-control-allow-headers": req.headers["access-control-request-headers"] ?? "*",
    "access-control-max-age": "600",
  });
  res.end();
}

async function answer(res: ServerResponse, reply: Reply): Promise<void> {
  const cors = corsHeaders(reply);
  switch (reply.kind) {
    case "json":
      res.writeHead(reply.status, { "content-type": "application/json", ...cors, ...reply.headers });
      res.end(JSON.stringify(reply.body));
      return;
    case "raw":
      res.writeHead(reply.status, { "content-type": reply.contentType, ...cors, ...reply.headers });
      res.end(reply.body);
      return;
    case "reset":
      res.socket?.destroy();
      return;
    case "silent":
      return;
    case "sse":
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive", ...cors });
      res.flushHeaders();
      for (const event of reply.events) {
        if (res.destroyed) return;
        res.write(event);
        if (reply.gapMs) await new Promise((r) => setTimeout(r, reply.gapMs));
      }
      if (reply.reset) await new Promise<void>((resolve) => res.write("", () => (res.socket?.destroy(), resolve())));
      else if (!reply.stall) res.end();
      return;
    default: {
      const unknown: never = reply;
      throw new Error(`Unknown reply kind: ${JSON.stringify(unknown)}`);
    }
  }
}

function parse(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}
