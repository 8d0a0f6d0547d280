/**
 * Components wired into an Agent's `tools` field (`component_as_tool`) as tools of our catalog:
 * the calculator and URL fetcher as built-ins, API Request as an HTTP tool, MCP Tools as an MCP
 * server and its tools, anything else (search APIs, Python) as a mock tool that says it was not
 * carried over. Credentials become `{{ secrets.NAME }}` placeholders; their values are never read.
 */
import type { GraphBuilder } from "../builder.js";
import { clampText, nameFrom } from "../builder.js";
import { noteCredentials, safeUrl } from "./models.js";
import { fieldText, isObject, str, type LangflowNode } from "./shape.js";

/** What a component became as a tool: ids for the report, and how close it is. */
export interface ToolMapping {
  toolIds: string[];
  /** Empty when mapped as is. */
  approximation: string;
  /** Set when nothing could be made of it. */
  unmapped?: string;
}

const CALCULATOR = new Set(["CalculatorComponent", "Calculator", "CalculatorTool"]);
const FETCH = new Set(["URL", "URLComponent", "FetchURL", "URLTool"]);
const HTTP = new Set(["APIRequest", "APIRequestComponent"]);
const MCP = new Set(["MCPTools", "MCPToolsComponent", "MCPSse", "MCP", "MCPStdio"]);
/** Headers that never carry credentials and are copied as they are; every other header value becomes a secret. */
const PLAIN_HEADERS = new Set(["accept", "accept-language", "content-type", "user-agent", "cache-control"]);
const SECRET_QUERY = /key|token|secret|pass|auth|sig|session|code|cred/i;

/** A value that may be a key even under a harmless name: a long run of key characters, or a scheme word. */
function looksLikeCredential(value: string): boolean {
  return /[A-Za-z0-9_-]{20,}/.test(value) || /^\s*(bearer|basic|token)\b/i.test(value) || /^(sk|pk|rk|ghp|gho|xox[abp])[-_]/i.test(value.trim());
}

function toolName(builder: GraphBuilder, node: LangflowNode): string {
  return builder.name(node.toolName || node.name, "tool");
}

function description(node: LangflowNode): string {
  return clampText(node.toolDescription || node.description, 2_000);
}

/** A secret's name for a header or query value of a tool: upper-case letters, digits and `_`. */
function secretName(tool: string, part: string): string {
  return nameFrom(`${tool}_${part}`, "SECRET").replace(/-/g, "_").toUpperCase();
}

/** Langflow's key/value inputs: a dict, or a table (a list of `{ key, value }` rows). */
function pairs(value: unknown): [string, unknown][] {
  if (Array.isArray(value)) return value.filter(isObject).map((row) => [str(row.key), row.value] as [string, unknown]);
  if (isObject(value)) return Object.entries(value);
  return [];
}

function httpTool(builder: GraphBuilder, node: LangflowNode): ToolMapping {
  const name = toolName(builder, node);
  const reasons: string[] = [];
  const rawUrl = fieldText(node, "url_input") || fieldText(node, "urls").split("\n")[0] || fieldText(node, "url");
  const query: Record<string, string> = {};
  const headers: Record<string, string> = {};
  const secrets: string[] = [];
  const secret = (part: string) => {
    const secretId = secretName(name, part);
    secrets.push(secretId);
    return `{{ secrets.${secretId} }}`;
  };
  let url = "{{ args.url }}";
  const parsed = rawUrl ? safeUrl(rawUrl) : null;
  if (parsed) {
    url = parsed.url;
    for (const [key, value] of new URL(rawUrl.trim()).searchParams) {
      if (!/^[A-Za-z0-9_.-]{1,64}$/.test(key)) continue;
      query[key] = SECRET_QUERY.test(key) ? secret(key) : clampText(value, 2_000);
    }
    if (parsed.dropped) reasons.push("the URL's user and password were left out; query values that look like credentials became secrets");
  } else if (rawUrl) {
    reasons.push("its URL is not an http(s) URL; the agent gives the URL");
  }
  for (const [key, value] of pairs(node.fields.get("query_params")?.value)) {
    if (/^[A-Za-z0-9_.-]{1,64}$/.test(key)) query[key] = SECRET_QUERY.test(key) ? secret(key) : clampText(typeof value === "string" ? value : "", 2_000);
  }
  for (const [key, value] of pairs(node.fields.get("headers")?.value)) {
    if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}$/.test(key)) continue;
    const plain = PLAIN_HEADERS.has(key.toLowerCase()) && typeof value === "string" && !looksLikeCredential(value);
    headers[key] = plain ? clampText(value, 2_000) : secret(key);
  }
  const method = fieldText(node, "method").toUpperCase();
  const toolId = builder.tool({
    id: `tool_${name}`,
    kind: "http",
    name,
    description: description(node) || "An HTTP request (imported from Langflow's API Request)",
    input_schema: url.includes("args.url")
      ? { type: "object", properties: { url: { type: "string", description: "The URL to call" } }, required: ["url"] }
      : { type: "object", properties: {} },
    return_direct: false,
    destructive: method !== "" && method !== "GET",
    config: {
      url,
      method: (["GET", "POST", "PUT", "PATCH", "DELETE"] as const).find((m) => m === method) ?? "GET",
      query,
      headers,
      timeout_ms: 30_000,
      max_response_chars: 20_000,
    },
  });
  if (secrets.length > 0)
    builder.note(`Tool "${name}" reads the secrets ${secrets.join(", ")}: add them in Settings → Secrets (their values were not copied from Langflow)`);
  else noteCredentials(builder, node, `add it as a secret for tool "${name}" in Settings`);
  if (fieldText(node, "body")) reasons.push("its body is not carried over: the agent's arguments are sent as JSON");
  return { toolIds: [toolId], approximation: reasons.join("; ") };
}

