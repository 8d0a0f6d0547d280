// What Connect adds to the document: the server in the graph's MCP servers, and each picked
// server tool as an `mcp` catalog tool whose input schema is the server's, cached so the graph
// validates (and the model sees the schema) without connecting.
import { identifier, LIMITS, type GraphDocument, type McpServer, type ToolDefinition } from "../../../schema/index.js";
import type { McpToolListing } from "../../../worker/protocol";

/** A catalog name for a server tool: its own when it is a valid, free identifier, else a close one. */
export function catalogName(toolName: string, taken: ReadonlySet<string>): string {
  let base = toolName.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, LIMITS.nameLength - 4);
  if (!/^[A-Za-z]/.test(base)) base = `t_${base}`.slice(0, LIMITS.nameLength - 4);
  if (!identifier.safeParse(base).success) base = "mcp_tool";
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base}_${n}`;
  return name;
}

/** The input schema to cache: the server's object schema, or an empty object schema when it sent another shape. */
function inputSchemaOf(listing: McpToolListing): ToolDefinition["input_schema"] {
  const schema = listing.input_schema;
  return schema && typeof schema === "object" && schema.type === "object" ? (schema as ToolDefinition["input_schema"]) : { type: "object", properties: {} };
}

/**
 * The document with `server` among its MCP servers (replacing one of the same name) and
 * `picked` added to its catalog.
 * @example addMcpTools(doc, { name: "everything", url, headers: {} }, [echoListing])
 */
export function addMcpTools(document: GraphDocument, server: McpServer, picked: readonly McpToolListing[]): GraphDocument {
  const taken = new Set(document.tools.flatMap((t) => [t.id.toLowerCase(), t.name.toLowerCase()]));
  const tools: ToolDefinition[] = picked.map((listing) => {
    const name = catalogName(listing.name, taken);
    taken.add(name.toLowerCase());
    return {
      id: name,
      kind: "mcp",
      name,
      description: listing.description.slice(0, LIMITS.textLength),
      input_schema: inputSchemaOf(listing),
      return_direct: false,
      destructive: false,
      config: { server_url: server.url, tool: listing.name, server: server.name },
    };
  });
  const servers = (document.mcp_servers ?? []).filter((s) => s.name !== server.name);
  return { ...document, mcp_servers: [...servers, server], tools: [...document.tools, ...tools] };
}

/** Header lines `Name: value` (one a line) as a record, or the first line that is not one. */
export function parseHeaderLines(text: string): { ok: true; headers: Record<string, string> } | { ok: false; line: string } {
  const headers: Record<string, string> = {};
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    const match = /^([A-Za-z0-9!#$%&'*+.^_`|~-]+)\s*:\s*(.*)$/.exec(line);
    if (!match) return { ok: false, line };
    headers[match[1] as string] = match[2] as string;
  }
  return { ok: true, headers };
}

export function headerLines(headers: Readonly<Record<string, string>>): string {
  return Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join("\n");
}
