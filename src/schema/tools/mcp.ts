/** MCP tools: one tool of an MCP server reached over Streamable HTTP. */
import { z } from "zod";
import { httpUrl, LIMITS } from "../primitives.js";
import { type ToolKindDescriptor, toolBase } from "./descriptor.js";

export const mcpToolSchema = z.strictObject({
  ...toolBase,
  kind: z.literal("mcp"),
  config: z.strictObject({ server_url: httpUrl, tool: z.string().min(1).max(LIMITS.nameLength) }),
});

export const mcpToolKind: ToolKindDescriptor<z.infer<typeof mcpToolSchema>> = {
  kind: "mcp",
  schema: mcpToolSchema,
  schemaId: "McpTool",
  title: "MCP",
  description: "A tool of an MCP server reached over Streamable HTTP.",
  defaultConfig: () => ({ server_url: "http://localhost:3000/mcp", tool: "tool" }),
};