function mcpTools(builder: GraphBuilder, node: LangflowNode): ToolMapping {
  const server = node.fields.get("mcp_server")?.value;
  const config = isObject(server) && isObject(server.config) ? server.config : {};
  const rawUrl = str(config.url) || fieldText(node, "sse_url") || fieldText(node, "url");
  const parsed = rawUrl ? safeUrl(rawUrl) : null;
  const serverLabel = (isObject(server) && str(server.name)) || node.name;
  if (!parsed) {
    builder.note(`MCP server "${serverLabel}" of ${node.name} is started by a command (stdio) in Langflow; only Streamable HTTP servers are reached here`);
    return { toolIds: [], approximation: "", unmapped: "an MCP server started by a command (stdio) cannot be reached here; only Streamable HTTP servers can" };
  }
  const headers: Record<string, string> = {};
  const secrets: string[] = [];
  const prefix = nameFrom(serverLabel, "mcp");
  for (const [key] of pairs(config.headers ?? node.fields.get("headers")?.value)) {
    if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}$/.test(key)) continue;
    const secretId = secretName(prefix, key);
    secrets.push(secretId);
    headers[key] = `{{ secrets.${secretId} }}`;
  }
  const serverName = builder.mcpServer({ name: prefix, url: parsed.url, headers });
  if (secrets.length > 0) {
    builder.note(
      `MCP server "${serverName}" sends the secrets ${secrets.join(", ")}: add them in Settings → Secrets (their values were not copied from Langflow)`,
    );
  }
  const selected = fieldText(node, "tool").split("\n").filter(Boolean);
  const names = selected.length > 0 ? selected : node.toolNames;
  const reasons = ["Langflow's MCP component over SSE is reached here over Streamable HTTP"];
  if (names.length === 0) reasons.push("no tool was selected: the server's tools must be listed again in the graph's MCP settings");
  if (parsed.dropped) reasons.push("the server URL's user, password or query were left out");
  const toolIds = names.slice(0, 50).map((toolOnServer) =>
    builder.tool({
      id: `mcp_${toolOnServer}`,
      kind: "mcp",
      name: builder.name(toolOnServer, "mcp_tool"),
      description: description(node),
      input_schema: { type: "object", properties: {} },
      return_direct: false,
      destructive: false,
      config: { server_url: parsed.url, tool: clampText(toolOnServer, 64), server: serverName },
    }),
  );
  return { toolIds, approximation: reasons.join("; ") };
}

function mockTool(builder: GraphBuilder, node: LangflowNode): ToolMapping {
  const name = toolName(builder, node);
  const toolId = builder.tool({
    id: `tool_${name}`,
    kind: "mock",
    name,
    description: description(node),
    input_schema: { type: "object", properties: {} },
    return_direct: false,
    destructive: false,
    config: { responses: [], default: `The ${node.type} tool of the Langflow flow was not carried over; it answers nothing here.`, latency_ms: 0 },
  });
  noteCredentials(builder, node, `replace tool "${name}" with an HTTP or MCP tool and give it a secret in Settings`);
  return {
    toolIds: [toolId],
    approximation: `Langflow's ${node.type} runs Python inside Langflow, which is not run or translated here: it is a mock tool with a fixed reply; replace it with an HTTP or MCP tool`,
  };
}

/** A built-in tool standing in for a component, named after it; returns its id. */
function builtinTool(builder: GraphBuilder, node: LangflowNode, builtin: "calculator" | "http_fetch"): string {
  const name = toolName(builder, node);
  return builder.tool({
    id: `tool_${name}`,
    kind: "builtin",
    name,
    description: description(node),
    input_schema: { type: "object", properties: {} },
    return_direct: false,
    destructive: false,
    config: { builtin },
  });
}

/**
 * The catalog tools a component offered to agents.
 * @example toolsFor(builder, calculatorNode) // { toolIds: ["tool_Calculator"], approximation: "" }
 */
export function toolsFor(builder: GraphBuilder, node: LangflowNode): ToolMapping {
  if (CALCULATOR.has(node.type)) return { toolIds: [builtinTool(builder, node, "calculator")], approximation: "" };
  if (FETCH.has(node.type)) {
    return {
      toolIds: [builtinTool(builder, node, "http_fetch")],
      approximation: "fetches one public page per call; Langflow's output format and separator options are not carried over",
    };
  }
  if (HTTP.has(node.type)) return httpTool(builder, node);
  if (MCP.has(node.type)) return mcpTools(builder, node);
  return mockTool(builder, node);
}
