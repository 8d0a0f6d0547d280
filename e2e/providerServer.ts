// A local model provider for browser tests: a real HTTP server on a free loopback port that
// speaks the OpenAI Chat Completions and Anthropic Messages streaming protocols, answers the
// app's CORS preflights, and misbehaves on cue (status codes, resets, stalls, garbage, HTML).
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { anthropicStream } from "../src/models/testing/anthropicWire";
import { openaiStream, type WireToolCall } from "../src/models/testing/openaiWire";

export type { WireToolCall };

/** How the server answers one model request. */
export type Step =
  /** A full, well-formed streamed reply in the wire protocol the request came in on. */
  | { kind: "reply"; tokens: string[]; toolCalls?: WireToolCall[] }
  /** A plain (non-streamed) response with this status and body. */
  | { kind: "status"; status: number; body: string | object; contentType?: string; headers?: Record<string, string>; exposeHeaders?: string[] }
  /** Server-sent events as given, then the stream ends, is reset, or stays open silently. */
  | { kind: "sse"; events: string[]; then?: "end" | "reset" | "stall" }
  /** The connection is dropped before any header is sent. */
  | { kind: "reset" }
  /** The connection is accepted and the request read, then nothing is ever sent. */
  | { kind: "hang" };

export interface RecordedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
  /** Milliseconds since the server started. */
  at: number;
  /** When it arrived (`Date.now()`). */
  time: number;
}

export interface ProviderServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Model requests (not CORS preflights), in arrival order. */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** `respond` gets the 0-based number of the model request and the request itself. */
export type Script = (n: number, request: RecordedRequest) => Step;

/** A script that answers the n-th request with `steps[n]`, and every later one with the last step. */
export function inOrder(...steps: Step[]): Script {
  return (n) => steps[Math.min(n, steps.length - 1)]!;
}

/** Starts a provider server on 127.0.0.1 and a port the OS picks. */
export async function startProviderServer(script: Script): Promise<ProviderServer> {
  const started = Date.now();
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    if (req.method === "OPTIONS") return preflight(req.headers, res);
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
      const request: RecordedRequest = { path: req.url ?? "", headers: req.headers, body: parse(raw), at: Date.now() - started, time: Date.now() };
      requests.push(request);
      const anthropic = request.path.includes("/messages");
      void answer(res, script(requests.length - 1, request), anthropic);
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy(); // ends stalled and hanging answers too
        server.close(() => resolve());
      }),
  };
}

const CORS = { "access-control-allow-origin": "*" };

function preflight(headers: IncomingHttpHeaders, res: ServerResponse): void {
  // `Authorization` is never covered by a `*` wildcard, so the requested headers are echoed.
  res.writeHead(204, {
    ...CORS,
    "access-control-allow-methods": "POST, GET, OPTIONS",
    "access-control-allow-headers": headers["access-control-request-headers"] ?? "*",
    "access-control-max-age": "600",
  });
  res.end();
}

async function answer(res: ServerResponse, step: Step, anthropic: boolean): Promise<void> {
  switch (step.kind) {
    case "reply": {
      const events = anthropic ? anthropicStream(step.tokens, step.toolCalls) : openaiStream(step.tokens, step.toolCalls);
      return answer(res, { kind: "sse", events }, anthropic);
    }
    case "status": {
      const body = typeof step.body === "string" ? step.body : JSON.stringify(step.body);
      const expose = step.exposeHeaders?.length ? { "access-control-expose-headers": step.exposeHeaders.join(", ") } : {};
      res.writeHead(step.status, { ...CORS, ...expose, "content-type": step.contentType ?? "application/json", ...step.headers });
      res.end(body);
      return;
    }
    case "sse": {
      res.writeHead(200, { ...CORS, "content-type": "text/event-stream", "cache-control": "no-cache" });
      res.flushHeaders();
      for (const event of step.events) {
        if (res.destroyed) return;
        res.write(event);
        // Separate TCP writes, so the client sees the stream arrive piece by piece.
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (step.then === "reset") res.socket?.destroy();
      else if (step.then !== "stall") res.end();
      return;
    }
    case "reset":
      res.socket?.destroy();
      return;
    case "hang":
      return;
  }
}

function parse(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}
