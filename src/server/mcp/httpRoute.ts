/**
 * `/mcp` on the runtime server (Streamable HTTP, stateless): every graph published to the server
 * is a tool (graphTools.ts), and a call runs a turn on the server through the LangGraph SDK, as
 * the app's playground does, so threads, checkpoints and queues are the server's own. The
 * request passes LangGraph's auth hook first, so the server's API key and request guard hold.
 *
 * Limits: a request body over MAX_REQUEST_BYTES is refused (413) before it is parsed; a message
 * over MAX_MESSAGE_CHARS is a tool error. A client that disconnects mid-run does not cancel it
 * (MCP: a disconnect is not a cancellation): the run finishes on the server, and a call with the
 * same thread_id continues from there.
 */
import { randomUUID } from "node:crypto";
import { Client } from "@langchain/langgraph-sdk";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { compileGraph, type CompiledDocument } from "../../engine/index.js";
import type { GraphDocument } from "../../schema/index.js";
import { nodeServices } from "../graph/nodeServices.js";
import { DOCUMENT_KEY, RUNTIME_GRAPH_ID } from "../client/publish.js";
import { runOnServer } from "../client/serverRun.js";
import { graphMcpServer, type GraphTurns } from "./graphTools.js";

/** The largest JSON-RPC request `/mcp` reads, in bytes. */
export const MAX_REQUEST_BYTES = 1024 * 1024;

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

/**
 * The `/mcp` handler: a Web `Request` in, a `Response` (JSON-RPC, or an SSE stream while a call runs) out.
 * @example const handle = mcpRoute({ url: "http://127.0.0.1:8123" }); const response = await handle(request);
 */
export function mcpRoute(options: McpRouteOptions): (request: Request) => Promise<Response> {
  const client = new Client({ apiUrl: options.url, apiKey: options.apiKey ?? null });
  return async (request) => {
    // Stateless: a server and transport per request, so nothing outlives the call it serves.
    const server = graphMcpServer(await publishedTurns(client, options.url));
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, maxRequestBodySize: MAX_REQUEST_BYTES });
    await server.connect(transport);
    return transport.handleRequest(request);
  };
}
