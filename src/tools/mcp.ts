/** MCP tools: one tool of an MCP server reached over Streamable HTTP. Not runnable yet: resolving one is a compile error. */
import type { ToolOfKind } from "../schema/index.js";
import type { RunnableTool } from "../engine/index.js";
import { cannotRunYet } from "./notRunnable.js";

export function mcpTool(definition: ToolOfKind<"mcp">): RunnableTool {
  throw cannotRunYet(definition);
}
