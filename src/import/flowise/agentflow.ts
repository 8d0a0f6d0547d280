/**
 * Agentflow V2 (`data.name` ending in `Agentflow`, settings in `data.inputs`): one handler per
 * node name turns a source node into our nodes, tools and profiles, reports it, and returns the
 * unit the wiring connects. Names without a handler are reported unmapped and bridged over.
 */
import { LIMITS, type DefaultToolName } from "../../schema/index.js";
import { clampText, idFrom } from "../builder.js";
import { condition, conditionAgent, humanInput, iteration, loop } from "./branching.js";
import { at, report, type AgentflowContext, type Handler } from "./context.js";
import { directReply, executeFlow, knowledgeReason, retriever, stickyNote } from "./handover.js";
import type { FlowNode, Unit } from "./flow.js";
import { sourceOf } from "./flow.js";
import { customFunction, httpNode, toolNode } from "./actions.js";
import { profileFor } from "./models.js";
import { toolFor } from "./tools.js";
import {
  arrayOf,
  fieldsOf,
  isStateKey,
  keptReason,
  newVariableUse,
  numberOf,
  plainField,
  stringOf,
  templateText,
  type Json,
  type JsonObject,
  type VariableUse,
} from "./values.js";

/** The system prompt of a `…Messages` array: system and developer turns, in order; other roles are said. */
function systemPrompt(messages: unknown, use: VariableUse): { text: string; dropped: boolean } {
  const parts: string[] = [];
  let dropped = false;
  for (const message of arrayOf(messages)) {
    const fields = fieldsOf(message);
    const role = stringOf(fields.role);
    if (role === "system" || role === "developer") parts.push(templateText(fields.content, use));
    else if (stringOf(fields.content).trim() !== "") dropped = true;
  }
  return { text: clampText(parts.filter((p) => p !== "").join("\n\n")), dropped };
}

const agent: Handler = (ctx, node) => {
  const b = ctx.builder;
  const inputs = node.inputs;
  const use = newVariableUse();
  const model = profileFor(b, stringOf(inputs.agentModel), inputs.agentModelConfig);
  const prompt = systemPrompt(inputs.agentMessages, use);
  const tools: string[] = [];
  const defaults = new Set<DefaultToolName>(["get_time_date", "list_tools_available", "list_intents_available"]);
  const toolReasons: string[] = [];
  for (const entry of arrayOf(inputs.agentTools).slice(0, LIMITS.tools)) {
    const fields = fieldsOf(entry);
    const component = stringOf(fields.agentSelectedTool);
    const choice = toolFor(b, component, fields.agentSelectedToolConfig, idFrom(node.id), { destructive: fields.agentSelectedToolRequiresHumanInput === true });
    tools.push(...choice.tools);
    choice.defaults.forEach((d) => defaults.add(d));
    if (choice.approximation) toolReasons.push(choice.approximation);
  }
  const userMessage = templateText(inputs.agentUserMessage, use);
  const maxIterations = numberOf(inputs.agentMaxIterations);
  const id = b.node(
    "agent",
    {
      name: b.name(node.label, "Agent"),
      system_prompt: prompt.text.replace(/\{\{ current_date_time \}\}|\[current_date_time\]/g, "{{ date }}") || "You are a helpful assistant.",
      model: model.id,
      tools,
      default_tools: [...defaults],
      ...(maxIterations && Number.isInteger(maxIterations) && maxIterations >= 1 && maxIterations <= 1000 ? { max_iterations: maxIterations } : {}),
    },
    at(ctx, node),
    node.id,
  );
  use.kept.delete("current_date_time");
  ctx.channels(use);
  report(
    ctx,
    node,
    [id, ...tools, model.id],
    [
      model.approximation,
      ...new Set(toolReasons),
      prompt.dropped ? "only system messages became the system prompt" : "",
      userMessage !== "" ? "its own user message is not sent (the agent reads the conversation)" : "",
      arrayOf(inputs.agentUpdateState).length > 0 ? "its flow-state updates are not carried over" : "",
      memoryReason(inputs.agentEnableMemory, inputs.agentMemoryType),
      knowledgeReason(ctx, inputs, node.label),
      keptReason(use),
    ],
  );
  return { entry: id, exits: [{ node: id }] };
};

/** What differs in an agent's memory: here an agent always sees its thread's whole conversation. */
function memoryReason(enabled: unknown, type: unknown): string {
  if (enabled === false) return "its memory was off in Flowise; here the agent sees the thread's conversation";
  const kind = stringOf(type);
  return kind !== "" && kind !== "allMessages" ? `its ${kind} memory became the thread's whole conversation` : "";
}

/** Flowise's structured output rows (`{ key, type, enumValues, description }`) as a JSON Schema. */
function outputSchema(rows: unknown[]): JsonObject | undefined {
  const properties: JsonObject = {};
  for (const row of rows.slice(0, 50)) {
    const fields = fieldsOf(row);
    const key = stringOf(fields.key);
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(key)) continue;
    const type = stringOf(fields.type);
    const description = plainField(fields.description, 500);
    const values = stringOf(fields.enumValues)
      .split(",")
      .map((v) => v.trim())
      .filter((v) => v !== "")
      .slice(0, 50);
    properties[key] =
      type === "enum" && values.length > 0
        ? { type: "string", enum: values, description }
        : { type: ["number", "boolean"].includes(type) ? type : type === "stringArray" ? "array" : type === "jsonArray" ? "array" : "string", description };
  }
  const keys = Object.keys(properties);
  return keys.length === 0 ? undefined : { type: "object", properties, required: keys };
}

