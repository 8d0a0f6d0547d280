/**
 * V1 chatflows (the old format: `customNode`s whose inputs reference each other as
 * `{{chatOpenAI_0.data.instance}}`, edges into handles like `<id>-input-tools-Tool`). A chatflow
 * is a dependency graph, not a flow: the agents and chains nothing else consumes are what runs.
 * They become agents (or LLM nodes) between a Start and an End, with the models, tools, prompts
 * and memory wired into them folded in.
 */
import { LIMITS, type DefaultToolName } from "../../schema/index.js";
import type { GraphBuilder } from "../builder.js";
import { clampText, idFrom } from "../builder.js";
import { sourceOf, type FlowNode, type ReadFlow } from "./flow.js";
import { profileFor, type ProfileChoice } from "./models.js";
import { toolFor } from "./tools.js";
import { keptReason, newVariableUse, numberOf, plainField, stringOf, templateText, type VariableUse } from "./values.js";

const AGENT = /Agent$|^agent/i;
const CHAIN = new Set(["conversationChain", "llmChain", "conversationalRetrievalQAChain", "retrievalQAChain"]);
const REFERENCE = /^\{\{\s*([^{}.\s]+)\.data\.instance\s*\}\}$/;

/** Inputs of each node that other nodes feed: from the edges' target handles and the inputs' references. */
function consumedInputs(flow: ReadFlow): Map<string, Map<string, string[]>> {
  const byTarget = new Map<string, Map<string, string[]>>();
  const add = (target: string, input: string, source: string) => {
    if (!flow.byId.has(source) || source === target) return;
    const inputs = byTarget.get(target) ?? new Map<string, string[]>();
    const list = inputs.get(input) ?? [];
    if (!list.includes(source)) list.push(source);
    inputs.set(input, list);
    byTarget.set(target, inputs);
  };
  for (const edge of flow.edges) {
    // `<target>-input-<name>-<types>`; string operations, not a RegExp built from a foreign id.
    const prefix = `${edge.target}-input-`;
    const input = edge.targetHandle.startsWith(prefix) ? edge.targetHandle.slice(prefix.length).split("-")[0] : undefined;
    if (input) add(edge.target, input, edge.source);
  }
  for (const node of flow.nodes) {
    for (const [input, value] of Object.entries(node.inputs)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        const source = typeof item === "string" ? REFERENCE.exec(item.trim())?.[1] : undefined;
        if (source) add(node.id, input, source);
      }
    }
  }
  return byTarget;
}

const category = (node: FlowNode) => stringOf(node.data.category);
const isRunner = (node: FlowNode) => category(node) === "Agents" || category(node) === "Chains" || AGENT.test(node.name) || CHAIN.has(node.name);

/** Flowise prompt templates use `{question}` / `{input}`; ours `{{ input }}`. */
function promptText(field: unknown, use: VariableUse): string {
  return templateText(stringOf(field).replace(/(?<!\{)\{(question|input|query)\}(?!\})/g, "{{ question }}"), use);
}

/**
 * Converts a V1 chatflow into the builder's graph.
 * @example convertChatflow(builder, readFlow(data))
 */
export function convertChatflow(builder: GraphBuilder, flow: ReadFlow): void {
  const inputsOf = consumedInputs(flow);
  const consumed = new Map<string, string[]>();
  for (const [target, inputs] of inputsOf)
    for (const sources of inputs.values()) for (const s of sources) consumed.set(s, [...(consumed.get(s) ?? []), target]);
  const runners = flow.nodes.filter((n) => isRunner(n) && !consumed.has(n.id)).sort((a, b) => a.x - b.x);
  const start = builder.node("start", {}, builder.position(Math.min(0, ...flow.nodes.map((n) => n.x)) - 250, 0), "start");
  const made = new Map<string, string[]>();
  const profiles = new Map<string, ProfileChoice>();
  let previous = start;
  for (const node of runners) {
    const id = runner(builder, node, inputsOf.get(node.id) ?? new Map(), flow, profiles, made);
    made.set(node.id, [id]);
    builder.edge({ kind: "flow", source: previous, target: id });
    previous = id;
  }
  const end = builder.node("end", {}, builder.position(Math.max(0, ...flow.nodes.map((n) => n.x)) + 250, 0), "end");
  builder.edge({ kind: "flow", source: previous, target: end });
  if (runners.length === 0) builder.note("The chatflow has no agent or chain at its end: the graph goes from Start to End.");
  for (const node of flow.nodes) {
    if (builder.reportedAs(node.id)) continue;
    reportPart(builder, node, consumed.get(node.id) ?? [], made, profiles);
  }
}

