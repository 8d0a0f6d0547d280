/** Turns catalog definitions into runnable tools, by kind. */
import type { ToolDefinition } from "../schema/index.js";
import type { RunnableTool, ToolResolver } from "../engine/index.js";
import { McpSessionPool } from "./mcpSessions.js";
import { runnableTool } from "./registry.js";
import type { ToolServices } from "./services.js";

/**
 * The tool resolver for Node and the browser; `services` gives runners the network and named secrets.
 * @example compileGraph(doc, { models, tools: createToolResolver({ secrets: envSecrets(process.env) }) })
 */
export function createToolResolver(services: ToolServices = {}): ToolResolver & { close(): Promise<void> } {
  // One MCP session per server for everything resolved here: a compiled graph's runs share it.
  const mcpSessions = services.mcpSessions ?? new McpSessionPool(services);
  const withSessions: ToolServices = { ...services, mcpSessions };
  return {
    resolve(definition: ToolDefinition): RunnableTool {
      return runnableTool(definition, withSessions);
    },
    /** Ends the MCP sessions this resolver opened (a pool passed in is its owner's to close). */
    close: () => (services.mcpSessions ? Promise.resolve() : mcpSessions.close()),
  };
}