const llm: Handler = (ctx, node) => {
  const b = ctx.builder;
  const inputs = node.inputs;
  const use = newVariableUse();
  const model = profileFor(b, stringOf(inputs.llmModel), inputs.llmModelConfig);
  const prompt = systemPrompt(inputs.llmMessages, use);
  const user = templateText(inputs.llmUserMessage, use);
  const schema = outputSchema(arrayOf(inputs.llmStructuredOutput));
  const updates = arrayOf(inputs.llmUpdateState);
  const name = b.name(node.label, "LLM");
  const channel = updates.length > 0 ? b.channel({ name: b.name(`${name}_output`), type: "any", reducer: "replace" }) : undefined;
  const id = b.node(
    "llm",
    {
      name,
      model: model.id,
      system_prompt: prompt.text,
      prompt: user || "{{ input }}",
      ...(schema ? { output_schema: schema } : {}),
      ...(channel ? { output_channel: channel } : {}),
    },
    at(ctx, node),
    node.id,
  );
  const made = [id];
  let exit = id;
  const lost: string[] = [];
  if (channel) {
    const assignments = stateUpdates(updates, channel, use, lost);
    if (assignments.length > 0) {
      exit = b.node("set_state", { name: b.name(`${name}_state`), assignments }, b.position(node.x + 40, node.y + 90), `${node.id}_state`);
      b.edge({ kind: "flow", source: id, target: exit });
      made.push(exit);
    }
  }
  ctx.channels(use);
  report(
    ctx,
    node,
    [...made, model.id],
    [
      model.approximation,
      prompt.dropped ? "only system messages became the system prompt" : "",
      lost.length > 0 ? `flow-state updates not carried over: ${lost.join(", ")}` : "",
      // Flowise's LLM node sends the conversation so far when its memory is on (the default); ours sends its prompt.
      inputs.llmEnableMemory === false ? "" : "it sends its prompt without the conversation so far",
      keptReason(use),
    ],
  );
  return { entry: id, exits: [{ node: exit }] };
};

/** `{ key, value }` state updates as Set state assignments reading the LLM's output channel. */
function stateUpdates(rows: unknown[], channel: string, use: VariableUse, lost: string[]): { channel: string; expression: string }[] {
  const out: { channel: string; expression: string }[] = [];
  for (const row of rows.slice(0, LIMITS.listItems)) {
    const fields = fieldsOf(row);
    const key = stringOf(fields.key);
    const value = plainField(fields.value, 2_000).trim();
    const output = /^\{\{\s*output(?:\.([A-Za-z_][A-Za-z0-9_]*))?\s*\}\}$/.exec(value);
    if (!isStateKey(key)) {
      if (key) lost.push(key.slice(0, 40));
      continue;
    }
    use.state.add(key);
    if (output) out.push({ channel: key, expression: output[1] ? `state.${channel}.${output[1]}` : `state.${channel}` });
    else if (!value.includes("{{")) out.push({ channel: key, expression: JSON.stringify(value) });
    else lost.push(key);
  }
  return out;
}

/** A flow-state start value: Flowise keeps text, and reads JSON arrays and objects in it as such (an iteration's list). */
function stateDefault(text: string): Json {
  // Prototype-named keys stay text: a document holding them would be refused when loaded.
  if (/^\s*[[{]/.test(text) && !/__proto__|constructor|prototype/.test(text)) {
    try {
      return JSON.parse(text) as Json;
    } catch {
      return text;
    }
  }
  return text;
}

const start: Handler = (ctx, node) => {
  const b = ctx.builder;
  const inputs = node.inputs;
  for (const row of arrayOf(inputs.startState).slice(0, LIMITS.listItems)) {
    const fields = fieldsOf(row);
    const key = stringOf(fields.key);
    if (isStateKey(key)) b.channel({ name: key, type: "any", reducer: "replace", default: stateDefault(plainField(fields.value, 2_000)) });
  }
  const form = stringOf(inputs.startInputType) === "formInput";
  if (form) b.note("The Flowise form inputs ($form.…) have no form here: the first chat message is the input.");
  report(ctx, node, [ctx.start], [form ? "a form input became a chat input; {{ $form.… }} variables are kept as text" : ""]);
  return { entry: ctx.start, exits: [{ node: ctx.start }] };
};
/** Agentflow V2 handlers by `data.name`. */
export const AGENTFLOW_HANDLERS: Readonly<Record<string, Handler>> = {
  startAgentflow: start,
  agentAgentflow: agent,
  llmAgentflow: llm,
  conditionAgentflow: condition,
  conditionAgentAgentflow: conditionAgent,
  humanInputAgentflow: humanInput,
  loopAgentflow: loop,
  iterationAgentflow: iteration,
  toolAgentflow: toolNode,
  httpAgentflow: httpNode,
  customFunctionAgentflow: customFunction,
  executeFlowAgentflow: executeFlow,
  directReplyAgentflow: directReply,
  retrieverAgentflow: retriever,
  stickyNoteAgentflow: stickyNote,
};

/** A node no handler knows: reported unmapped; the flow goes on through it. */
export function unknownNode(ctx: AgentflowContext, node: FlowNode): Unit {
  ctx.builder.report.unmapped(sourceOf(node), `no node here does what ${node.name || "this node"} does; the flow goes on without it`);
  return { entry: null, exits: [] };
}

export type { AgentflowContext } from "./context.js";
