/**
 * The name a published graph has as an MCP tool. One function for every place that names it:
 * the runtime server's `/mcp`, `cli -- mcp`, bundles, and the app's `Use from other agents` panel.
 */

/** Longest tool name the MCP clients we document accept (Claude's API allows 64 characters). */
export const MCP_TOOL_NAME_MAX = 64;

/**
 * A graph's `meta.id` as an MCP tool name. Graph ids may hold `.` and `:`, which MCP clients
 * refuse in tool names (`^[a-zA-Z0-9_-]{1,64}$` is what Claude and Cursor accept), so every
 * other character becomes `_`, and the name is cut at 64 characters.
 * @example mcpToolName("weather-assistant") // "weather-assistant"
 * @example mcpToolName("team:v2.1") // "team_v2_1"
 */
export function mcpToolName(graphId: string): string {
  return graphId.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, MCP_TOOL_NAME_MAX) || "graph";
}
