/**
 * MCP tools: one tool of an MCP server reached over Streamable HTTP, and the graph's list of
 * MCP servers. A server's headers are templates that may read named secrets
 * (`{{ secrets.NAME }}`), so credentials live in the secrets store, never in the document.
 */
import { z } from "zod";
import { httpUrl, identifier, LIMITS } from "../primitives.js";
import { type ToolKindDescriptor, toolBase } from "./descriptor.js";

export const mcpToolSchema = z.strictObject({
  ...toolBase,
  kind: z.literal("mcp"),
  config: z.strictObject({
    server_url: httpUrl,
    /** The tool's name on the server (the catalog name may differ). */
    tool: z.string().min(1).max(LIMITS.nameLength),
    /** The graph's MCP server (by name) whose headers the call sends; without it, none are sent. */
    server: identifier.optional(),
  }),
});

/** An MCP server of the graph: where it is and the headers each request sends. */
export const mcpServerSchema = z.strictObject({
  name: identifier,
  url: httpUrl,
  /** Header values are templates over `{{ secrets.NAME }}`; a secret's value never enters the document. */
  headers: z.record(z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, "a header name"), z.string().max(2_000)).default({}),
});

export type McpServer = z.infer<typeof mcpServerSchema>;

export const mcpToolKind: ToolKindDescriptor<z.infer<typeof mcpToolSchema>> = {
  kind: "mcp",
  schema: mcpToolSchema,
  schemaId: "McpTool",
  title: "MCP",
  description: "A tool of an MCP server reached over Streamable HTTP.",
  defaultConfig: () => ({ server_url: "http://localhost:3000/mcp", tool: "tool" }),
  // The server's endpoint: the card shows which server a call reached.
  target: (config) => config.server_url,
};
