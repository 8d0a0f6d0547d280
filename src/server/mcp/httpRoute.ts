/**
 * `/mcp` on the runtime server (Streamable HTTP): every graph published to the server is a tool
 * (graphTools.ts), and a call runs a turn on the server through the LangGraph SDK, as the app's
 * playground does, so threads, checkpoints and queues are the server's own. The request passes
 * LangGraph's auth hook first, so the server's API key and request guard hold.
 *
 * Sessions: a client that initializes gets an `Mcp-Session-Id` and one MCP server for its
 * session, so its cancel (`notifications/cancelled`) reaches the call it names and stops that
 * run. The session's tools follow what is published at each request (a list-changed
 * notification tells the client). A session unused for SESSION_IDLE_MS is forgotten, and at most
 * MAX_SESSIONS are kept (the least recently used goes first). A request without a session that
 * is not an initialize is served statelessly, as before sessions: a server and transport for
 * that request alone.
 *
 * Limits: a request body over MAX_REQUEST_BYTES is refused (413) before it is parsed; a message
 * over MAX_MESSAGE_CHARS is a tool error. A client that disconnects mid-run does not cancel it
 * (MCP: a disconnect is not a cancellation): the run finishes on the server, and a call with the
 * same thread_id continues from there.
 */
import { randomUUID } from "node:crypto";
import { Client } from "@langchain/langgraph-sdk";
import type { McpServer, RegisteredTool } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { compileGraph, type CompiledDocument } from "../../engine/index.js";
import type { GraphDocument } from "../../schema/index.js";
import { nodeServices } from "../graph/nodeServices.js";
import { DOCUMENT_KEY, RUNTIME_GRAPH_ID } from "../client/publish.js";
import { runOnServer } from "../client/serverRun.js";
import { graphMcpServer, registerGraphTool, toolDescription, toolName, type GraphTurns } from "./graphTools.js";

/** The largest JSON-RPC request `/mcp` reads, in bytes. */
export const MAX_REQUEST_BYTES = 1024 * 1024;
/** How long a session may go without a request before the server forgets it. */
export const SESSION_IDLE_MS = 60 * 60_000;
/** The most sessions kept at once; a new one past it ends the least recently used. */
export const MAX_SESSIONS = 500;

export interface McpRouteOptions {
  /** The runtime server's own URL: calls run there. */
  url: string;
  /** The server's API key, when it asks for one (calls to itself send it). */
  apiKey?: string;
}

/**
 * The document's LangGraph node names, so the server's task stream tells agent steps and node
 * starts (progress notifications). Compiled here without keys or a checkpointer: nothing runs or
 * connects. A document that does not compile here (a Subgraph whose graph is only on the server)
 * still runs; its progress then names tool calls only.
 */
function nodesByName(document: GraphDocument): CompiledDocument["nodesByName"] {
  try {
    return compileGraph(document, nodeServices(document, { env: {} })).nodesByName;
  } catch {
    return new Map();
  }
}

/** Every published graph as tool turns that run on the server. */
async function publishedTurns(client: Client, url: string): Promise<GraphTurns[]> {
  const assistants = await client.assistants.search({ graphId: RUNTIME_GRAPH_ID, limit: 100, sortBy: "name", sortOrder: "asc" });
  const turns: GraphTurns[] = [];
  const names = new Set<string>();
  for (const assistant of assistants) {
    const document = (assistant.config?.configurable as Record<string, unknown> | undefined)?.[DOCUMENT_KEY] as GraphDocument | undefined;
    if (!document?.meta?.id || names.has(document.meta.id)) continue;
    names.add(document.meta.id);
    turns.push({
      meta: document.meta,
      run: (input, threadId, signal) =>
        runOnServer(input, {
          client,
          url,
          assistantId: assistant.assistant_id,
          threadId,
          runId: randomUUID(),
          signal,
          compiled: { nodesByName: nodesByName(document) },
        }),
    });
  }
  return turns;
}

/** One client's session: its MCP server and transport, and the graphs its tools run now. */
interface Session {
  server: McpServer;
  transport: WebStandardStreamableHTTPServerTransport;
  tools: Map<string, { tool: RegisteredTool; turns: GraphTurns }>;
  lastUsed: number;
}

