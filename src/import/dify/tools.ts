/**
 * Dify tools (built-in and plugin tools, custom API tools, workflows published as tools, MCP
 * tools) as catalog tools. Those with a counterpart here become it (time, maths, web reader);
 * the rest become a mock tool of the same name that says it stands in, and a note says what to
 * connect. Tool settings that are credentials are never copied.
 */
import type { ToolDefinition } from "../../schema/index.js";
import type { ImportStatus } from "../report.js";
import type { DifyContext } from "./context.js";
import { isCredentialName } from "./credentials.js";
import { providerName } from "./models.js";
import { arr, isObj, obj, str, type Obj } from "./shapes.js";

/** One tool as Dify names it, whichever place it came from. */
export interface ToolEntry {
  /** `builtin`, `plugin`, `api`, `workflow`, `mcp`, `dataset`. */
  providerType: string;
  provider: string;
  /** How the provider is shown (a custom tool's name rather than its uuid). */
  providerLabel: string;
  tool: string;
  label: string;
  description: string;
  /** Parameters the model fills in (name → description). */
  inputs: { name: string; description: string; required: boolean; type: string }[];
}

/** What a tool entry became: a catalog tool, or one of the agent's default tools. */
export interface ToolChoice {
  toolId: string | null;
  defaultTool: "get_time_date" | null;
  status: ImportStatus;
  reason: string;
}

/** Reads a tool entry of an agent node (`agent_parameters.tools.value[]`), a chat app (`agent_mode.tools[]`) or a Tool node's data. */
export function toolEntry(raw: unknown): ToolEntry {
  const item = obj(raw);
  const provider = str(item.provider_id) || str(item.provider_name) || str(item.provider);
  const schemas = arr(item.schemas).length > 0 ? arr(item.schemas) : arr(item.parameters_schema);
  const inputs = schemas.map(obj).flatMap((s) => {
    const name = str(s.name);
    if (!name || (s.form !== undefined && str(s.form) !== "llm")) return [];
    const label = obj(s.llm_description ?? s.human_description);
    return [{ name, description: str(s.llm_description) || str(label.en_US), required: s.required === true, type: str(s.type, "string") }];
  });
  return {
    providerType: (str(item.provider_type) || str(item.type) || "builtin").toLowerCase(),
    provider,
    providerLabel: str(item.provider_name) || provider,
    tool: str(item.tool_name) || str(item.name) || "tool",
    label: str(item.tool_label) || str(item.tool_name) || "tool",
    description: str(item.tool_description) || str(obj(item.extra).description),
    inputs,
  };
}

const caches = new WeakMap<DifyContext, Map<string, ToolChoice>>();

function inputSchema(entry: ToolEntry): Obj {
  const properties: Obj = {};
  for (const input of entry.inputs) {
    if (!/^[A-Za-z0-9_.-]{1,64}$/.test(input.name) || isCredentialName(input.name)) continue;
    properties[input.name] = {
      type: ["number", "boolean"].includes(input.type) ? input.type : "string",
      ...(input.description ? { description: input.description } : {}),
    };
  }
  const required = entry.inputs.filter((i) => i.required && i.name in properties).map((i) => i.name);
  return { type: "object", properties, ...(required.length > 0 ? { required } : {}) };
}

function addTool(
  ctx: DifyContext,
  entry: ToolEntry,
  tool: Omit<ToolDefinition, "id" | "name" | "return_direct" | "destructive" | "input_schema" | "description"> & { input_schema?: Obj },
): string {
  return ctx.builder.tool({
    id: `tool_${entry.tool}`,
    name: ctx.builder.name(entry.tool, "tool"),
    description: entry.description || entry.label,
    input_schema: tool.input_schema ?? inputSchema(entry),
    return_direct: false,
    destructive: false,
    ...tool,
  } as ToolDefinition);
}

function standIn(ctx: DifyContext, entry: ToolEntry, why: string): string {
  return addTool(ctx, entry, {
    kind: "mock",
    config: { responses: [], default: `The Dify tool "${entry.label}" is not connected here yet: ${why}`, latency_ms: 0 },
  });
}

/**
 * The catalog tool for a Dify tool entry (one per distinct provider and tool).
 * @example catalogTool(ctx, toolEntry({ provider_id: "time", tool_name: "current_time" }), { forAgent: true }).defaultTool // "get_time_date"
 */
