/**
 * Test harness: MCP's reference server (`@modelcontextprotocol/server-everything`) over
 * Streamable HTTP on a free port of 127.0.0.1 only (its own entry listens on every interface),
 * with permissive CORS for the browser (and, when asked, headers every request must carry), plus two broken endpoints: `/fail500` answers every
 * request with HTTP 500 and `/malformed` answers with JSON that is not JSON-RPC.
 */
import { randomUUID } from "node:crypto";
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { createServer as createEverything } from "@modelcontextprotocol/server-everything/dist/server/index.js";

export interface EverythingServer {
  /** The MCP endpoint, `http://127.0.0.1:<port>/mcp`. */
  url: string;
  origin: string;
  /** Forgets every session, as a restarted server would: the next request with an old session id gets 404. */
  dropSessions(): Promise<void>;
  /** Sessions opened so far (a reconnect opens one more). */
  sessionsOpened(): number;
  /** How long the server took over each MCP request, arrival to last byte sent, in ms (for the bench). */
  requestTimes(): readonly number[];
  close(): Promise<void>;
}

const CORS: Record<string, string> = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, DELETE, OPTIONS",
  "access-control-allow-headers": "content-type, accept, authorization, mcp-session-id, mcp-protocol-version, last-event-id, x-api-key",
  "access-control-expose-headers": "mcp-session-id, mcp-protocol-version",
};

interface Session {
  transport: StreamableHTTPServerTransport;
  cleanup(sessionId?: string): void;
}

/**
 * @example
 * const server = await startEverythingServer();
 * await new McpSessionPool().listTools({ url: server.url });
 * await server.close();
 */
export async function startEverythingServer(options: { requiredHeaders?: Record<string, string> } = {}): Promise<EverythingServer> {
  const sessions = new Map<string, Session>();
  const times: number[] = [];
  let opened = 0;

  const closeSession = async (id: string) => {
    const session = sessions.get(id);
    if (!session) return;
    sessions.delete(id);
    session.cleanup(id);
    await session.transport.close().catch(() => undefined);
  };

  const handleMcp = async (req: IncomingMessage, res: ServerResponse) => {
    const header = req.headers["mcp-session-id"];
    const sessionId = Array.isArray(header) ? header[0] : header;
    if (sessionId) {
      const session = sessions.get(sessionId);
      if (!session) return json(res, 404, { jsonrpc: "2.0", error: { code: -32001, message: "Session not found" }, id: null });
      return session.transport.handleRequest(req, res);
    }
    if (req.method !== "POST")
      return json(res, 400, { jsonrpc: "2.0", error: { code: -32000, message: "Bad Request: No valid session ID provided" }, id: null });
    const { server, cleanup } = createEverything();
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        opened++;
        sessions.set(id, { transport, cleanup });
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
        cleanup(id);
      },
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);
  };

  const http = createHttpServer((req, res) => {
    for (const [name, value] of Object.entries(CORS)) res.setHeader(name, value);
    if (req.method === "OPTIONS") {
      res.writeHead(204).end();
      return;
    }
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    if (path === "/fail500") {
      req.resume();
      json(res, 500, { error: "the server broke" });
      return;
    }
    if (path === "/malformed") {
      req.resume();
      res.writeHead(200, { "content-type": "application/json" }).end('{"jsonrpc": "2.0", "result": {"tools": [');
      return;
    }
    if (path !== "/mcp") {
      json(res, 404, { error: "not found" });
      return;
    }
    // A server that needs credentials: a request without each of them is refused.
    if (Object.entries(options.requiredHeaders ?? {}).some(([name, value]) => req.headers[name.toLowerCase()] !== value)) {
      req.resume();
      json(res, 401, { jsonrpc: "2.0", error: { code: -32001, message: "Unauthorized" }, id: null });
      return;
    }
    const arrived = performance.now();
    res.once("finish", () => times.push(performance.now() - arrived));
    handleMcp(req, res).catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { jsonrpc: "2.0", error: { code: -32603, message: String(error) }, id: null });
    });
  });

  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/mcp`,
    origin,
    dropSessions: async () => {
      await Promise.all([...sessions.keys()].map(closeSession));
    },
    sessionsOpened: () => opened,
    requestTimes: () => times,
    close: async () => {
      await Promise.all([...sessions.keys()].map(closeSession));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}
