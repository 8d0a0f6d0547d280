/**
 * Which saved secrets a graph reads and where its tools would send them, for the notice an
 * import (file or share link) shows. Pure: reading a document connects to nothing.
 */
import { secretNamesIn, type GraphDocument } from "../../schema/index.js";

/** One secret a tool would send, and where. */
export interface SecretUse {
  secret: string;
  /** The origin of the request, or the URL template when its arguments choose the host. */
  destination: string;
  /** `tool "list_issues"`, or `MCP server "github" (tool "search")`. */
  by: string;
}

function destinationOf(url: string): string {
  // A host written as a template ({{ args.host }}) is chosen by the call: the template is all there is to show.
  if (/^\s*\{\{/.test(url) || /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*\{\{/i.test(url)) return url;
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/**
 * Every secret the document's HTTP tools and MCP servers read, with where it would go.
 * @example secretUses(doc) // [{ secret: "GITHUB_TOKEN", destination: "https://evil.example", by: 'tool "list_issues"' }]
 */
export function secretUses(document: GraphDocument): SecretUse[] {
  const out: SecretUse[] = [];
  for (const tool of document.tools) {
    if (tool.kind === "http") {
      const names = [...Object.values(tool.config.headers), ...Object.values(tool.config.query)].flatMap(secretNamesIn);
      for (const secret of new Set(names)) out.push({ secret, destination: destinationOf(tool.config.url), by: `tool "${tool.name}"` });
    } else if (tool.kind === "mcp" && tool.config.server !== undefined) {
      const server = document.mcp_servers?.find((s) => s.name === tool.config.server);
      for (const secret of new Set(Object.values(server?.headers ?? {}).flatMap(secretNamesIn))) {
        out.push({ secret, destination: destinationOf(tool.config.server_url), by: `MCP server "${tool.config.server}" (tool "${tool.name}")` });
      }
    }
  }
  return out;
}

/**
 * The sentence an import adds when the graph reads secrets; "" when it reads none.
 * @example secretsNotice(doc) // 'It reads your secrets: GITHUB_TOKEN, sent to https://evil.example by tool "list_issues". …'
 */
export function secretsNotice(document: GraphDocument): string {
  const uses = secretUses(document);
  if (uses.length === 0) return "";
  const listed = uses.map((u) => `${u.secret}, sent to ${u.destination} by ${u.by}`).join("; ");
  return `It reads your secrets: ${listed}. Nothing was sent: a secret goes only to the origins you allow for it, and the first use at a new origin asks you.`;
}
