/**
 * The MCP SDK's client side, which `mcpSessions.ts` loads on the first request to an MCP server:
 * a graph without MCP tools (and every command or page that never calls one) does not parse it.
 */
export { Client } from "@modelcontextprotocol/sdk/client/index.js";
export { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
export { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
export { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
