/**
 * The graph document, version 1: the export format and the engine's input.
 * Every type is inferred from these zod schemas; nothing is written twice.
 */
import { z } from "zod";
import { expression, finite, httpUrl, id, identifier, LIMITS, text, title } from "./primitives.js";
import { toolSchema } from "./tools/registry.js";
import { jsonValue } from "./json.js";
import { approvalDataSchema, questionDataSchema } from "./nodes/human.js";
import { ifDataSchema, loopDataSchema, parallelDataSchema, setStateDataSchema, subgraphDataSchema, switchDataSchema } from "./nodes/flow.js";
import { finalizeDataSchema, routerDataSchema } from "./nodes/router.js";
import { executeDataSchema, plannerFields, validateInputDataSchema } from "./nodes/planner.js";

export * from "./nodes/human.js";
export * from "./nodes/flow.js";
export * from "./nodes/router.js";
export * from "./nodes/planner.js";
export * from "./tools/index.js";

export const DOCUMENT_VERSION = 1 as const;
export const SCHEMA_URL = "https://graphwright.dev/schema/graph.v1.json";

export { LIMITS, identifier } from "./primitives.js";

/** Arbitrary JSON (tool args, defaults, schemas). */
export { jsonValue };

export const metaSchema = z.strictObject({
  id,
  name: title.min(1),
  description: text.optional(),
  created: z.iso.datetime({ offset: true }).optional(),
  updated: z.iso.datetime({ offset: true }).optional(),
  tags: z.array(z.string().max(LIMITS.nameLength)).max(50).default([]),
});

export const reducerSchema = z.enum(["replace", "append", "merge"]);
export const channelSchema = z.strictObject({
  name: identifier,
  type: z.enum(["string", "number", "boolean", "object", "array", "any"]).default("any"),
  reducer: reducerSchema.default("replace"),
  default: jsonValue.optional(),
  description: text.optional(),
});
export const stateSchema = z.strictObject({
  channels: z.array(channelSchema).max(LIMITS.listItems).default([]),
});

export const providerSchema = z.enum(["scripted", "openai", "anthropic"]);
/** A named model profile. Keys never live here: they are looked up by provider at run time. */
export const modelProfileSchema = z.strictObject({
  id,
  provider: providerSchema,
  model: z.string().min(1).max(LIMITS.titleLength),
  temperature: finite.min(0).max(2).optional(),
  max_tokens: z.number().int().positive().max(1_000_000).optional(),
  /** OpenAI-compatible endpoints (Ollama, LM Studio, vLLM, OpenRouter) or a proxy. */
  base_url: httpUrl.optional(),
  /** Profiles tried in order when this one fails for an infrastructure reason. */
  fallbacks: z.array(id).max(10).default([]),
  /** False for models without tool calling: the agent falls back to plain chat. */
  tool_calling: z.boolean().default(true),
  max_retries: z.number().int().min(0).max(10).optional(),
  /** A stream that sends nothing for this long ends in a timeout error. */
  timeout_ms: z.number().int().min(100).max(600_000).optional(),
});

export const conditionSchema = z.strictObject({
  name: identifier,
  expression,
  description: text.optional(),
});

/** One rule of the scripted model: when it matches, the model answers with `reply` and/or `tool_calls`. */
export const scriptRuleSchema = z.strictObject({
  /**
   * What the rule reacts to: the user's message (start of a turn), a tool result
   * (`tool` narrows it to one tool), or either.
   */
  on: z.enum(["user", "tool", "any"]).default("user"),
  tool: identifier.optional(),
  /** Regex tested against the last user message (named groups become `{{ match.name }}`). */
  match: expression.optional(),
  // Each flag at most once: `new RegExp(x, "ii")` throws at run time.
  flags: z
    .string()
    .regex(/^(?!.*(.).*\1)[imsu]*$/, "allowed flags: i m s u, each at most once")
    .max(4)
    .optional(),
  /** CEL over `{ input, state, last, iteration }`. */
  when: expression.optional(),
  /** Reply text; `{{ input }}`, `{{ match.x }}`, `{{ tool_result }}`, `{{ state.x }}` placeholders. */
  reply: text.optional(),
  tool_calls: z
    .array(z.strictObject({ name: identifier, args: z.record(z.string(), jsonValue).default({}) }))
    .max(20)
    .default([]),
});
export const scriptSchema = z.strictObject({
  rules: z.array(scriptRuleSchema).max(LIMITS.rules).default([]),
  /** Reply when no rule matches. */
  fallback: text.default("I have no scripted answer for that."),
  /** Streaming speed; 0 sends the whole reply at once. */
  tokens_per_second: z.number().min(0).max(100_000).default(0),
});

