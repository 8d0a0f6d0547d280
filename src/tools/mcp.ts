/**
 * MCP tools: one tool of an MCP server reached over Streamable HTTP. Calls go through the
 * resolver's session pool (one session per server for the compiled graph); the server's
 * headers come from the graph's MCP servers, their secrets from the secrets store.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ToolOfKind } from "../schema/index.js";
import type { RunnableTool } from "../engine/index.js";
import { McpSessionPool, type McpEndpoint } from "./mcpSessions.js";
import { httpOrigin, secretsToAsk, type ToolServices } from "./services.js";

type McpDefinition = ToolOfKind<"mcp">;

/** Text results longer than this are cut, with a note, so one answer cannot flood the model's context. */
export const MAX_RESULT_CHARS = 100_000;

/** An image of a tool result, as a `data:` URL the chat can show without loading anything. */
export interface McpImage {
  mime_type: string;
  data_url: string;
}

/** What an MCP tool returns to the model when the result is more than text. */
export interface McpRichResult {
  text?: string;
  images?: McpImage[];
  /** Resources and links the result names, as the server sent them. */
  resources?: unknown[];
}

/**
 * @example
 * const tool = mcpTool({ kind: "mcp", name: "echo", config: { server_url: "http://127.0.0.1:3001/mcp", tool: "echo" }, … }, {});
 * await tool.invoke({ message: "hi" }, { callId: "c1" }) // "Echo: hi"
 */
export function mcpTool(definition: McpDefinition, services: ToolServices = {}): RunnableTool {
  const sessions = services.mcpSessions ?? new McpSessionPool(services);
  const server = definition.config.server === undefined ? undefined : services.mcpServers?.find((s) => s.name === definition.config.server);
  const endpoint: McpEndpoint = {
    url: definition.config.server_url,
    ...(server ? { name: server.name, headers: server.headers } : {}),
  };
  return {
    definition,
    async invoke(args, context) {
      const caller = { tool: definition.name, graph: services.graph, askSecretUse: context.askSecretUse };
      const result = await sessions.callTool(endpoint, definition.config.tool, args, context.signal, caller);
      return toolResult(result, definition.name);
    },
    async secretsToAsk() {
      const origin = httpOrigin(endpoint.url);
      if (origin === null) return [];
      return secretsToAsk(Object.values(endpoint.headers ?? {}), services.secrets, { origin, tool: definition.name, graph: services.graph });
    },
  };
}

/**
 * The tool result the model reads: structured content as JSON, else the text; images as
 * `data:` URLs. An `isError` result is thrown, so it becomes a tool error.
 */
export function toolResult(result: CallToolResult, toolName: string): unknown {
  const content = Array.isArray(result.content) ? result.content : [];
  const texts: string[] = [];
  const images: McpImage[] = [];
  const resources: unknown[] = [];
  for (const block of content) {
    if (block.type === "text") texts.push(block.text);
    else if (block.type === "image") images.push({ mime_type: block.mimeType, data_url: `data:${block.mimeType};base64,${block.data}` });
    else if (block.type === "resource" || block.type === "resource_link") resources.push(block);
  }
  const text = cut(texts.join("\n"), toolName);
  if (result.isError === true) throw new Error(text || `The MCP tool "${toolName}" reported an error without a message.`);
  if (result.structuredContent !== undefined) return result.structuredContent;
  if (images.length === 0 && resources.length === 0) return text;
  const rich: McpRichResult = {};
  if (text) rich.text = text;
  if (images.length > 0) rich.images = images;
  if (resources.length > 0) rich.resources = resources;
  return rich;
}

function cut(text: string, toolName: string): string {
  if (text.length <= MAX_RESULT_CHARS) return text;
  return `${text.slice(0, MAX_RESULT_CHARS)}\n[The result had ${text.length} characters; the first ${MAX_RESULT_CHARS} are shown (tool "${toolName}").]`;
}
