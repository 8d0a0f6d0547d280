/**
 * A2A on the runtime server, with LangGraph Agent Server's conventions: each published graph has
 * an agent card at `GET /.well-known/agent-card.json?assistant_id=<id>` and a JSON-RPC endpoint
 * at `POST /a2a/<id>` (A2A v0.3 methods `message/send`, `message/stream` over SSE, `tasks/get`,
 * `tasks/cancel`), `<id>` being the assistant's id or the graph's `meta.id`. The protocol itself
 * is the A2A SDK's (request handler, v0.3 JSON-RPC transport, task store); this module resolves
 * the graph and carries HTTP. The routes sit behind the server's request guard and API key.
 */
import { Hono, type Context } from "hono";
import { stream } from "hono/streaming";
import { formatSSEErrorEvent, formatSSEEvent, SSE_HEADERS } from "@a2a-js/sdk";
import { LegacyJsonRpcTransportHandler } from "@a2a-js/sdk/compat/v0_3/server";
import { DefaultExecutionEventBusManager, DefaultRequestHandler, ServerCallContext } from "@a2a-js/sdk/server";
import { compileGraph, type CompiledDocument } from "../../engine/index.js";
import { validate } from "../../schema/index.js";
import { DOCUMENT_KEY, findPublished, RUNTIME_GRAPH_ID } from "../client/publish.js";
import { serverClient } from "../client/serverClient.js";
import { nodeServices } from "../graph/nodeServices.js";
import { agentCard, legacyAgentCard, type CardSubject } from "./agentCard.js";
import { GraphExecutor } from "./graphExecutor.js";
import { BoundedTaskStore, type BoundedTaskStoreOptions } from "./taskStore.js";

export interface A2aOptions {
  /** The runtime server's own URL: runs go to its LangGraph API, cards name its endpoints. */
  url: string;
  /** The server's API key, when it asks for one. */
  apiKey?: string;
  /** How many tasks are kept and for how long (defaults: MAX_TASKS, TASK_IDLE_MS); the clock for tests. */
  tasks?: Pick<BoundedTaskStoreOptions, "maxTasks" | "idleMs" | "clock">;
}

/** JSON-RPC 2.0 error codes of the failures answered before the SDK sees a request. */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const INTERNAL_ERROR = -32603;
/** A2A's "task not found" is the nearest code for a graph that is not published. */
const NOT_FOUND = -32001;

/** The largest JSON-RPC request taken: a message, not a document (1 MiB). */
export const MAX_REQUEST_BYTES = 1024 * 1024;

/** Graph versions whose node names are kept for placing events (the oldest compiled is dropped first). */
const MAX_PLACED_VERSIONS = 64;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function rpcError(c: Context, id: unknown, code: number, message: string, status: 200 | 413 = 200) {
  return c.json({ jsonrpc: "2.0", id: typeof id === "string" || typeof id === "number" ? id : null, error: { code, message } }, status);
}

/**
 * The body as text, or null past MAX_REQUEST_BYTES. A larger body is still read (up to 16 times
 * the limit, never kept) so the client is there to read the answer saying why.
 */
async function boundedText(request: Request): Promise<string | null> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_REQUEST_BYTES * 16) {
      await reader.cancel();
      break;
    }
    if (size <= MAX_REQUEST_BYTES) chunks.push(value);
  }
  return size > MAX_REQUEST_BYTES ? null : Buffer.concat(chunks).toString("utf8");
}

/**
 * The server as the client reached it (the request guard has checked the `Host` name), so a card
 * names endpoints the client can reach.
 */
function baseUrl(c: Context): string {
  return new URL(c.req.url).origin;
}

/**
 * The routes, to mount on the runtime server's HTTP app.
 * @example app.route("/", a2aRoutes({ url: "http://127.0.0.1:8123" }));
 */