export const defaultToolNames = [
  "get_time_date",
  "list_tools_available",
  "list_subagents_available",
  "list_intents_available",
  "request_help",
  "get_current_active_agent",
  "get_supervisor_agent",
] as const;
export const intentSchema = z.strictObject({ name: z.string().min(1).max(LIMITS.titleLength), description: text.default("") });

const position = z.strictObject({ x: finite, y: finite });
const nodeBase = { id, position, width: finite.positive().optional(), height: finite.positive().optional() };

export const startDataSchema = z.strictObject({ name: title.default("Start") });
export const endDataSchema = z.strictObject({ name: title.default("End") });
export const agentDataSchema = z.strictObject({
  name: identifier,
  description: text.default(""),
  /** Static text or a template with `{{ path }}` placeholders over `{ state, input, agent, date }`. */
  system_prompt: text.default(""),
  model: id,
  temperature: finite.min(0).max(2).optional(),
  tools: z.array(id).max(LIMITS.tools).default([]),
  /** Which of the seed-000 default tools this agent gets. */
  default_tools: z.array(z.enum(defaultToolNames)).default(["get_time_date", "list_tools_available", "list_intents_available"]),
  intents: z.array(intentSchema).max(LIMITS.listItems).default([]),
  /** IANA zone for the date injected into the prompt and for get_time_date. */
  timezone: z.string().max(64).optional(),
  /** Model ⇄ tool round trips before the agent stops with an error. */
  max_iterations: z.number().int().min(1).max(1_000).default(25),
  /** Usable only through tools, with no parent (multi-agent). */
  hidden: z.boolean().default(false),
  /** Rules for the built-in scripted model. */
  script: scriptSchema.optional(),
  /**
   * Forced tool (seed 004): the model must call this catalog tool on its first reply. If it
   * does not, `fallback` (a template over `{ state, input }`) is used as the tool's result
   * and the model is run again with tools disabled.
   */
  forced_tool: z.strictObject({ tool: id, fallback: text.default("") }).optional(),
  /** Strip pseudo tool-call text (`<tool_call>…</tool_call>`, leaked `name({...})`) from replies (absent: off). */
  sanitize: z.boolean().optional(),
});
/** Planner (seed 001): see `plannerFields` in nodes/planner.ts. */
export const plannerDataSchema = z.strictObject({ ...plannerFields, script: scriptSchema.optional() });
export const llmDataSchema = z.strictObject({
  name: identifier,
  model: id,
  system_prompt: text.default(""),
  /** The user turn sent to the model; defaults to the last message. */
  prompt: text.default("{{ input }}"),
  temperature: finite.min(0).max(2).optional(),
  /** Also store the reply text in this state channel (the parsed JSON with `output_schema`). */
  output_channel: identifier.optional(),
  /**
   * Structured output: a JSON Schema (an object schema) the reply must match. The model is
   * asked for JSON only; the reply is parsed, validated and stored in `output_channel`.
   */
  output_schema: z.record(z.string(), jsonValue).optional(),
  script: scriptSchema.optional(),
});
export const toolNodeDataSchema = z.strictObject({
  name: identifier,
  tool: id,
  /** Arguments; string values are templates over `{ state, input, results }`. */
  args: z.record(z.string(), jsonValue).default({}),
  output_channel: identifier.optional(),
});
export const noteDataSchema = z.strictObject({ text: text.default(""), color: z.string().max(32).optional() });

export const nodeSchema = z.discriminatedUnion("kind", [
  z.strictObject({ ...nodeBase, kind: z.literal("start"), data: startDataSchema.default({ name: "Start" }) }),
  z.strictObject({ ...nodeBase, kind: z.literal("end"), data: endDataSchema.default({ name: "End" }) }),
  z.strictObject({ ...nodeBase, kind: z.literal("agent"), data: agentDataSchema }),
  z.strictObject({ ...nodeBase, kind: z.literal("llm"), data: llmDataSchema }),
  z.strictObject({ ...nodeBase, kind: z.literal("tool"), data: toolNodeDataSchema }),
  z.strictObject({ ...nodeBase, kind: z.literal("note"), data: noteDataSchema.default({ text: "" }) }),
  z.strictObject({ ...nodeBase, kind: z.literal("approval"), data: approvalDataSchema }),
  z.strictObject({ ...nodeBase, kind: z.literal("question"), data: questionDataSchema }),
  z.strictObject({ ...nodeBase, kind: z.literal("if"), data: ifDataSchema }),
  z.strictObject({ ...nodeBase, kind: z.literal("switch"), data: switchDataSchema }),
  z.strictObject({ ...nodeBase, kind: z.literal("loop"), data: loopDataSchema }),
  z.strictObject({ ...nodeBase, kind: z.literal("parallel"), data: parallelDataSchema }),
  z.strictObject({ ...nodeBase, kind: z.literal("set_state"), data: setStateDataSchema }),
  z.strictObject({ ...nodeBase, kind: z.literal("subgraph"), data: subgraphDataSchema }),
  z.strictObject({ ...nodeBase, kind: z.literal("router"), data: routerDataSchema }),
  z.strictObject({ ...nodeBase, kind: z.literal("finalize"), data: finalizeDataSchema }),
  z.strictObject({ ...nodeBase, kind: z.literal("validate_input"), data: validateInputDataSchema }),
  z.strictObject({ ...nodeBase, kind: z.literal("planner"), data: plannerDataSchema }),
  z.strictObject({ ...nodeBase, kind: z.literal("execute"), data: executeDataSchema }),
]);

