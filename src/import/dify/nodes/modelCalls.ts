/**
 * Dify's model steps: LLM (one call, optionally structured output), Parameter Extractor (an LLM
 * call whose JSON fills named parameters) and Agent (a model with tools, looping until it
 * answers). Each keeps its model as a profile and its prompts with variables rewritten.
 */
import type { LlmData } from "../../../schema/index.js";
import { clampText } from "../../builder.js";
import { plainText } from "../../text.js";
import type { DifyContext } from "../context.js";
import { modelProfile } from "../models.js";
import { arr, isObj, num, obj, own, selector, str, type DifyNode, type Obj } from "../shapes.js";
import { catalogTool, toolEntry } from "../tools.js";
import { rewriteText, soleVariable } from "../variables.js";
import { at } from "./basic.js";

type OutputSchema = NonNullable<LlmData["output_schema"]>;

interface Prompts {
  system: string;
  user: string;
  notes: string[];
}

/** Splits Dify's prompt template (a list of chat messages, or one completion text) into system and user prompts. */
function prompts(ctx: DifyContext, node: DifyNode, context: string[]): Prompts {
  const rewrite = (text: string) => rewriteText(ctx, plainText(text), node, context);
  const system: string[] = [];
  const user: string[] = [];
  const notes: string[] = [];
  const template = node.data.prompt_template;
  const messages = Array.isArray(template) ? template.map(obj) : [obj(template)];
  for (const message of messages) {
    const jinja = str(message.edition_type) === "jinja2";
    const text = jinja ? str(message.jinja2_text) || str(message.text) : str(message.text);
    if (jinja) notes.push("Its Jinja2 prompt is kept as text: Jinja is not run here.");
    const role = str(message.role, Array.isArray(template) ? "user" : "user");
    if (role === "system") system.push(rewrite(text));
    else if (role === "assistant") {
      system.push(`Example reply:\n${rewrite(text)}`);
      notes.push("Its example assistant message became part of the system prompt.");
    } else user.push(rewrite(text));
  }
  const memory = obj(node.data.memory);
  if (user.length === 0 || user.every((u) => u.trim() === "")) {
    const query = str(memory.query_prompt_template);
    user.splice(0, user.length, query ? rewrite(query) : "{{ input }}");
  }
  if (ctx.mode !== "workflow" && node.data.memory !== undefined) notes.push("Dify also sends the conversation so far; this LLM node sends only its prompt.");
  return { system: system.filter((s) => s.trim() !== "").join("\n\n"), user: user.join("\n\n"), notes };
}

export function mapLlm(node: DifyNode, ctx: DifyContext): void {
  const model = modelProfile(ctx, node.data.model);
  const contextSelector = obj(node.data.context).enabled === true ? selector(obj(node.data.context).variable_selector) : [];
  const { system, user, notes } = prompts(ctx, node, contextSelector);
  const name = ctx.nameOf(node, "LLM");
  // Only a reply something reads gets a channel: a graph has at most 1,000 channels.
  const channel = ctx.referenced.has(node.id) ? ctx.channel(`${node.id}:text`, `${name}_text`, "any") : undefined;
  const structured = obj(obj(node.data.structured_output).schema);
  const useSchema = node.data.structured_output_enabled === true && str(structured.type) === "object";
  const temperature = num(obj(obj(node.data.model).completion_params).temperature);
  const llm = ctx.add(
    "llm",
    {
      name,
      model: model.id,
      system_prompt: clampText(system),
      prompt: clampText(user),
      ...(channel !== undefined ? { output_channel: channel } : {}),
      ...(useSchema ? { output_schema: structured as OutputSchema } : {}),
      ...(temperature !== undefined ? { temperature: Math.min(2, Math.max(0, temperature)) } : {}),
    },
    at(ctx, node),
    node.id,
  );
  ctx.placeAs(node, llm);
  if (obj(node.data.vision).enabled === true) notes.push("Vision (files in the prompt) is not carried over.");
  const reasons = [model.approximation, ...notes].filter((r): r is string => Boolean(r));
  if (reasons.length === 0) ctx.mapped(node, [llm, model.id]);
  else ctx.approximated(node, [llm, model.id], reasons.join(" "));
}

const PARAMETER_TYPES: Record<string, Obj> = {
  string: { type: "string" },
  number: { type: "number" },
  bool: { type: "boolean" },
  boolean: { type: "boolean" },
  select: { type: "string" },
  "array[string]": { type: "array", items: { type: "string" } },
  "array[number]": { type: "array", items: { type: "number" } },
  "array[bool]": { type: "array", items: { type: "boolean" } },
  "array[object]": { type: "array", items: { type: "object" } },
  object: { type: "object" },
};

