/**
 * Flowise tools (an Agent's `agentTools` entries, a Tool node's selection, a V1 tool node) as
 * catalog tools: calculator → built-in, current date → the agent's default date tool, Requests
 * GET/POST/PUT/DELETE → HTTP tools, Custom MCP → an MCP server and its listed tools, custom tools
 * with code → JavaScript tools, anything else → a mock tool that says it was not carried over.
 * Header values become named `{{ secrets.NAME }}` placeholders: no credential is ever copied.
 */
import { LIMITS, redactKeyShapes, type DefaultToolName } from "../../schema/index.js";
import type { GraphBuilder } from "../builder.js";
import { clampText, nameFrom } from "../builder.js";
import { noteSecrets, secretHeaders, splitUrl } from "./headers.js";
import { mcpTools, mockTool } from "./mcp.js";
import { fieldsOf, plainField, stringOf, type Fields, type JsonObject } from "./values.js";

/** What one Flowise tool became. */
export interface ToolChoice {
  /** Catalog tool ids. */
  tools: string[];
  /** Seed-000 default tools the agent gets instead (e.g. the date). */
  defaults: DefaultToolName[];
  /** Empty when mapped as is; else what differs. */
  approximation: string;
}

const REQUESTS: Record<string, "GET" | "POST" | "PUT" | "DELETE"> = {
  requestsGet: "GET",
  requestsPost: "POST",
  requestsPut: "PUT",
  requestsDelete: "DELETE",
};

/** A JSON Schema of arguments from Flowise's `{ name: { type, description, required } }` schema text. */
function argumentSchema(raw: unknown): JsonObject {
  let value: unknown = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      value = {};
    }
  }
  const properties: JsonObject = {};
  const required: string[] = [];
  const entries = Array.isArray(value)
    ? value.map((p) => [stringOf(fieldsOf(p).property), fieldsOf(p)] as const)
    : Object.entries(fieldsOf(value)).map(([k, v]) => [k, fieldsOf(v)] as const);
  for (const [key, spec] of entries.slice(0, 50)) {
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(key)) continue;
    const type = ["string", "number", "boolean", "integer"].includes(stringOf(spec.type)) ? stringOf(spec.type) : "string";
    properties[key] = { type, description: plainField(spec.description, 500) };
    if (spec.required === true) required.push(key);
  }
  return { type: "object", properties, ...(required.length ? { required } : {}) };
}

/**
 * The catalog tools for one Flowise tool selection. `config` holds its settings (V2:
 * `agentSelectedToolConfig`; V1: the node's inputs). `credential` says the source named one.
 */
export function toolFor(
  builder: GraphBuilder,
  component: string,
  rawConfig: unknown,
  owner: string,
  options: { destructive?: boolean; label?: string } = {},
): ToolChoice {
  const config: Fields = fieldsOf(rawConfig);
  const destructive = options.destructive === true;
  if (component === "calculator") {
    const id = builder.tool({
      id: `${owner}_calculator`,
      kind: "builtin",
      name: builder.name("calculator"),
      description: "Evaluates arithmetic.",
      input_schema: { type: "object", properties: {} },
      return_direct: false,
      destructive,
      config: { builtin: "calculator" },
    });
    return { tools: [id], defaults: [], approximation: "" };
  }
  if (component === "currentDateTime") return { tools: [], defaults: ["get_time_date"], approximation: "" };
  const method = REQUESTS[component];
  if (method) return httpRequestTool(builder, component, method, config, owner, destructive);
  if (component === "customMCP") return mcpTools(builder, config, owner);
  if (component === "customTool") {
    // Code is copied as text, never run; a key written into it is still a key.
    const code = redactKeyShapes(stringOf(config.customToolFunc));
    const name = builder.name(nameFrom(stringOf(config.customToolName) || options.label || "custom_tool", "custom_tool"));
    if (code.trim() === "") {
      builder.note(`Custom tool ${stringOf(config.selectedTool) || name}: it is defined in Flowise, not in this file; write it again here.`);
      return { tools: [mockTool(builder, component, name, owner)], defaults: [], approximation: "custom tool defined in Flowise became a mock tool" };
    }
    const id = builder.tool({
      id: `${owner}_${name}`,
      kind: "javascript",
      name,
      description: plainField(config.customToolDesc),
      input_schema: argumentSchema(config.customToolSchema),
      return_direct: false,
      destructive,
      config: { code: clampText(argumentPrelude(argumentSchema(config.customToolSchema)) + code, LIMITS.textLength), timeout_ms: 5_000, memory_limit_mb: 32 },
    });
    return { tools: [id], defaults: [], approximation: "custom tool code runs in the JavaScript sandbox (no require, no network, no $vars)" };
  }
  builder.note(`Tool ${component || "(unnamed)"}: no tool like it here; a mock tool stands in for it (its credentials, if any, are not carried over).`);
  return {
    tools: [mockTool(builder, component, options.label ?? component, owner)],
    defaults: [],
    approximation: `tool ${component || "(unnamed)"} became a mock tool`,
  };
}

/** `const $x = args.x;` lines so Flowise code that reads `$x` runs with our `args`. */
export function argumentPrelude(schema: JsonObject): string {
  const keys = Object.keys(fieldsOf(schema.properties));
  return keys.length === 0 ? "" : `${keys.map((k) => `const $${k} = args.${k};`).join("\n")}\n`;
}

function httpRequestTool(
  builder: GraphBuilder,
  component: string,
  method: "GET" | "POST" | "PUT" | "DELETE",
  config: Fields,
  owner: string,
  destructive: boolean,
): ToolChoice {
  const prefix = component;
  const name = builder.name(nameFrom(stringOf(config[`${prefix}Name`]) || stringOf(config.name) || `${method.toLowerCase()}_request`, "request"));
  const { headers, secrets } = secretHeaders(config[`${prefix}Headers`] ?? config.headers, `${name}`);
  // Flowise URLs are text fields (HTML in V2); variables in them have no arguments here, so they stay as text.
  const { url, query, lost } = splitUrl(plainField(stringOf(config[`${prefix}Url`]) || stringOf(config.url), 2_000).replace(/\{\{|\}\}/g, ""), name, secrets);
  noteSecrets(builder, secrets, `HTTP tool ${name}`);
  const schema = argumentSchema(config[`${prefix}BodySchema`] ?? config[`${prefix}QueryParamsSchema`] ?? config.bodySchema);
  const id = builder.tool({
    id: `${owner}_${name}`,
    kind: "http",
    name,
    description: plainField(config[`${prefix}Description`] ?? config.description),
    input_schema: schema,
    return_direct: false,
    destructive: destructive || method !== "GET",
    config: { url, method, query, headers, timeout_ms: 30_000, max_response_chars: 20_000 },
  });
  const approximation = [
    lost ? "its URL was missing or not http(s): set it again" : "",
    secrets.length ? `its credentials became the tool secrets ${secrets.join(", ")}` : "",
  ];
  return { tools: [id], defaults: [], approximation: approximation.filter((a) => a !== "").join("; ") };
}