const edgeBase = {
  id,
  source: id,
  target: id,
  source_handle: z.string().max(LIMITS.idLength).optional(),
  target_handle: z.string().max(LIMITS.idLength).optional(),
  label: title.optional(),
};
export const edgeSchema = z.discriminatedUnion("kind", [
  z.strictObject({ ...edgeBase, kind: z.literal("flow") }),
  z.strictObject({
    ...edgeBase,
    kind: z.literal("conditional"),
    /** A CEL expression, or the name of a registered condition. */
    condition: expression,
  }),
  z.strictObject({
    ...edgeBase,
    kind: z.literal("delegation"),
    /** `handoff`: control moves to the sub-agent (seed 000); `tool`: the parent calls it as a tool (seed 002). */
    mode: z.enum(["handoff", "tool"]).default("handoff"),
    blocking: z.boolean().default(true),
  }),
]);

export const settingsSchema = z.strictObject({
  /** Supersteps before a run stops with a recursion error. */
  recursion_limit: z.number().int().min(1).max(10_000).default(100),
  /** How deeply sub-agents may nest below the agent that took the user's turn (MAX_SUB_AGENT_DEPTH, seed 002). */
  max_sub_agent_depth: z.number().int().min(1).max(32).default(5),
});

export const graphDocumentSchema = z.strictObject({
  $schema: z.string().max(2_000).optional(),
  version: z.literal(DOCUMENT_VERSION),
  meta: metaSchema,
  // A factory, not a value: zod copies default values shallowly, so one `channels` array would be shared by every document.
  state: stateSchema.default(() => ({ channels: [] })),
  models: z.array(modelProfileSchema).max(LIMITS.models).default([]),
  tools: z.array(toolSchema).max(LIMITS.tools).default([]),
  conditions: z.array(conditionSchema).max(LIMITS.listItems).default([]),
  nodes: z.array(nodeSchema).max(LIMITS.nodes),
  edges: z.array(edgeSchema).max(LIMITS.edges).default([]),
  settings: settingsSchema.default({ recursion_limit: 100, max_sub_agent_depth: 5 }),
});

export type GraphDocument = z.infer<typeof graphDocumentSchema>;
/** What a person may write: defaults not yet filled in. */
export type GraphDocumentInput = z.input<typeof graphDocumentSchema>;
export type GraphMeta = z.infer<typeof metaSchema>;
export type StateChannel = z.infer<typeof channelSchema>;
export type Reducer = z.infer<typeof reducerSchema>;
export type ModelProfile = z.infer<typeof modelProfileSchema>;
export type Provider = z.infer<typeof providerSchema>;
export type Condition = z.infer<typeof conditionSchema>;
export type Script = z.infer<typeof scriptSchema>;
export type ScriptRule = z.infer<typeof scriptRuleSchema>;
export type DefaultToolName = (typeof defaultToolNames)[number];
export type GraphNode = z.infer<typeof nodeSchema>;
export type NodeKind = GraphNode["kind"];
export type NodeOfKind<K extends NodeKind> = Extract<GraphNode, { kind: K }>;
export type AgentData = z.infer<typeof agentDataSchema>;
export type LlmData = z.infer<typeof llmDataSchema>;
export type ToolNodeData = z.infer<typeof toolNodeDataSchema>;
export type PlannerData = z.infer<typeof plannerDataSchema>;
export type GraphEdge = z.infer<typeof edgeSchema>;
export type EdgeKind = GraphEdge["kind"];
export const nodeKinds = nodeSchema.options.map((o) => o.shape.kind.value) as NodeKind[];
export const edgeKinds = edgeSchema.options.map((o) => o.shape.kind.value) as EdgeKind[];
