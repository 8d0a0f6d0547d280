// Types for the one module of @modelcontextprotocol/server-everything the test harness imports (the package ships none).
declare module "@modelcontextprotocol/server-everything/dist/server/index.js" {
  import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
  export function createServer(): { server: McpServer; cleanup(sessionId?: string): void };
}