/** Makes a session's tools the graphs published now: new ones added, gone ones removed, the rest run as published now. */
function syncTools(session: Session, published: readonly GraphTurns[]): void {
  const now = new Map(published.map((turns) => [toolName(turns.meta), turns]));
  for (const [name, entry] of session.tools) {
    if (!now.has(name)) {
      entry.tool.remove();
      session.tools.delete(name);
    }
  }
  for (const [name, turns] of now) {
    const entry = session.tools.get(name);
    if (entry) {
      if (entry.turns.meta.name !== turns.meta.name || toolDescription(entry.turns.meta) !== toolDescription(turns.meta)) {
        entry.tool.update({ title: turns.meta.name, description: toolDescription(turns.meta) });
      }
      entry.turns = turns;
    } else {
      // The tool runs the graph as the session last saw it published.
      const tool = registerGraphTool(session.server, () => session.tools.get(name)?.turns ?? turns);
      session.tools.set(name, { tool, turns });
    }
  }
}

/**
 * The request's JSON body, read from a copy (at most MAX_REQUEST_BYTES), for a POST without a
 * session; undefined when there is none or it is too large or not JSON: the transport then reads
 * the request itself and answers with its own error.
 */
async function readJsonBody(request: Request): Promise<{ parsed: unknown } | undefined> {
  if (request.method !== "POST" || !request.body) return undefined;
  const reader = (request.clone().body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      size += read.value.byteLength;
      if (size > MAX_REQUEST_BYTES) return undefined;
      chunks.push(read.value);
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  try {
    return { parsed: JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown };
  } catch {
    return undefined;
  }
}

/** True when a JSON-RPC body (one message or a batch) holds an `initialize` request. */
function initializes(body: unknown): boolean {
  return Array.isArray(body) ? body.some((m) => isInitializeRequest(m)) : isInitializeRequest(body);
}

/** The JSON-RPC answer to a request naming a session this server does not have (MCP: 404, then the client initializes again). */
function unknownSession(): Response {
  const body = { jsonrpc: "2.0", error: { code: -32001, message: "Session not found: it ended or the server restarted; initialize a new session" }, id: null };
  return new Response(JSON.stringify(body), { status: 404, headers: { "content-type": "application/json" } });
}

/**
 * The `/mcp` handler: a Web `Request` in, a `Response` (JSON-RPC, or an SSE stream while a call runs) out.
 * @example const handle = mcpRoute({ url: "http://127.0.0.1:8123" }); const response = await handle(request);
 */
export function mcpRoute(options: McpRouteOptions, clock: () => number = Date.now): (request: Request) => Promise<Response> {
  const client = new Client({ apiUrl: options.url, apiKey: options.apiKey ?? null });
  const sessions = new Map<string, Session>();
  const end = (id: string) => {
    const session = sessions.get(id);
    sessions.delete(id);
    void session?.server.close().catch(() => undefined);
  };

  async function startSession(request: Request, parsedBody: unknown): Promise<Response> {
    for (const [id, session] of sessions) if (clock() - session.lastUsed > SESSION_IDLE_MS) end(id);
    // Map order is insertion order and a used session is moved to the end: the first is the least recently used.
    while (sessions.size >= MAX_SESSIONS) end(sessions.keys().next().value as string);
    const server = graphMcpServer([]);
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      maxRequestBodySize: MAX_REQUEST_BYTES,
      onsessioninitialized: (id) => void sessions.set(id, session),
      onsessionclosed: (id) => end(id),
    });
    const session: Session = { server, transport, tools: new Map(), lastUsed: clock() };
    syncTools(session, await publishedTurns(client, options.url));
    await server.connect(transport);
    return transport.handleRequest(request, { parsedBody });
  }

  return async (request) => {
    const id = request.headers.get("mcp-session-id");
    if (id) {
      const session = sessions.get(id);
      if (!session || clock() - session.lastUsed > SESSION_IDLE_MS) {
        if (session) end(id);
        return unknownSession();
      }
      session.lastUsed = clock();
      sessions.delete(id);
      sessions.set(id, session);
      if (request.method === "POST") syncTools(session, await publishedTurns(client, options.url));
      return session.transport.handleRequest(request);
    }
    const body = await readJsonBody(request);
    if (body && initializes(body.parsed)) return startSession(request, body.parsed);
    // Stateless: a server and transport for this request alone, so nothing outlives the call it serves.
    const server = graphMcpServer(await publishedTurns(client, options.url));
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, maxRequestBodySize: MAX_REQUEST_BYTES });
    await server.connect(transport);
    return transport.handleRequest(request, body ? { parsedBody: body.parsed } : {});
  };
}