export function mapParameterExtractor(node: DifyNode, ctx: DifyContext): void {
  const model = modelProfile(ctx, node.data.model);
  const properties: Obj = {};
  const required: string[] = [];
  for (const item of arr(node.data.parameters).map(obj)) {
    const name = str(item.name);
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name)) continue;
    const options = arr(item.options).filter((o): o is string => typeof o === "string");
    properties[name] = {
      ...(own(PARAMETER_TYPES, str(item.type)) ?? { type: "string" }),
      ...(str(item.description) ? { description: str(item.description) } : {}),
      ...(options.length > 0 ? { enum: options } : {}),
    };
    if (item.required === true) required.push(name);
  }
  const query = selector(node.data.query);
  const name = ctx.nameOf(node, "Extractor");
  const channel = ctx.channel(`${node.id}:params`, `${name}_params`, "object", {});
  const instruction = rewriteText(ctx, plainText(str(node.data.instruction)), node);
  const llm = ctx.add(
    "llm",
    {
      name,
      model: model.id,
      system_prompt: clampText(["Extract the parameters described by the schema from the user's text.", instruction].filter(Boolean).join("\n\n")),
      prompt: query.length > 0 ? rewriteText(ctx, `{{#${query.join(".")}#}}`, node) : "{{ input }}",
      output_channel: channel,
      output_schema: { type: "object", properties, ...(required.length > 0 ? { required } : {}) } as OutputSchema,
    },
    at(ctx, node),
    node.id,
  );
  ctx.placeAs(node, llm);
  const reasons = [model.approximation, "Its success flags (__is_success, __reason) are not kept: a reply that does not match the schema stops the run."];
  ctx.approximated(node, [llm, model.id], reasons.filter(Boolean).join(" "));
}

/** The value of one of an agent node's parameters (`{ type: constant, value }`). */
function parameter(node: DifyNode, key: string): unknown {
  const raw = obj(node.data.agent_parameters)[key];
  return isObj(raw) && "value" in raw ? raw.value : raw;
}

export function mapAgent(node: DifyNode, ctx: DifyContext): void {
  const model = modelProfile(ctx, parameter(node, "model"));
  const reasons: string[] = model.approximation ? [model.approximation] : [];
  const strategy = str(node.data.agent_strategy_name).toLowerCase();
  if (strategy && !["function_calling", "react", "functioncalling"].includes(strategy)) {
    reasons.push(`Its agent strategy "${strategy}" became our tool-calling loop.`);
  }
  const tools: string[] = [];
  const defaults = new Set<"get_time_date" | "list_tools_available" | "list_intents_available">([
    "get_time_date",
    "list_tools_available",
    "list_intents_available",
  ]);
  for (const raw of arr(parameter(node, "tools"))) {
    if (obj(raw).enabled === false) continue;
    const choice = catalogTool(ctx, toolEntry(raw), { forAgent: true });
    if (choice.toolId && !tools.includes(choice.toolId)) tools.push(choice.toolId);
    if (choice.defaultTool) defaults.add(choice.defaultTool);
    if (choice.status !== "mapped") reasons.push(choice.reason);
  }
  const query = str(parameter(node, "query"));
  const sole = soleVariable(query);
  let system = rewriteText(ctx, plainText(str(parameter(node, "instruction"))), node);
  if (query && !(sole && sole[0] === "sys" && sole[1] === "query")) {
    system = `${system}\n\nTask: ${rewriteText(ctx, plainText(query), node)}`.trim();
    reasons.push("Its query became a task line of the system prompt: the agent answers the user's message.");
  }
  const iterations = num(parameter(node, "maximum_iterations"));
  const agent = ctx.add(
    "agent",
    {
      name: ctx.nameOf(node, "Agent"),
      model: model.id,
      system_prompt: clampText(system || "You are a helpful assistant."),
      tools: tools.slice(0, 500),
      default_tools: [...defaults],
      ...(iterations !== undefined && Number.isInteger(iterations) ? { max_iterations: Math.min(1000, Math.max(1, iterations)) } : {}),
    },
    at(ctx, node),
    node.id,
  );
  ctx.placeAs(node, agent);
  const to = [agent, model.id, ...tools];
  if (reasons.length === 0) ctx.mapped(node, to);
  else ctx.approximated(node, to, [...new Set(reasons)].join(" "));
}