export function a2aRoutes(options: A2aOptions): Hono {
  const client = serverClient({ url: options.url, ...(options.apiKey ? { apiKey: options.apiKey } : {}) });
  const registry = { running: new Map<string, AbortController>(), contexts: new Map<string, string>() };
  // One store and one set of event buses for every graph: a task outlives the request that started
  // it. The store is bounded (a server runs for months); a forgotten paused task's context goes too.
  const tasks = new BoundedTaskStore({ ...options.tasks, onForget: (taskId) => registry.contexts.delete(taskId) });
  const buses = new DefaultExecutionEventBusManager();
  const placed = new Map<string, Pick<CompiledDocument, "nodesByName">>();

  /** The published graph `<id>` names (assistant id or `meta.id`), or why there is none. */
  async function resolve(id: string, base: string): Promise<{ subject: CardSubject; handler: DefaultRequestHandler } | { missing: string }> {
    const assistant = UUID.test(id) ? await client.assistants.get(id).catch(() => null) : await findPublished(client, id);
    const document = validate((assistant?.config.configurable as Record<string, unknown> | undefined)?.[DOCUMENT_KEY]);
    if (!assistant || assistant.graph_id !== RUNTIME_GRAPH_ID || !document.ok) {
      return { missing: `No graph "${id}" is published on this server: use a published graph's meta.id or its assistant id` };
    }
    const key = `${assistant.assistant_id}@${assistant.version}`;
    let graph = placed.get(key);
    if (!graph) {
      // Only the node names are read (to place events); keys and tools stay with the server's run,
      // which also reports a graph that does not compile.
      try {
        graph = { nodesByName: compileGraph(document.document, nodeServices(document.document, { env: {} })).nodesByName };
      } catch {
        graph = { nodesByName: new Map() };
      }
      placed.set(key, graph);
      // Each publication is a new version: keep the newest few, not every one since the start.
      if (placed.size > MAX_PLACED_VERSIONS) placed.delete(placed.keys().next().value as string);
    }
    const subject: CardSubject = {
      assistantId: assistant.assistant_id,
      version: assistant.version,
      document: document.document,
      endpoint: `${base}/a2a/${assistant.assistant_id}`,
      requiresKey: Boolean(options.apiKey),
    };
    const executor = new GraphExecutor({ client, url: options.url, assistantId: assistant.assistant_id, compiled: graph }, registry);
    return { subject, handler: new DefaultRequestHandler(agentCard(subject), tasks, executor, buses) };
  }

  const app = new Hono();

  app.get("/.well-known/agent-card.json", async (c) => {
    const id = c.req.query("assistant_id");
    if (!id) return c.json({ error: "Name the graph: /.well-known/agent-card.json?assistant_id=<assistant id or meta.id>" }, 400);
    const found = await resolve(id, baseUrl(c));
    if ("missing" in found) return c.json({ error: found.missing }, 404);
    return c.json(legacyAgentCard(found.subject));
  });

  app.post("/a2a/:id", async (c) => {
    const text = await boundedText(c.req.raw);
    if (text === null)
      return rpcError(c, null, INVALID_REQUEST, `The request is larger than ${MAX_REQUEST_BYTES} bytes: send the message as text, without attachments`, 413);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      return rpcError(c, null, PARSE_ERROR, `The request body is not JSON: ${(error as Error).message}`);
    }
    if (body === null || typeof body !== "object" || Array.isArray(body)) {
      return rpcError(c, null, INVALID_REQUEST, "A JSON-RPC request is one object with jsonrpc, id, method and params");
    }
    const requestId = (body as { id?: unknown }).id;
    let found: Awaited<ReturnType<typeof resolve>>;
    try {
      found = await resolve(c.req.param("id"), baseUrl(c));
    } catch (error) {
      return rpcError(c, requestId, INTERNAL_ERROR, `The server could not look the graph up: ${(error as Error).message}`);
    }
    if ("missing" in found) return rpcError(c, requestId, NOT_FOUND, found.missing);
    const answer = await new LegacyJsonRpcTransportHandler(found.handler).handle(body as Record<string, unknown>, new ServerCallContext());
    if (!(Symbol.asyncIterator in answer)) return c.json(answer);
    for (const [name, value] of Object.entries(SSE_HEADERS)) c.header(name, value);
    return stream(c, async (out) => {
      try {
        // A client that leaves stops listening, not the task: reading on lets the SDK record the
        // task to its end, for tasks/get.
        for await (const event of answer) if (!out.aborted) await out.write(formatSSEEvent(event));
      } catch (error) {
        const failure = LegacyJsonRpcTransportHandler.mapToLegacyJSONRPCError(error);
        await out.write(formatSSEErrorEvent({ jsonrpc: "2.0", id: requestId ?? null, error: failure }));
      }
    });
  });

  return app;
}
