/**
 * MCP sessions over Streamable HTTP: one SDK client per server (URL and headers), opened on
 * first use and kept for the compiled graph that owns the pool, so the calls of a run share
 * one session id. A session the server dropped is opened again once, and the call retried.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { renderTemplate } from "../engine/index.js";
import type { ToolContext } from "../engine/index.js";
import { httpOrigin, readTemplateSecrets, type ToolServices } from "./services.js";
import { errorMessage } from "../schema/errorMessage.js";

/** Where a server is and the header templates (`{{ secrets.NAME }}`) its requests send. */
export interface McpEndpoint {
  url: string;
  headers?: Readonly<Record<string, string>>;
  /** The server's name in the graph, for messages. */
  name?: string;
}

/** Who is calling, for the question a header secret's first use at this server asks. */
export interface McpCaller {
  tool: string;
  graph?: string | undefined;
  askSecretUse?: ToolContext["askSecretUse"] | undefined;
}

/** One tool as the server lists it: its JSON Schema becomes the catalog tool's input schema. */
export interface McpToolListing {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}

/** More tools than this is refused: no catalog (or model) can use them, and listing them all costs the page. */
export const MAX_LISTED_TOOLS = 1_000;
/** A request the server never answers fails after this long (the pool's default). */
export const MCP_REQUEST_TIMEOUT_MS = 60_000;
const CLIENT_INFO = { name: "graphwright", version: "0.1.0" };

type McpSdk = typeof import("./mcpSdk.js");
/** The SDK once a session has asked for it; an error can only be one of its classes after that. */
let sdk: McpSdk | undefined;
const loadSdk = async (): Promise<McpSdk> => (sdk ??= await import("./mcpSdk.js"));
/** An HTTP-level failure the SDK's transport reported. */
const isTransportError = (error: unknown): error is InstanceType<McpSdk["StreamableHTTPError"]> =>
  sdk !== undefined && error instanceof sdk.StreamableHTTPError;

/**
 * @example
 * const pool = new McpSessionPool({ secrets });
 * const tools = await pool.listTools({ url: "http://127.0.0.1:3001/mcp" });
 * const result = await pool.callTool({ url: "http://127.0.0.1:3001/mcp" }, "echo", { message: "hi" });
 * await pool.close();
 */
export class McpSessionPool {
  readonly #services: ToolServices;
  /** Sessions by URL and header values. */
  readonly #sessions = new Map<string, Promise<Client>>();
  /** The session key each URL and header templates last resolved to: a changed secret replaces its session. */
  readonly #current = new Map<string, string>();
  readonly #timeoutMs: number;

  constructor(services: Pick<ToolServices, "fetch" | "secrets"> = {}, options: { requestTimeoutMs?: number } = {}) {
    this.#services = services;
    this.#timeoutMs = options.requestTimeoutMs ?? MCP_REQUEST_TIMEOUT_MS;
  }

  /** Every tool the server lists (all pages), or a clear error. */
  async listTools(endpoint: McpEndpoint, signal?: AbortSignal): Promise<McpToolListing[]> {
    return this.#withSession(endpoint, undefined, async (client) => {
      const out: McpToolListing[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listTools(cursor === undefined ? {} : { cursor }, this.#requestOptions(signal));
        for (const tool of page.tools) {
          out.push({ name: tool.name, description: tool.description ?? tool.title ?? "", input_schema: tool.inputSchema as Record<string, unknown> });
        }
        if (out.length > MAX_LISTED_TOOLS) {
          throw new Error(`${describe(endpoint)} lists more than ${MAX_LISTED_TOOLS} tools; Graphwright lists at most ${MAX_LISTED_TOOLS} of one server.`);
        }
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      return out;
    });
  }

