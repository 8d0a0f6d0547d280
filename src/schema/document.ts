/**
 * The graph document, version 1: the export format and the engine's input.
 * Every type is inferred from these zod schemas; nothing is written twice.
 */
import { knowledgeBaseSchema } from "./knowledge.js";
import { z } from "zod";
import { expression, finite, httpUrl, id, identifier, LIMITS, text, title } from "./primitives.js";
import { toolSchema } from "./tools/registry.js";
import { mcpServerSchema } from "./tools/mcp.js";
import { jsonValue } from "./json.js";
import { nodeSchema, type NodeKind } from "./nodes/registry.js";
import { graphTestSchema } from "./graphTest.js";
import { datasetSchema } from "./dataset.js";
import { modelPricesSchema } from "./usage.js";

export * from "./script.js";
export * from "./nodes/descriptor.js";
export * from "./nodes/registry.js";
export * from "./tools/index.js";
export * from "./graphTest.js";
export * from "./testRecording.js";
export * from "./assertions.js";
export * from "./dataset.js";

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
  /** Messages worth sending first: an empty playground offers them as buttons. */
  examples: z.array(z.string().min(1).max(2_000)).max(20).optional(),
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
  /** A stream that sends nothing for this long ends in a timeout error (default 60 s). */
  timeout_ms: z.number().int().min(100).max(600_000).optional(),
  /** Each attempt waits this long at most for the first byte of a reply (default 30 s). */
  first_byte_timeout_ms: z.number().int().min(100).max(600_000).optional(),
  /** A model call gives up when its reply has not started after this long, retries and their waits included (default 90 s). */
  total_timeout_ms: z.number().int().min(100).max(3_600_000).optional(),
  /** USD per million tokens: the timeline and the playground show what this profile's calls cost. */
  prices: modelPricesSchema.optional(),
});

export const conditionSchema = z.strictObject({
  name: identifier,
  expression,
  description: text.optional(),
});

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
  /**
   * The OpenAI-compatible model profile that embeds long-term memories, so `recall` ranks them
   * by meaning; without it, recall matches words. Optional so older documents parse unchanged.
   */
  memory_embedding_profile: id.optional(),
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
  /** Knowledge bases agents may search (seed 002); optional so older documents parse unchanged. */
  knowledge_bases: z.array(knowledgeBaseSchema).max(LIMITS.listItems).optional(),
  /** MCP servers the graph's `mcp` tools were listed from; optional so older documents parse unchanged. */
  mcp_servers: z.array(mcpServerSchema).max(LIMITS.listItems).optional(),
  nodes: z.array(nodeSchema).max(LIMITS.nodes),
  edges: z.array(edgeSchema).max(LIMITS.edges).default([]),
  settings: settingsSchema.default({ recursion_limit: 100, max_sub_agent_depth: 5 }),
  /** Regression tests: conversations and what must hold about their runs (`npm run cli -- test`). */
  tests: z
    .array(graphTestSchema)
    .max(LIMITS.listItems)
    .default(() => []),
  /** Evaluation datasets (cases, their pass rule, evaluators, variants); optional so older documents parse unchanged. */
  datasets: z.array(datasetSchema).max(LIMITS.listItems).optional(),
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
export type GraphEdge = z.infer<typeof edgeSchema>;
export type EdgeKind = GraphEdge["kind"];
export const nodeKinds = nodeSchema.options.map((o) => o.shape.kind.value) as NodeKind[];
export const edgeKinds = edgeSchema.options.map((o) => o.shape.kind.value) as EdgeKind[];
