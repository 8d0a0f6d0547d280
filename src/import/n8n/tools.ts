/**
 * n8n tool sub-nodes (plugged into an agent through `ai_tool`) as tools of the catalog:
 * calculator and think → built-ins, HTTP Request tools → HTTP tools with their credentials as
 * named secrets, Code tools (JavaScript) → JavaScript tools, MCP Client → an MCP server and its
 * chosen tools, Wikipedia / SerpApi / Wolfram|Alpha → HTTP tools against their public APIs,
 * other services → mock tools keeping the name and description. Nothing is fetched or listed.
 */
import type { GraphBuilder } from "../builder.js";
import { safeText, secretName, secretRef, splitUrl } from "./credentials.js";
import { httpTool } from "./httpTool.js";
import { credentialNote, shortType } from "./models.js";
import { credentialSecret, inputOnly, naming, type InputSchema, type ToolOutcome } from "./toolBasics.js";
import { arr, rec, str, type N8nNode } from "./workflow.js";

export type { ToolOutcome } from "./toolBasics.js";

/** Code tool: JavaScript runs in our sandbox (n8n's `query` is the call's `input`); Python is not run here. */
function codeTool(builder: GraphBuilder, node: N8nNode): ToolOutcome {
  const p = node.parameters;
  if (str(p.language, "javaScript") !== "javaScript")
    return { status: "unmapped", tools: [], to: [], reason: "Python code tools are not run here; rewrite it in JavaScript" };
  const { name, description } = naming(builder, node, "code_tool");
  const schemaGiven = p.specifyInputSchema === true;
  // n8n hands the code `query`: the model's string, or its object when an input schema is set.
  const code = `const query = ${schemaGiven ? "args" : "args.input"};\n${safeText(str(p.jsCode))}`;
  let input: Record<string, unknown> = inputOnly("What the tool is asked");
  let inexact = "";
  if (schemaGiven) {
    try {
      const manual = JSON.parse(str(p.inputSchema, "{}")) as unknown;
      if (rec(manual).type === "object") input = rec(manual);
      else inexact = "its input schema was not an object schema; the tool takes one `input` text";
    } catch {
      inexact = "its input schema could not be read; the tool takes one `input` text";
    }
  }
  const toolId = builder.tool({
    id: name,
    kind: "javascript",
    name,
    description,
    input_schema: input as InputSchema,
    return_direct: false,
    destructive: false,
    config: { code: code.slice(0, 100_000), timeout_ms: 5_000, memory_limit_mb: 32 },
  });
  return { status: inexact ? "approximated" : "mapped", tools: [toolId], to: [toolId], reason: inexact };
}

