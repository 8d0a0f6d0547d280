import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ToolOfKind } from "../schema/index.js";
import { MAX_RESULT_CHARS, mcpTool, toolResult } from "./mcp.js";
import { MAX_LISTED_TOOLS, McpSessionPool } from "./mcpSessions.js";
import { startEverythingServer, type EverythingServer } from "./testing/everythingServer.js";

let server: EverythingServer;
beforeAll(async () => {
  server = await startEverythingServer();
});
afterAll(async () => {
  await server.close();
});

function definition(tool: string, config: Partial<ToolOfKind<"mcp">["config"]> = {}): ToolOfKind<"mcp"> {
  return {
    id: tool,
    kind: "mcp",
    name: tool,
    description: "",
    input_schema: { type: "object", properties: {} },
    return_direct: false,
    destructive: false,
    config: { server_url: server.url, tool, ...config },
  };
}

describe("MCP tools over Streamable HTTP", () => {
  it("lists the server's tools with their JSON Schemas", async () => {
    const pool = new McpSessionPool();
    try {
      const tools = await pool.listTools({ url: server.url });
      const names = tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(["echo", "get-sum"]));
      const sum = tools.find((t) => t.name === "get-sum");
      expect(sum?.input_schema).toMatchObject({ type: "object", properties: { a: { type: "number" }, b: { type: "number" } } });
      expect(sum?.description).toBe("Returns the sum of two numbers");
    } finally {
      await pool.close();
    }
  });

  it("calls echo and get-sum and returns their text", async () => {
    const sessions = new McpSessionPool();
    try {
      const echo = mcpTool(definition("echo"), { mcpSessions: sessions });
      const sum = mcpTool(definition("get-sum"), { mcpSessions: sessions });
      await expect(echo.invoke({ message: "hello" }, { callId: "c1" })).resolves.toBe("Echo: hello");
      await expect(sum.invoke({ a: 2, b: 3 }, { callId: "c2" })).resolves.toBe("The sum of 2 and 3 is 5.");
    } finally {
      await sessions.close();
    }
  });

  it("keeps one session for the calls that share a pool", async () => {
    const sessions = new McpSessionPool();
    try {
      const before = server.sessionsOpened();
      const echo = mcpTool(definition("echo"), { mcpSessions: sessions });
      await echo.invoke({ message: "one" }, { callId: "c1" });
      await echo.invoke({ message: "two" }, { callId: "c2" });
      expect(server.sessionsOpened() - before).toBe(1);
    } finally {
      await sessions.close();
    }
  });

  it("reconnects once when the server dropped the session", async () => {
    const sessions = new McpSessionPool();
    try {
      const echo = mcpTool(definition("echo"), { mcpSessions: sessions });
      await echo.invoke({ message: "before" }, { callId: "c1" });
      await server.dropSessions();
      await expect(echo.invoke({ message: "after" }, { callId: "c2" })).resolves.toBe("Echo: after");
    } finally {
      await sessions.close();
    }
  });

  it("turns an isError result into a tool error with the server's text", async () => {
    const sessions = new McpSessionPool();
    try {
      const echo = mcpTool(definition("echo"), { mcpSessions: sessions });
      await expect(echo.invoke({ message: 42 }, { callId: "c1" })).rejects.toThrow(/message/);
    } finally {
      await sessions.close();
    }
  });

  it("returns structured content as JSON and images as data URLs", async () => {
    expect(toolResult({ content: [{ type: "text", text: "{}" }], structuredContent: { temperature: 3 } }, "w")).toEqual({ temperature: 3 });
    const sessions = new McpSessionPool();
    try {
      const image = mcpTool(definition("get-tiny-image"), { mcpSessions: sessions });
      const result = (await image.invoke({}, { callId: "c1" })) as { text: string; images: { mime_type: string; data_url: string }[] };
      expect(result.text).toContain("Here's the image you requested:");
      expect(result.images[0]?.mime_type).toBe("image/png");
      expect(result.images[0]?.data_url).toMatch(/^data:image\/png;base64,/);
    } finally {
      await sessions.close();
    }
  });

  it("sends the server's headers with secrets read from the store", async () => {
    const seen: Headers[] = [];
    const sessions = new McpSessionPool({
      fetch: (input, init) => {
        seen.push(new Headers(init.headers));
        return fetch(input, init);
      },
      secrets: { get: async (name) => (name === "MCP_TOKEN" ? "t0ken" : undefined), allows: async (_name, origin) => origin === server.origin },
    });
    try {
      const tool = mcpTool(definition("echo", { server: "everything" }), {
        mcpSessions: sessions,
        mcpServers: [{ name: "everything", url: server.url, headers: { Authorization: "Bearer {{ secrets.MCP_TOKEN }}" } }],
      });
      await tool.invoke({ message: "hi" }, { callId: "c1" });
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((h) => h.get("authorization") === "Bearer t0ken")).toBe(true);
    } finally {
      await sessions.close();
    }
  });

  it("opens a new session, ending the old one, when a header's secret changes", async () => {
    let token = "first";
    const sessions = new McpSessionPool({ secrets: { get: async () => token, allows: async () => true } });
    try {
      const tool = mcpTool(definition("echo", { server: "everything" }), {
        mcpSessions: sessions,
        mcpServers: [{ name: "everything", url: server.url, headers: { Authorization: "Bearer {{ secrets.MCP_TOKEN }}" } }],
      });
      const before = server.sessionsOpened();
      await tool.invoke({ message: "one" }, { callId: "c1" });
      await tool.invoke({ message: "two" }, { callId: "c2" });
      token = "second";
      await expect(tool.invoke({ message: "three" }, { callId: "c3" })).resolves.toBe("Echo: three");
      expect(server.sessionsOpened() - before).toBe(2);
    } finally {
      await sessions.close();
    }
  });

  it("names the missing secret when a server's header needs one", async () => {
    const tool = mcpTool(definition("echo", { server: "everything" }), {
      mcpServers: [{ name: "everything", url: server.url, headers: { Authorization: "Bearer {{ secrets.ABSENT }}" } }],
    });
    await expect(tool.invoke({ message: "hi" }, { callId: "c1" })).rejects.toThrow(/needs the secret ABSENT/);
  });

  it("says the server cannot be reached when nothing listens", async () => {
    const gone = await startEverythingServer();
    await gone.close();
    const tool = mcpTool(definition("echo", { server_url: gone.url }));
    await expect(tool.invoke({ message: "hi" }, { callId: "c1" })).rejects.toThrow(/Could not reach MCP server http:\/\/127\.0\.0\.1/);
  });

  it("reports a server that answers HTTP 500", async () => {
    const tool = mcpTool(definition("echo", { server_url: `${server.origin}/fail500` }));
    await expect(tool.invoke({ message: "hi" }, { callId: "c1" })).rejects.toThrow(/answered HTTP 500/);
  });

  it("reports malformed JSON-RPC", async () => {
    const pool = new McpSessionPool();
    await expect(pool.listTools({ url: `${server.origin}/malformed` })).rejects.toThrow(/malformed JSON-RPC|not MCP/);
  });

  it("cuts a very long text result with a note", () => {
    const result = toolResult({ content: [{ type: "text", text: "x".repeat(MAX_RESULT_CHARS * 3) }] }, "big") as string;
    expect(result.length).toBeLessThan(MAX_RESULT_CHARS + 200);
    expect(result).toMatch(/The result had 300000 characters; the first 100000 are shown \(tool "big"\)/);
  });

  it("refuses a server that lists more tools than a catalog can use", async () => {
    // A stateless server with 10,000 tools.
    const http = createServer((req, res) => {
      const server = new McpServer({ name: "crowd", version: "1" });
      for (let i = 0; i < 10_000; i++) server.registerTool(`tool_${i}`, { description: "one of many" }, () => ({ content: [] }));
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      void server.connect(transport).then(() => transport.handleRequest(req, res));
    });
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    const pool = new McpSessionPool();
    try {
      const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
      await expect(pool.listTools({ url })).rejects.toThrow(`lists more than ${MAX_LISTED_TOOLS} tools`);
    } finally {
      await pool.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    }
  });
});
