/**
 * Dify apps without a graph (`agent-chat`, `chat`, `completion`): one `model_config` with a
 * model, a prompt (`pre_prompt`, whose `{{name}}` are the app's input variables), tools
 * (`agent_mode.tools`) and knowledge (`dataset_configs`). They become Start → Agent (or LLM for
 * a completion app) → End. The report lists the model setup, each tool and each dataset.
 */
import { clampText, type GraphBuilder, type SourceNode } from "../builder.js";
import { plainText } from "../text.js";
import { DifyContext } from "./context.js";
import { modelProfile } from "./models.js";
import { arr, isObj, num, obj, str } from "./shapes.js";
import { catalogTool, toolEntry } from "./tools.js";

/** The app's input variables (`user_input_form: [{ text-input: { variable, default } }]`) as state channels. */
function inputChannels(ctx: DifyContext, config: Record<string, unknown>): Map<string, string> {
  const channels = new Map<string, string>();
  for (const item of arr(config.user_input_form)) {
    const field = Object.values(obj(item)).find(isObj);
    const variable = str(obj(field).variable);
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,60}$/.test(variable)) continue;
    const fallback = obj(field).default;
    channels.set(variable, ctx.channel(`input:${variable}`, variable, "any", typeof fallback === "string" || typeof fallback === "number" ? fallback : ""));
  }
  return channels;
}

/** Dify's simple prompt variables `{{name}}` (no `#`) as `{{ state.name }}`, or `{{ input }}` for `query`. */
function promptText(text: string, channels: ReadonlyMap<string, string>): string {
  return plainText(text).replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (whole, name: string) => {
    if (name === "query") return "{{ input }}";
    const channel = channels.get(name);
    return channel ? `{{ state.${channel} }}` : whole;
  });
}

/**
 * @example convertChatApp(builder, dsl.model_config, "agent-chat")
 */
export function convertChatApp(builder: GraphBuilder, configValue: unknown, mode: string): void {
  const config = obj(configValue);
  const ctx = new DifyContext(builder, new Map(), [], mode);
  const channels = inputChannels(ctx, config);
  const model = modelProfile(ctx, config.model);
  const prompt = clampText(promptText(str(config.pre_prompt), channels));
  const appNode: SourceNode = { id: "model_config", type: mode || "chat", name: "Model and prompt" };
  const start = builder.node("start", { name: "Start" }, { x: 0, y: 0 }, "start");
  const end = builder.node("end", { name: "End" }, { x: 560, y: 0 }, "end");
  const reasons: string[] = model.approximation ? [model.approximation] : [];

  if (mode === "completion") {
    const llm = builder.node(
      "llm",
      { name: builder.name("Completion"), model: model.id, system_prompt: "", prompt: prompt || "{{ input }}" },
      { x: 280, y: 0 },
      "completion",
    );
    builder.edge({ kind: "flow", source: start, target: llm });
    builder.edge({ kind: "flow", source: llm, target: end });
    if (!/\{\{ input \}\}/.test(prompt))
      reasons.push("A completion app's prompt is sent as is; the user's message is not part of it unless it reads {{query}}.");
    if (reasons.length > 0) builder.report.approximated(appNode, [llm, model.id], reasons.join(" "));
    else builder.report.mapped(appNode, [llm, model.id]);
    return;
  }

  const agentMode = obj(config.agent_mode);
  const tools: string[] = [];
  const defaults = new Set<"get_time_date" | "list_tools_available" | "list_intents_available">([
    "get_time_date",
    "list_tools_available",
    "list_intents_available",
  ]);
  const toolReports: { source: SourceNode; status: string; to: string[]; reason: string }[] = [];
  const datasets: string[] = [];
  arr(agentMode.tools).forEach((raw, i) => {
    const item = obj(raw);
    // Dify 0.1 files list knowledge as `{ dataset: { id } }` among the tools.
    const dataset = obj(item.dataset);
    if (str(dataset.id)) {
      datasets.push(str(dataset.id));
      return;
    }
    const entry = toolEntry(item);
    const source: SourceNode = { id: `tool:${i + 1}:${entry.tool}`, type: `tool:${entry.providerType}`, name: entry.label };
    if (item.enabled === false) {
      toolReports.push({ source, status: "unmapped", to: [], reason: "It is switched off in Dify." });
      return;
    }
    const choice = catalogTool(ctx, entry, { forAgent: true });
    if (choice.toolId && !tools.includes(choice.toolId)) tools.push(choice.toolId);
    if (choice.defaultTool) defaults.add(choice.defaultTool);
    toolReports.push({ source, status: choice.status, to: choice.toolId ? [choice.toolId] : [], reason: choice.reason });
  });
  for (const raw of arr(obj(obj(config.dataset_configs).datasets).datasets)) {
    const id = str(obj(obj(raw).dataset).id);
    if (id && obj(obj(raw).dataset).enabled !== false) datasets.push(id);
  }
  const bases = [...new Set(datasets)].map((id) => ({
    id,
    base: builder.knowledgeBase({
      id: `kb_${id}`,
      name: `knowledge_${id.slice(0, 8)}`,
      description: `Stands for the Dify dataset ${id}; add its files.`,
      files: [],
    }),
  }));
  const iterations = num(agentMode.max_iteration);
  const agent = builder.node(
    "agent",
    {
      name: builder.name("Assistant"),
      model: model.id,
      system_prompt: prompt || "You are a helpful assistant.",
      tools,
      default_tools: [...defaults],
      ...(bases.length > 0 ? { knowledge_bases: bases.map((b) => b.base) } : {}),
      ...(iterations !== undefined && Number.isInteger(iterations) ? { max_iterations: Math.min(1000, Math.max(1, iterations)) } : {}),
    },
    { x: 280, y: 0 },
    "assistant",
  );
  builder.edge({ kind: "flow", source: start, target: agent });
  builder.edge({ kind: "flow", source: agent, target: end });
  if (channels.size > 0) reasons.push(`Its input variables (${[...channels.keys()].join(", ")}) became state channels with their defaults.`);
  if (str(agentMode.strategy) === "react") reasons.push("Its ReAct strategy became our tool-calling loop.");
  const to = [agent, model.id];
  if (reasons.length > 0) builder.report.approximated(appNode, to, reasons.join(" "));
  else builder.report.mapped(appNode, to);
  for (const t of toolReports) {
    if (t.status === "mapped") builder.report.mapped(t.source, t.to.length > 0 ? t.to : [agent], t.reason);
    else if (t.status === "approximated") builder.report.approximated(t.source, t.to, t.reason);
    else builder.report.unmapped(t.source, t.reason);
  }
  for (const { id, base } of bases) {
    builder.report.approximated(
      { id: `dataset:${id}`, type: "dataset", name: id },
      [base],
      "An empty knowledge base stands for this Dify dataset and is given to the agent: add its files.",
    );
    builder.note(`Dify dataset ${id}: its documents stay in Dify; add the files to the knowledge base here.`);
  }
  const opening = str(config.opening_statement);
  if (opening) builder.note(`Opening statement (not carried over): ${opening.slice(0, 300)}`);
}
