/**
 * Connect in graph settings: the worker lists an MCP server's tools for the page. It runs here,
 * not on the main thread, because header values come from the secrets store, which only the
 * worker reads, and so the MCP SDK stays out of the page's bundle. One session per Connect,
 * ended once the list is read.
 */
import { McpSessionPool, type ToolSecrets } from "../tools/index.js";
import type { McpListToolsRequest, McpToolsResult } from "./protocol";
import { errorMessage } from "../schema/errorMessage.js";

/**
 * @example
 * post(await listMcpTools({ type: "mcp_list_tools", requestId: "r1", server: { name: "everything", url, headers: {} } }, secrets));
 */
export async function listMcpTools(request: McpListToolsRequest, secrets: ToolSecrets): Promise<McpToolsResult> {
  const pool = new McpSessionPool({ secrets });
  const { server, requestId } = request;
  try {
    const tools = await pool.listTools({ url: server.url, headers: server.headers, name: server.name });
    return { type: "mcp_tools_result", requestId, ok: true, tools, error: null };
  } catch (error) {
    return { type: "mcp_tools_result", requestId, ok: false, tools: [], error: errorMessage(error) };
  } finally {
    await pool.close();
  }
}
