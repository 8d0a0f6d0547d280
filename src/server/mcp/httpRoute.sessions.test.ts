// `/mcp` sessions without a runtime server: the route's own bookkeeping (idle sessions forgotten,
// the least recently used ended past the cap), against a stand-in that publishes no graphs.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_SESSIONS, mcpRoute, SESSION_IDLE_MS } from "./httpRoute.js";

const HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };
const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 0,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "sessions-test", version: "1" } },
});
const LIST = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });

describe("/mcp sessions", () => {
  let api: Server;
  let url: string;
  beforeAll(async () => {
    // The LangGraph API as the route reads it: no assistant published.
    api = createServer((request, response) => {
      request.resume();
      response.writeHead(200, { "content-type": "application/json" }).end("[]");
    });
    await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())));

  const request = (body: string, session?: string) =>
    new Request("http://127.0.0.1/mcp", { method: "POST", headers: { ...HEADERS, ...(session ? { "mcp-session-id": session } : {}) }, body });

  async function initialize(handle: (request: Request) => Promise<Response>): Promise<string> {
    const response = await handle(request(INITIALIZE));
    expect(response.status).toBe(200);
    await response.text();
    const id = response.headers.get("mcp-session-id");
    expect(id).toBeTruthy();
    return id as string;
  }

  it("forgets a session unused for longer than the idle limit", async () => {
    let now = 1_000_000;
    const handle = mcpRoute({ url }, () => now);
    const session = await initialize(handle);
    now += SESSION_IDLE_MS - 1;
    expect((await handle(request(LIST, session))).status).toBe(200);
    now += SESSION_IDLE_MS + 1;
    expect((await handle(request(LIST, session))).status).toBe(404);
  });

  it("keeps at most MAX_SESSIONS, ending the least recently used first", async () => {
    let now = 1_000_000;
    const handle = mcpRoute({ url }, () => now);
    const first = await initialize(handle);
    const second = await initialize(handle);
    for (let i = 2; i < MAX_SESSIONS; i++) await initialize(handle);
    // The first is used again: the second is now the least recently used.
    now += 1;
    expect((await handle(request(LIST, first))).status).toBe(200);
    await initialize(handle);
    expect((await handle(request(LIST, second))).status).toBe(404);
    expect((await handle(request(LIST, first))).status).toBe(200);
  });
});