  /** Calls one tool; the server's result as it sent it (`isError` included). */
  async callTool(endpoint: McpEndpoint, tool: string, args: Record<string, unknown>, signal?: AbortSignal, caller?: McpCaller): Promise<CallToolResult> {
    return this.#withSession(
      endpoint,
      caller ?? { tool },
      async (client) => (await client.callTool({ name: tool, arguments: args }, undefined, this.#requestOptions(signal))) as CallToolResult,
      tool,
    );
  }

  /** Ends every session (a DELETE each, as the protocol asks) and forgets them. */
  async close(): Promise<void> {
    const sessions = [...this.#sessions.values()];
    this.#sessions.clear();
    this.#current.clear();
    await Promise.all(sessions.map(async (pending) => closeClient(await pending.catch(() => null))));
  }

  /** `tool` names the call in a failure's message (none for listing). */
  async #withSession<T>(endpoint: McpEndpoint, caller: McpCaller | undefined, work: (client: Client) => Promise<T>, tool?: string): Promise<T> {
    const headers = await this.#headers(endpoint, caller);
    const key = this.#key(endpoint, headers);
    for (let attempt = 0; ; attempt++) {
      const client = await this.#session(key, endpoint, headers);
      try {
        return await work(client);
      } catch (error) {
        // A dropped session (the server restarted or expired it) is opened again once.
        if (attempt === 0 && sessionDropped(error)) {
          this.#forget(key, client);
          continue;
        }
        // A transport failure leaves the session unusable; a JSON-RPC error answer does not.
        if (isTransportError(error) || isNetworkError(error)) this.#forget(key, client);
        throw callFailure(endpoint, error, { tool, timeoutMs: this.#timeoutMs });
      }
    }
  }

  /** Calls share a session when they go to one URL with the same header values (secrets read at each call). */
  #key(endpoint: McpEndpoint, headers: Record<string, string>): string {
    const templates = JSON.stringify([endpoint.url, Object.entries(endpoint.headers ?? {}).sort()]);
    const key = JSON.stringify([endpoint.url, Object.entries(headers).sort()]);
    const previous = this.#current.get(templates);
    // A secret changed since: the session opened with the old value is ended.
    if (previous !== undefined && previous !== key) {
      const stale = this.#sessions.get(previous);
      this.#sessions.delete(previous);
      void stale?.then(closeClient, () => undefined);
    }
    this.#current.set(templates, key);
    return key;
  }

  #session(key: string, endpoint: McpEndpoint, headers: Record<string, string>): Promise<Client> {
    let pending = this.#sessions.get(key);
    if (!pending) {
      pending = this.#connect(endpoint, headers);
      this.#sessions.set(key, pending);
      // A failed connect is not kept: the next call tries again.
      pending.catch(() => {
        if (this.#sessions.get(key) === pending) this.#sessions.delete(key);
      });
    }
    return pending;
  }

  #forget(key: string, client: Client): void {
    this.#sessions.delete(key);
    void closeClient(client);
  }

  async #connect(endpoint: McpEndpoint, headers: Record<string, string>): Promise<Client> {
    const fetchImpl = this.#services.fetch;
    let loaded: McpSdk;
    try {
      loaded = await loadSdk();
    } catch (error) {
      // The SDK's chunk could not load (an app updated or gone offline since the page opened).
      throw callFailure(endpoint, new Error(`the MCP client could not be loaded (${errorMessage(error)})`));
    }
    const { Client, StreamableHTTPClientTransport, CfWorkerJsonSchemaValidator } = loaded;
    const transport = new StreamableHTTPClientTransport(new URL(endpoint.url), {
      requestInit: { headers },
      ...(fetchImpl ? { fetch: (url: string | URL, init?: RequestInit) => fetchImpl(String(url), init ?? {}) } : {}),
    });
    // The SDK's default validator (Ajv) compiles schemas with eval, which the app's
    // Content-Security-Policy refuses; @cfworker/json-schema interprets them instead.
    const client = new Client(CLIENT_INFO, { capabilities: {}, jsonSchemaValidator: new CfWorkerJsonSchemaValidator() });
    try {
      await client.connect(transport, { timeout: this.#timeoutMs });
    } catch (error) {
      await closeClient(client);
      throw callFailure(endpoint, error, { timeoutMs: this.#timeoutMs });
    }
    return client;
  }

  /** The header values; each secret is checked against the server's origin before any session opens. */
  async #headers(endpoint: McpEndpoint, caller: McpCaller | undefined): Promise<Record<string, string>> {
    const templates = endpoint.headers ?? {};
    const origin = httpOrigin(endpoint.url);
    if (origin === null) throw callFailure(endpoint, new Error(`${endpoint.url} is not an http(s) address.`));
    const secrets = await readTemplateSecrets(Object.values(templates), this.#services.secrets, describe(endpoint), {
      origin,
      tool: caller?.tool ?? describe(endpoint),
      graph: caller?.graph,
      ask: caller?.askSecretUse,
    });
    const out: Record<string, string> = {};
    for (const [header, template] of Object.entries(templates)) out[header] = renderTemplate(template, { secrets });
    return out;
  }

  #requestOptions(signal: AbortSignal | undefined) {
    return { timeout: this.#timeoutMs, ...(signal ? { signal } : {}) };
  }
}

async function closeClient(client: Client | null): Promise<void> {
  if (!client) return;
  const transport = client.transport;
  try {
    if (sdk && transport instanceof sdk.StreamableHTTPClientTransport && transport.sessionId) await transport.terminateSession();
  } catch {
    // The session may already be gone on the server; closing locally is all that is left to do.
  }
  await client.close().catch(() => undefined);
}

/** The server no longer knows our session: HTTP 404 (the protocol's answer), or a 400 naming the session id. */
function sessionDropped(error: unknown): boolean {
  if (!isTransportError(error)) return false;
  return error.code === 404 || (error.code === 400 && /session/i.test(error.message));
}

function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

/**
 * An open connection the other side cut (Node's fetch says why in `cause`): the server was
 * reached and went away. The browser's fetch does not tell this from "cannot connect".
 */
function connectionCut(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (!cause) return false;
  return (
    cause.code === "ECONNRESET" ||
    cause.code === "UND_ERR_SOCKET" ||
    cause.code === "EPIPE" ||
    (typeof cause.message === "string" && /other side closed|socket hang up/i.test(cause.message))
  );
}

function describe(endpoint: McpEndpoint): string {
  const origin = safeOrigin(endpoint.url);
  return endpoint.name ? `MCP server "${endpoint.name}" (${origin})` : `MCP server ${origin}`;
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/**
 * One sentence on why a request to the server failed, naming the server (and the tool, for a
 * call). A call the server never answers, or whose connection broke, may have run there: the
 * message says so, and it is not retried.
 */
export function callFailure(endpoint: McpEndpoint, error: unknown, call: { tool?: string | undefined; timeoutMs?: number } = {}): Error {
  if (error instanceof McpCallError) return error;
  const reason = errorMessage(error);
  const what = call.tool === undefined ? "the request" : `the call of "${call.tool}"`;
  let message: string;
  if (sdk && error instanceof sdk.McpError && error.code === Number(sdk.ErrorCode.RequestTimeout)) {
    const seconds = Math.round((call.timeoutMs ?? MCP_REQUEST_TIMEOUT_MS) / 100) / 10;
    message = `${describe(endpoint)} did not answer ${what} within ${seconds} s, so it was given up${call.tool === undefined ? "" : " (it may still be running on the server)"}.`;
  } else if (isNetworkError(error) && connectionCut(error)) {
    message = `The connection to ${describe(endpoint)} broke during ${what} (${reason}: ${String((error as { cause?: { message?: unknown } }).cause?.message ?? "")}): the server may have stopped${call.tool === undefined ? "" : ", and the tool may or may not have run"}.`;
  } else if (isTransportError(error)) {
    message =
      error.code !== undefined && error.code >= 400
        ? `${describe(endpoint)} answered HTTP ${error.code}: ${reason.replace(/^Streamable HTTP error: /, "")}`
        : `${describe(endpoint)} sent an answer that is not MCP: ${reason.replace(/^Streamable HTTP error: /, "")}`;
  } else if (isNetworkError(error)) {
    message = `Could not reach ${describe(endpoint)} (${reason}). Either the server is down or unreachable, or — in the browser — it does not allow requests from this page (CORS): it must send Access-Control-Allow-Origin for this app's address and expose the Mcp-Session-Id header.`;
  } else if (error instanceof SyntaxError || (error instanceof Error && error.name === "ZodError")) {
    message = `${describe(endpoint)} sent a malformed JSON-RPC message: ${reason.slice(0, 300)}`;
  } else {
    message = `${describe(endpoint)}: ${reason}`;
  }
  return new McpCallError(message, { cause: error });
}

/** A failure reaching or talking to an MCP server (not a tool's own error result). */
export class McpCallError extends Error {
  override name = "McpCallError";
}
