/** A local HTTP server for provider wire tests: records each request and answers with a scripted reply. */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or the raw text when it is not JSON. */
  body: unknown;
}

/** How the server answers one request. */
export type Reply =
  | { kind: "json"; status: number; body: unknown; headers?: Record<string, string> }
  /** Server-sent events, written one by one; `stall` keeps the response open after them, silently. */
  | { kind: "sse"; events: string[]; stall?: boolean; gapMs?: number };

export interface WireServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** `respond` gets the request and its 0-based number, so a test can fail the first attempts. */
export async function startWireServer(respond: (request: RecordedRequest, n: number) => Reply): Promise<WireServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
      const request: RecordedRequest = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: parse(raw) };
      requests.push(request);
      void answer(res, respond(request, requests.length - 1));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
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

/** A URL on which nothing listens: a port the OS just gave us and took back. */
export async function closedPortUrl(): Promise<string> {
  const server = await startWireServer(() => ({ kind: "json", status: 500, body: {} }));
  await server.close();
  return server.url;
}

async function answer(res: ServerResponse, reply: Reply): Promise<void> {
  if (reply.kind === "json") {
    res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
    res.end(JSON.stringify(reply.body));
    return;
  }
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  for (const event of reply.events) {
    if (res.destroyed) return;
    res.write(event);
    if (reply.gapMs) await new Promise((r) => setTimeout(r, reply.gapMs));
  }
  if (!reply.stall) res.end();
}

function parse(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/**
 * For a test file: starts wire servers that answer the n-th request with `respond(n)`,
 * and closes them after each test.
 * @example const serve = serversClosedAfterEach(); const server = await serve(() => ok());
 */
export function serversClosedAfterEach(): (respond: (n: number) => Reply) => Promise<WireServer> {
  const servers: WireServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  return async (respond) => {
    const server = await startWireServer((_req, n) => respond(n));
    servers.push(server);
    return server;
  };
}