/** An http(s) URL the document accepts (an n8n expression or a template is not one). */
function isHttpUrl(text: string): boolean {
  if (text.length > 2_000 || !/^https?:\/\/[^\s{}[\]]+$/i.test(text)) return false;
  try {
    return ["http:", "https:"].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

/** MCP Client tool: the server (its auth as a secret header) and, when chosen, its tools by name. */
function mcpTool(builder: GraphBuilder, node: N8nNode): ToolOutcome {
  const p = node.parameters;
  const endpoint = splitUrl(str(node.version >= 1.1 ? (p.endpointUrl ?? p.sseEndpoint) : (p.sseEndpoint ?? p.endpointUrl)));
  if (!isHttpUrl(endpoint.base)) {
    return { status: "unmapped", tools: [], to: [], reason: "its endpoint is not an http(s) URL (or is an n8n expression); add the MCP server by hand" };
  }
  const inexact: string[] = [];
  if (endpoint.query.length > 0 || endpoint.hadUserInfo) inexact.push("the query and user info of its URL were dropped");
  if (str(p.serverTransport, node.version >= 1.1 ? "sse" : "sse") === "sse")
    inexact.push("it used the SSE transport; here MCP servers are reached over Streamable HTTP");
  const auth = str(p.authentication, "none");
  const headers: Record<string, string> = {};
  if (auth === "bearerAuth") headers.Authorization = `Bearer ${secretRef(credentialSecret(builder, node, node.name))}`;
  else if (auth === "headerAuth") {
    headers.Authorization = secretRef(credentialSecret(builder, node, node.name));
    inexact.push('its header credential is sent as "Authorization"');
  }
  const server = builder.mcpServer({ name: node.name, url: endpoint.base, headers });
  const include = str(p.include, "all");
  const chosen = include === "selected" ? arr(p.includeTools).filter((t): t is string => typeof t === "string" && t.trim() !== "") : [];
  const tools = chosen.slice(0, 100).map((tool) =>
    builder.tool({
      id: `${server}_${tool}`,
      kind: "mcp",
      name: builder.name(tool, "mcp_tool"),
      description: "",
      input_schema: { type: "object", properties: {} },
      return_direct: false,
      destructive: false,
      config: { server_url: endpoint.base, tool: tool.slice(0, 64), server },
    }),
  );
  if (include !== "selected")
    inexact.push(
      `it offered ${include === "except" ? "all but some" : "all"} of the server's tools; list them in the MCP server's settings (nothing is fetched on import)`,
    );
  return { status: inexact.length > 0 ? "approximated" : "mapped", tools, to: [server, ...tools], reason: inexact.join("; ") };
}

/** A service tool we cannot reach the same way: a mock keeping its name and description. */
function mockTool(builder: GraphBuilder, node: N8nNode, reason: string): ToolOutcome {
  const { name, description } = naming(builder, node, "tool");
  const toolId = builder.tool({
    id: name,
    kind: "mock",
    name,
    description,
    input_schema: inputOnly("What the tool is asked"),
    return_direct: false,
    destructive: false,
    config: { responses: [], default: `(${node.name} is not connected yet)`, latency_ms: 0 },
  });
  credentialNote(builder, node, "it is not carried over; connect the service by hand");
  return { status: "approximated", tools: [toolId], to: [toolId], reason };
}

/** A public API as an HTTP tool taking one `input`. */
function apiTool(builder: GraphBuilder, node: N8nNode, fallback: string, url: string, query: Record<string, string>, reason: string): ToolOutcome {
  const { name, description } = naming(builder, node, fallback);
  const toolId = builder.tool({
    id: name,
    kind: "http",
    name,
    description,
    input_schema: inputOnly("The search terms"),
    return_direct: false,
    destructive: false,
    config: { url, method: "GET", query, headers: {}, timeout_ms: 30_000, max_response_chars: 20_000 },
  });
  return { status: reason ? "approximated" : "mapped", tools: [toolId], to: [toolId], reason };
}

function builtin(builder: GraphBuilder, node: N8nNode, which: "calculator" | "echo", reason: string): ToolOutcome {
  const { name, description } = naming(builder, node, which);
  const toolId = builder.tool({
    id: name,
    kind: "builtin",
    name,
    description,
    input_schema: { type: "object", properties: {} },
    return_direct: false,
    destructive: false,
    config: { builtin: which },
  });
  return { status: reason ? "approximated" : "mapped", tools: [toolId], to: [toolId], reason };
}

/** True for the node types this module turns into tools. */
export function isToolNode(node: N8nNode): boolean {
  const type = shortType(node.type);
  return /^tool[A-Z]/.test(type) || /Tool$/.test(type);
}

/**
 * The tool a tool node becomes (agentTool and toolWorkflow are not tools here: see convert.ts).
 * @example toolOf(builder, calculatorNode) // { status: "mapped", tools: ["Calculator"], to: ["Calculator"], reason: "" }
 */
export function toolOf(builder: GraphBuilder, node: N8nNode): ToolOutcome {
  const type = shortType(node.type);
  switch (type) {
    case "toolCalculator":
      return builtin(builder, node, "calculator", "");
    case "toolThink":
      return builtin(builder, node, "echo", "the think tool becomes the echo built-in: the thought comes back as its result");
    case "toolHttpRequest":
    case "httpRequestTool":
      return httpTool(builder, node);
    case "toolCode":
      return codeTool(builder, node);
    case "mcpClientTool":
      return mcpTool(builder, node);
    case "toolWikipedia":
      return apiTool(
        builder,
        node,
        "wikipedia",
        "https://en.wikipedia.org/w/api.php",
        { action: "query", list: "search", srsearch: "{{ args.input }}", format: "json", srlimit: "3" },
        "it searches Wikipedia's API and returns the hits (titles and snippets), not n8n's page summaries",
      );
    case "toolSerpApi": {
      const key = secretName(node.credentials[0]?.name ?? "SERPAPI_KEY");
      builder.note(`Set the secret ${key} in Settings (allowed host serpapi.com) for the SerpApi tool "${node.name}"; n8n kept it as a credential.`);
      return apiTool(builder, node, "serpapi", "https://serpapi.com/search.json", { q: "{{ args.input }}", api_key: secretRef(key) }, "");
    }
    case "toolWolframAlpha": {
      const key = secretName(node.credentials[0]?.name ?? "WOLFRAM_APP_ID");
      builder.note(`Set the secret ${key} in Settings (allowed host api.wolframalpha.com) for the Wolfram|Alpha tool "${node.name}".`);
      return apiTool(builder, node, "wolfram_alpha", "https://api.wolframalpha.com/v1/result", { i: "{{ args.input }}", appid: secretRef(key) }, "");
    }
    default:
      if (/vectorStore/i.test(type))
        builder.note(`The tool "${node.name}" searched an n8n vector store; add a knowledge base with its documents and give it to the agent.`);
      return mockTool(builder, node, `${type} has no counterpart here: a mock tool with its name and description answers until you connect the service`);
  }
}
