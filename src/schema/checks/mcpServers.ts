/** The graph's MCP servers: names are unique, and an `mcp` tool that names a server names one of them. */
import { quote } from "../describe.js";
import type { ValidationIssue } from "../issues.js";
import { type GraphIndex, issueAt } from "./graphIndex.js";

export function checkMcpServers({ doc }: GraphIndex): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const servers = Array.isArray(doc.mcp_servers) ? doc.mcp_servers : [];
  const names = new Set<string>();
  servers.forEach((server, i) => {
    if (names.has(server.name)) issues.push(issueAt("DUPLICATE_NAME", ["mcp_servers", i, "name"], `Two MCP servers are named ${quote(server.name)}`));
    names.add(server.name);
  });
  doc.tools.forEach((tool, i) => {
    if (tool.kind !== "mcp" || tool.config.server === undefined || names.has(tool.config.server)) return;
    issues.push(
      issueAt(
        "MISSING_MCP_SERVER",
        ["tools", i, "config", "server"],
        `Tool ${quote(tool.name)} uses MCP server ${quote(tool.config.server)}, which is not among the graph's MCP servers`,
      ),
    );
  });
  return issues;
}
