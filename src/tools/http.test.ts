import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { toolSchema, type ToolOfKind } from "../schema/index.js";
import { httpTool, type HttpToolResult } from "./http.js";

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => (s.closeAllConnections(), s.close(() => resolve())))));
});

/** A loopback server answering with `handle`; records every request. */
async function serve(handle: (req: Seen, res: ServerResponse) => void): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const request = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body };
      seen.push(request);
      handle(request, res);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

function json(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(value));
}

function tool(config: Record<string, unknown>): ToolOfKind<"http"> {
  return toolSchema.parse({ id: "t", kind: "http", name: "call_api", config }) as ToolOfKind<"http">;
}

/** Calls the tool with `secrets` set and allowed for every origin (the origin check has tests of its own). */
const call = (t: ToolOfKind<"http">, args: Record<string, unknown>, secrets: Record<string, string> = {}) =>
  httpTool(t, { secrets: { get: async (name) => secrets[name], allows: async () => true } }).invoke(args, {
    callId: "c1",
  }) as Promise<HttpToolResult>;

describe("HTTP tools", () => {
  it("sends a GET with the arguments in the path and the query, and a secret header, and returns the JSON answer", async () => {
    const api = await serve((_req, res) => json(res, 200, { forecast: "sunny" }));
    const t = tool({
      url: `${api.url}/cities/{{ args.city }}`,
      query: { days: "{{ args.days }}", key: "{{ secrets.WEATHER_KEY }}" },
      headers: { Authorization: "Bearer {{ secrets.WEATHER_TOKEN }}" },
    });
    const result = await call(t, { city: "São Paulo/x", days: 3 }, { WEATHER_KEY: "k-123", WEATHER_TOKEN: "tok-456" });
    expect(result).toEqual({ status: 200, body: { forecast: "sunny" } });
    expect(api.seen[0]).toMatchObject({ method: "GET", url: "/cities/S%C3%A3o%20Paulo%2Fx?days=3&key=k-123" });
    expect(api.seen[0]!.headers.authorization).toBe("Bearer tok-456");
  });

  it("leaves out a query parameter whose argument the model did not give", async () => {
    const api = await serve((_req, res) => json(res, 200, {}));
    await call(tool({ url: api.url, query: { q: "{{ args.q }}", page: "{{ args.page }}" } }), { q: "tea" });
    expect(api.seen[0]!.url).toBe("/?q=tea");
  });

  it("POSTs a JSON body built from the arguments, keeping each value's type", async () => {
    const api = await serve((req, res) => json(res, 201, { got: JSON.parse(req.body) as unknown }));
    const t = tool({ url: `${api.url}/orders`, method: "POST", json_body: { item: "{{ args.item }}", qty: "{{ args.qty }}", note: "for {{ args.item }}" } });
    const result = await call(t, { item: "tea", qty: 2 });
    expect(result.body).toEqual({ got: { item: "tea", qty: 2, note: "for tea" } });
    expect(api.seen[0]!.headers["content-type"]).toBe("application/json");
  });

  it("POSTs the arguments themselves when the tool names no body", async () => {
    const api = await serve((req, res) => json(res, 200, JSON.parse(req.body) as unknown));
    expect((await call(tool({ url: api.url, method: "POST" }), { a: 1, b: ["x"] })).body).toEqual({ a: 1, b: ["x"] });
  });

  it("makes a 500 a tool error that says the status and the server's words", async () => {
    const api = await serve((_req, res) => json(res, 500, { error: "database down" }));
    await expect(call(tool({ url: api.url }), {})).rejects.toThrow(/GET http:\/\/127\.0\.0\.1:\d+ answered HTTP 500: .*database down/);
  });

  it("ends a call that gets no answer at timeout_ms, saying so", async () => {
    const api = await serve(() => undefined);
    const started = Date.now();
    await expect(call(tool({ url: api.url, timeout_ms: 300 }), {})).rejects.toThrow(/did not answer within 300 ms/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("refuses a redirect to another origin, sending nothing there", async () => {
    const elsewhere = await serve((_req, res) => json(res, 200, { leaked: true }));
    const api = await serve((_req, res) => {
      res.writeHead(302, { location: `${elsewhere.url}/collect` });
      res.end();
    });
    const t = tool({ url: api.url, headers: { "X-Api-Key": "{{ secrets.K }}" } });
    await expect(call(t, {}, { K: "secret-value-1" })).rejects.toThrow(/redirected to http:\/\/127\.0\.0\.1:\d+, another origin; the redirect was refused/);
    expect(elsewhere.seen).toHaveLength(0);
  });

  it("follows a redirect within the same origin", async () => {
    const api = await serve((req, res) => {
      if (req.url === "/old") {
        res.writeHead(301, { location: "/new" });
        res.end();
      } else json(res, 200, { at: req.url });
    });
    expect((await call(tool({ url: `${api.url}/old` }), {})).body).toEqual({ at: "/new" });
  });

  it("cuts a long answer at max_response_chars with a note, without reading all of a huge one", async () => {
    const api = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("x".repeat(5_000_000));
    });
    const result = await call(tool({ url: api.url, max_response_chars: 1_000 }), {});
    expect(result.body).toBe("x".repeat(1_000));
    expect(result.truncated).toMatch(/first 1000 are shown \(max_response_chars of tool "call_api"\)/);
  });

  it("says which secret is missing and where to set it", async () => {
    const api = await serve((_req, res) => json(res, 200, {}));
    await expect(call(tool({ url: api.url, headers: { Authorization: "Bearer {{ secrets.API_TOKEN }}" } }), {})).rejects.toThrow(
      /needs the secret API_TOKEN, which is not set: add it under Tool secrets in Settings \(for the CLI, set GRAPHWRIGHT_SECRET_API_TOKEN\)/,
    );
    expect(api.seen).toHaveLength(0);
  });

  it("names an unreachable server and explains CORS", async () => {
    const api = await serve(() => undefined);
    const url = api.url;
    await new Promise<void>((resolve) => servers.pop()!.close(() => resolve()));
    await expect(call(tool({ url }), {})).rejects.toThrow(/Could not reach http:\/\/127\.0\.0\.1:\d+ .*CORS/);
  });

  it("refuses a document that reads a secret in the URL or the body", () => {
    const parsed = toolSchema.safeParse({ id: "t", kind: "http", name: "x", config: { url: "https://a.example/{{ secrets.K }}" } });
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toMatch(/secrets can be read only in headers and query values, not in the URL/);
  });
});
