/** Tool kinds: one descriptor each and the table of them all. */
export { type ToolKindDescriptor, type ToolShape } from "./descriptor.js";
export { builtinToolNames, builtinToolKind } from "./builtin.js";
export { mockResponseSchema, mockToolKind } from "./mock.js";
export { httpToolKind, secretNamesIn, SECRET_PLACEHOLDER } from "./http.js";
export { mcpServerSchema, mcpToolKind, type McpServer } from "./mcp.js";
export { javascriptToolKind } from "./javascript.js";
export { agentToolKind } from "./agent.js";
export * from "./registry.js";
