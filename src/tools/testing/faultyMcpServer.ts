/**
 * Test harness: a small MCP server over Streamable HTTP on a free loopback port, built with the
 * MCP SDK, whose faults a test controls: `echo` answers, `hang` never answers, and `kill()`
 * destroys every open connection (a server process dying mid-call); `restart()` listens again
 * on the same port with no sessions, as a restarted process would.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";
import { reservedPort } from "../../../tests/support/ports.js";

export interface FaultyMcpServer {
  /** The MCP endpoint, `http://127.0.0.1:<port>/mcp`. */
  url: string;
  /** Resolves when a call of `tool` has reached the server (the next one, if none is in flight). */
  called(tool: string): Promise<void>;
  /** Drops every connection and stops listening: calls in flight see their connection cut. */
  kill(): Promise<void>;
  /** Listens again on the same port, with no sessions. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/**
 * @example
 * const server = await startFaultyMcpServer();
 * const call = pool.callTool({ url: server.url }, "hang", {});
 * await server.called("hang");
 * await server.kill(); // the call fails, naming the server
 */
export async function startFaultyMcpServer(): Promise<FaultyMcpServer> {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const waiting = new Map<string, (() => void)[]>();
  const arrived = (tool: string) => {
    for (const resolve of waiting.get(tool) ?? []) resolve();
    waiting.delete(tool);
  };

  const session = async (): Promise<StreamableHTTPServerTransport> => {
    const server = new McpServer({ name: "faulty", version: "1.0.0" });
    server.registerTool("echo", { description: "Echoes the message", inputSchema: { message: z.string() } }, async ({ message }) => {
      arrived("echo");
      return { content: [{ type: "text", text: `Echo: ${message}` }] };
    });
    server.registerTool("hang", { description: "Never answers", inputSchema: {} }, async () => {
      arrived("hang");
      return new Promise<never>(() => undefined);
    });
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void transports.set(id, transport),
    });
    await server.connect(transport);
    return transport;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const header = req.headers["mcp-session-id"];
    const id = Array.isArray(header) ? header[0] : header;
    if (id) {
      const known = transports.get(id);
      if (!known) {
        res
          .writeHead(404, { "content-type": "application/json" })
          .end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32001, message: "Session not found" }, id: null }));
        return;
      }
      await known.handleRequest(req, res);
      return;
    }
    await (await session()).handleRequest(req, res);
  };

  let http: Server | null = null;
  // Not port 0: once killed, a port the OS handed out could go to another test's server before restart().
  const port = await reservedPort();
  const listen = async () => {
    const next = createServer((req, res) => {
      handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500).end(String(error));
      });
    });
    await new Promise<void>((resolve, reject) => {
      next.once("error", reject);
      next.listen(port, "127.0.0.1", () => resolve());
    });
    http = next;
  };
  const kill = async () => {
    const current = http;
    http = null;
    if (!current) return;
    transports.clear();
    current.closeAllConnections();
    await new Promise<void>((resolve) => current.close(() => resolve()));
  };
  await listen();
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    called: (tool) => new Promise<void>((resolve) => waiting.set(tool, [...(waiting.get(tool) ?? []), resolve])),
    kill,
    restart: listen,
    close: kill,
  };
}
