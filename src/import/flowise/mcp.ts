/**
 * Custom MCP tools as an MCP server of the graph (a remote URL only; its header values become
 * secret placeholders) and one catalog tool per listed action, plus the mock tool that stands in
 * for tools nothing here does. Import never connects to the server.
 */
import { LIMITS } from "../../schema/index.js";
import type { GraphBuilder } from "../builder.js";
import { nameFrom } from "../builder.js";
import { plainUrl } from "./models.js";
import type { ToolChoice } from "./tools.js";
import { noteSecrets, secretHeaders } from "./headers.js";
import { fieldsOf, plainField, stringOf, type Fields } from "./values.js";

export function mockTool(builder: GraphBuilder, component: string, label: string, owner: string): string {
  const name = builder.name(nameFrom(label || component, "tool"));
  return builder.tool({
    id: `${owner}_${component || "tool"}`,
    kind: "mock",
    name,
    description: `Stands in for the Flowise tool ${component}.`,
    input_schema: { type: "object", properties: {} },
    return_direct: false,
    destructive: false,
    config: { responses: [], default: `The ${component || "Flowise"} tool was not carried over from Flowise; connect a real tool here.`, latency_ms: 0 },
  });
}

export function mcpTools(builder: GraphBuilder, config: Fields, owner: string): ToolChoice {
  const raw = config.mcpServerConfig;
  let server: Fields = fieldsOf(raw);
  if (typeof raw === "string") {
    try {
      server = fieldsOf(JSON.parse(plainField(raw, 100_000)));
    } catch {
      // Not JSON: no server to read.
    }
  }
  const url = plainUrl(stringOf(server.url));
  if (!url) {
    builder.note("Custom MCP: only remote servers (a URL) come over; a server started by a command is not carried over.");
    return {
      tools: [mockTool(builder, "customMCP", "mcp_server", owner)],
      defaults: [],
      approximation: "an MCP server without a plain URL (stdio or credentials in the URL) became a mock tool",
    };
  }
  const serverName = nameFrom(`${owner}_mcp`, "mcp");
  const { headers, secrets } = secretHeaders(server.headers, serverName);
  noteSecrets(builder, secrets, `MCP server ${serverName}`);
  const name = builder.mcpServer({ name: serverName, url, headers });
  const actions = (() => {
    const value = config.mcpActions;
    if (Array.isArray(value)) return value;
    try {
      const parsed: unknown = typeof value === "string" ? JSON.parse(value) : [];
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  })();
  const tools = actions
    .filter((a): a is string => typeof a === "string" && a.trim() !== "")
    .slice(0, 50)
    .map((action) =>
      builder.tool({
        id: `${owner}_${action}`,
        kind: "mcp",
        name: builder.name(nameFrom(action, "mcp_tool")),
        description: "",
        input_schema: { type: "object", properties: {} },
        return_direct: false,
        destructive: false,
        config: { server_url: url, tool: action.slice(0, LIMITS.nameLength), server: name },
      }),
    );
  return {
    tools,
    defaults: [],
    approximation:
      tools.length === 0 ? "the MCP server came over without tools: list them in its MCP panel" : "MCP tools' schemas are listed again from the server",
  };
}
