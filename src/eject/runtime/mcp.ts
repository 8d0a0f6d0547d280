/** The generated project's MCP client (src/mcp.ts): tools of MCP servers over Streamable HTTP, as the engine's MCP tools call them. */
export const MCP_SOURCE = `/**
 * MCP tools: each call goes to its server over Streamable HTTP through the MCP SDK's client. One
 * session per server (address and header values), opened on first use and kept until
 * \`closeMcpSessions()\`; a session the server dropped is opened again once and the call retried.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { readSecrets } from "./secrets.js";
import { render } from "./template.js";

/** Where a server is and the headers its requests send: templates over \`{{ secrets.NAME }}\`. */
export interface McpEndpoint {
  url: string;
  /** The server's name, for messages. */
  name?: string;
  headers?: Record<string, string>;
}

/** A request the server never answers fails after this long. */
const REQUEST_TIMEOUT_MS = 60_000;
/** Text results longer than this are cut, with a note, so one answer cannot flood the model's context. */
const MAX_RESULT_CHARS = 100_000;
const CLIENT_INFO = { name: "langgraph-tools", version: "0.1.0" };

/** Open sessions by address and header values. */
const sessions = new Map<string, Promise<Client>>();

/** Calls a tool of an MCP server; its result as the model reads it. A result the server marks as an error is thrown. */
export async function callMcpTool(endpoint: McpEndpoint, tool: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<string> {
  const origin = new URL(endpoint.url).origin;
  const templates = endpoint.headers ?? {};
  const secrets = readSecrets(Object.values(templates), { origin, allowed: [origin], who: describe(endpoint) });
  const headers = Object.fromEntries(Object.entries(templates).map(([name, template]) => [name, render(template, { secrets })]));
  const key = JSON.stringify([endpoint.url, Object.entries(headers).sort()]);
  for (let attempt = 0; ; attempt++) {
    const client = await session(key, endpoint, headers);
    try {
      const result = await client.callTool({ name: tool, arguments: args }, undefined, { timeout: REQUEST_TIMEOUT_MS, ...(signal ? { signal } : {}) });
      return resultText(result as CallToolResult, tool);
    } catch (error) {
      const dropped = error instanceof StreamableHTTPError && (error.code === 404 || (error.code === 400 && /session/i.test(error.message)));
      // A transport failure leaves the session unusable; a JSON-RPC error answer does not.
      if (error instanceof StreamableHTTPError || error instanceof TypeError) forget(key, client);
      if (dropped && attempt === 0) continue;
      throw new Error(\`\${describe(endpoint)} failed the call of "\${tool}": \${error instanceof Error ? error.message : String(error)}\`, { cause: error });
    }
  }
}

/** Ends every session (a DELETE each, as the protocol asks): call it before the process exits. */
export async function closeMcpSessions(): Promise<void> {
  const open = [...sessions.values()];
  sessions.clear();
  await Promise.all(open.map(async (pending) => close(await pending.catch(() => null))));
}

function session(key: string, endpoint: McpEndpoint, headers: Record<string, string>): Promise<Client> {
  let pending = sessions.get(key);
  if (!pending) {
    pending = connect(endpoint, headers);
    sessions.set(key, pending);
    // A failed connect is not kept: the next call tries again.
    pending.catch(() => {
      if (sessions.get(key) === pending) sessions.delete(key);
    });
  }
  return pending;
}

async function connect(endpoint: McpEndpoint, headers: Record<string, string>): Promise<Client> {
  const client = new Client(CLIENT_INFO, { capabilities: {} });
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(endpoint.url), { requestInit: { headers } }), { timeout: REQUEST_TIMEOUT_MS });
  } catch (error) {
    await close(client);
    throw new Error(\`Could not open a session with \${describe(endpoint)}: \${error instanceof Error ? error.message : String(error)}\`, { cause: error });
  }
  return client;
}

function forget(key: string, client: Client): void {
  sessions.delete(key);
  void close(client);
}

async function close(client: Client | null): Promise<void> {
  if (!client) return;
  const transport = client.transport;
  try {
    if (transport instanceof StreamableHTTPClientTransport && transport.sessionId) await transport.terminateSession();
  } catch {
    // The server may have ended the session already; closing here is all that is left to do.
  }
  await client.close().catch(() => undefined);
}

function describe(endpoint: McpEndpoint): string {
  const origin = new URL(endpoint.url).origin;
  return endpoint.name ? \`MCP server "\${endpoint.name}" (\${origin})\` : \`MCP server \${origin}\`;
}

/** Structured content as JSON, else the text; images (as \`data:\` URLs) and resources beside the text as JSON. */
function resultText(result: CallToolResult, tool: string): string {
  const texts: string[] = [];
  const images: { mime_type: string; data_url: string }[] = [];
  const resources: unknown[] = [];
  for (const block of result.content ?? []) {
    if (block.type === "text") texts.push(block.text);
    else if (block.type === "image") images.push({ mime_type: block.mimeType, data_url: \`data:\${block.mimeType};base64,\${block.data}\` });
    else if (block.type === "resource" || block.type === "resource_link") resources.push(block);
  }
  let text = texts.join("\\n");
  if (text.length > MAX_RESULT_CHARS) {
    text = \`\${text.slice(0, MAX_RESULT_CHARS)}\\n[The result had \${text.length} characters; the first \${MAX_RESULT_CHARS} are shown (tool "\${tool}").]\`;
  }
  if (result.isError === true) throw new Error(text || \`The MCP tool "\${tool}" reported an error without a message.\`);
  if (result.structuredContent !== undefined) return JSON.stringify(result.structuredContent);
  if (images.length === 0 && resources.length === 0) return text;
  return JSON.stringify({ ...(text ? { text } : {}), ...(images.length > 0 ? { images } : {}), ...(resources.length > 0 ? { resources } : {}) });
}
`;