/** An agent or chain at the end of the chatflow: our agent (or LLM node) with its parts folded in. */
function runner(
  builder: GraphBuilder,
  node: FlowNode,
  inputs: Map<string, string[]>,
  flow: ReadFlow,
  profiles: Map<string, ProfileChoice>,
  made: Map<string, string[]>,
): string {
  const use = newVariableUse();
  const part = (input: string) => (inputs.get(input) ?? []).map((id) => flow.byId.get(id)).filter((n): n is FlowNode => n !== undefined);
  const modelNode = [...part("model"), ...part("llm")][0];
  const model = modelNode ? profileFor(builder, modelNode.name, modelNode.inputs) : profileFor(builder, "chatOpenAI", {});
  if (modelNode) {
    profiles.set(modelNode.id, model);
    made.set(modelNode.id, [model.id]);
  }
  const prompts = [...part("prompt"), ...part("chatPromptTemplate")];
  const system = [
    templateText(node.inputs.systemMessage ?? node.inputs.systemMessagePrompt, use),
    ...prompts.map((p) => promptText(p.inputs.systemMessagePrompt, use)),
  ]
    .filter((t) => t !== "")
    .join("\n\n");
  const reasons = [model.approximation];
  if (node.name === "llmChain") {
    const prompt = prompts.map((p) => promptText(p.inputs.humanMessagePrompt ?? p.inputs.template, use)).find((t) => t !== "");
    const id = builder.node(
      "llm",
      { name: builder.name(node.label, "Chain"), model: model.id, system_prompt: clampText(system), prompt: prompt || "{{ input }}" },
      builder.position(node.x, node.y),
      node.id,
    );
    for (const p of prompts) made.set(p.id, [id]);
    builder.report.mapped(sourceOf(node), [id, model.id], keptReason(use));
    return id;
  }
  const tools: string[] = [];
  const defaults = new Set<DefaultToolName>(["get_time_date", "list_tools_available", "list_intents_available"]);
  // Tools that became one of the agent's default tools (the date): reported as the agent, once it exists.
  const folded: FlowNode[] = [];
  for (const toolNode of part("tools").slice(0, LIMITS.tools)) {
    const choice = toolFor(builder, toolNode.name, toolNode.inputs, idFrom(toolNode.id), { label: toolNode.label });
    tools.push(...choice.tools);
    choice.defaults.forEach((d) => defaults.add(d));
    if (choice.tools.length === 0) {
      folded.push(toolNode);
      continue;
    }
    made.set(toolNode.id, choice.tools);
    if (choice.approximation) builder.report.approximated(sourceOf(toolNode), choice.tools, choice.approximation);
    else builder.report.mapped(sourceOf(toolNode), choice.tools);
  }
  const iterations = numberOf(node.inputs.maxIterations);
  const id = builder.node(
    "agent",
    {
      name: builder.name(node.label, "Agent"),
      system_prompt: clampText(system) || "You are a helpful AI assistant.",
      model: model.id,
      tools,
      default_tools: [...defaults],
      ...(iterations && Number.isInteger(iterations) && iterations >= 1 && iterations <= 1_000 ? { max_iterations: iterations } : {}),
    },
    builder.position(node.x, node.y),
    node.id,
  );
  for (const p of prompts) made.set(p.id, [id]);
  for (const tool of folded) builder.report.mapped(sourceOf(tool), [id], "the agent's own date tool");
  if (!AGENT.test(node.name) && node.name !== "conversationChain") reasons.push(`the ${node.name} chain became an agent`);
  if (part("vectorStoreRetriever").length + part("vectorStore").length + part("retriever").length > 0) reasons.push("its retriever is not carried over");
  const reason = [...reasons, keptReason(use)].filter((r) => r !== "").join("; ");
  if (reason) builder.report.approximated(sourceOf(node), [id, ...tools, model.id], reason);
  else builder.report.mapped(sourceOf(node), [id, ...tools, model.id]);
  return id;
}

/** Reports a node that was folded into another, or that nothing here does. */
function reportPart(builder: GraphBuilder, node: FlowNode, consumers: string[], made: Map<string, string[]>, profiles: Map<string, ProfileChoice>): void {
  const source = sourceOf(node);
  const into = consumers.flatMap((c) => made.get(c) ?? []).filter((id) => id !== "");
  const kind = category(node);
  if (node.name === "stickyNote" || node.nodeType === "stickyNote") {
    const id = builder.node("note", { text: plainField(node.inputs.note) }, builder.position(node.x, node.y), node.id);
    builder.report.mapped(source, [id]);
    return;
  }
  const own = made.get(node.id);
  if (kind === "Chat Models" || kind === "LLMs" || profiles.has(node.id)) {
    const profile = profiles.get(node.id) ?? profileFor(builder, node.name, node.inputs);
    if (profile.approximation) builder.report.approximated(source, [profile.id], profile.approximation);
    else builder.report.mapped(source, own ?? [profile.id]);
    return;
  }
  if (kind === "Memory") {
    const agents = consumers.flatMap((c) => made.get(c) ?? []);
    if (node.name === "bufferMemory") builder.report.mapped(source, agents, "each thread keeps its own conversation");
    else builder.report.approximated(source, agents, `each thread keeps its own conversation; ${node.name}'s storage and window are not carried over`);
    return;
  }
  if (kind === "Prompts" && own) {
    builder.report.mapped(source, own, "folded into the prompt of what it feeds");
    return;
  }
  if (kind === "Tools") {
    builder.report.unmapped(source, "a tool no agent uses");
    return;
  }
  if (/Vector Stores|Document Loaders|Embeddings|Retrievers|Text Splitters/.test(kind))
    builder.note(`${node.label}: Flowise ${kind.toLowerCase()} stay in Flowise; add a knowledge base here instead.`);
  builder.report.unmapped(source, `${kind || "this"} node${into.length ? " wired into an agent" : ""}: nothing here does what ${node.name || "it"} does`);
}