export function catalogTool(ctx: DifyContext, entry: ToolEntry, options: { forAgent: boolean }): ToolChoice {
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = new Map()));
  const key = `${options.forAgent}|${entry.providerType}|${entry.provider}|${entry.tool}`;
  const known = cache.get(key);
  if (known) return known;
  const choice = choose(ctx, entry, options);
  cache.set(key, choice);
  return choice;
}

function choose(ctx: DifyContext, entry: ToolEntry, options: { forAgent: boolean }): ToolChoice {
  const provider = providerName(entry.provider);
  const label = `${entry.providerType === "builtin" || entry.providerType === "plugin" ? provider : entry.providerLabel || entry.providerType}/${entry.tool}`;
  if (entry.tool === "current_time" || provider === "time") {
    if (options.forAgent) return { toolId: null, defaultTool: "get_time_date", status: "mapped", reason: `"${label}" is the agent's get_time_date tool.` };
    const toolId = addTool(ctx, entry, {
      kind: "javascript",
      config: { code: "return new Date().toISOString();", timeout_ms: 5000, memory_limit_mb: 32 },
      input_schema: { type: "object", properties: {} },
    });
    return { toolId, defaultTool: null, status: "mapped", reason: "" };
  }
  if (["maths", "math", "calculator"].includes(provider) || entry.tool === "eval_expression") {
    const toolId = addTool(ctx, entry, {
      kind: "builtin",
      config: { builtin: "calculator" },
      input_schema: { type: "object", properties: { expression: { type: "string" } }, required: ["expression"] },
    });
    return { toolId, defaultTool: null, status: "mapped", reason: `"${label}" is the built-in calculator.` };
  }
  if (["webscraper", "jina", "web_reader"].includes(provider) || ["webscraper", "jina_reader"].includes(entry.tool)) {
    const toolId = addTool(ctx, entry, {
      kind: "builtin",
      config: { builtin: "http_fetch" },
      input_schema: { type: "object", properties: { url: { type: "string" } }, required: ["url"] },
    });
    return {
      toolId,
      defaultTool: null,
      status: "approximated",
      reason: `"${label}" became the built-in HTTP fetch: the page comes back as text, without Dify's extraction.`,
    };
  }
  let why: string;
  if (entry.providerType === "api") {
    why = "it is a custom API tool of the Dify workspace; import its OpenAPI document as HTTP tools.";
    ctx.builder.note(
      `Custom API tool provider "${entry.providerLabel}" (Dify workspace): import its OpenAPI document as HTTP tools; put its credentials in Settings as named secrets.`,
    );
  } else if (entry.providerType === "workflow") {
    why = "it runs another Dify workflow; import that workflow as a graph and call it from here.";
    ctx.builder.note(`Workflow tool "${entry.label}" (Dify app ${entry.provider}): import that app too; it is not part of this file.`);
  } else if (entry.providerType === "mcp") {
    why = "it is a tool of an MCP server configured in the Dify workspace; add that server by URL.";
    ctx.builder.note(`MCP server "${entry.provider}" (Dify workspace): add it under MCP servers by its URL; its headers go to Settings as named secrets.`);
  } else {
    why = `it is the Dify plugin tool "${label}"; replace this stand-in with an HTTP or MCP tool.`;
    ctx.builder.note(`Plugin "${entry.provider || entry.tool}": not available here; its credentials stay in Dify.`);
  }
  const toolId = standIn(ctx, entry, why);
  return { toolId, defaultTool: null, status: "approximated", reason: `A mock tool stands in for "${label}": ${why}` };
}

/** A Tool node's arguments: the Dify parameters that are not credentials, variables rewritten by `rewrite`. */
export function toolArgs(raw: unknown, rewrite: (text: string) => string): { args: Obj; dropped: string[] } {
  const args: Obj = {};
  const dropped: string[] = [];
  for (const [name, value] of Object.entries(obj(raw))) {
    if (isCredentialName(name)) {
      dropped.push(name);
      continue;
    }
    // Dify 0.x: the value itself; later: `{ type: mixed | variable | constant, value }`.
    const given = isObj(value) && "value" in value ? value.value : value;
    if (typeof given === "string") args[name] = rewrite(given);
    else if (Array.isArray(given) && isObj(value) && str(value.type) === "variable") args[name] = rewrite(`{{#${given.map((p) => str(p)).join(".")}#}}`);
    else if (typeof given === "number" || typeof given === "boolean") args[name] = given;
  }
  return { args, dropped };
}
