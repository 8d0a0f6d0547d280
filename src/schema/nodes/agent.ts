/**
 * Agent (seed 000): a model with tools and sub-agents that loops until it answers. Sub-agents
 * hang below it through delegation edges; double-clicking it on the canvas opens its inner loop.
 */
import { z } from "zod";
import { finite, id, identifier, LIMITS, text } from "../primitives.js";
import { scriptSchema } from "../script.js";
import { count, defaultModel, defineNodeKind } from "./descriptor.js";

export const defaultToolNames = [
  "get_time_date",
  "list_tools_available",
  "list_subagents_available",
  "list_intents_available",
  "request_help",
  "get_current_active_agent",
  "get_supervisor_agent",
  "ask_user",
] as const;
export const intentSchema = z.strictObject({ name: z.string().min(1).max(LIMITS.titleLength), description: text.default("") });

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
  /** Long-term memory: the agent gets `remember`, `recall` and `forget` over its own memories, which outlive threads. */
  memory: z.boolean().optional(),
  /** Knowledge bases (ids) this agent may search, each through its own `search_<name>` tool; only assigned agents can. */
  knowledge_bases: z.array(id).max(LIMITS.listItems).optional(),
  /** Strip pseudo tool-call text (`<tool_call>…</tool_call>`, leaked `name({...})`) from replies (absent: off). */
  sanitize: z.boolean().optional(),
});

export type AgentData = z.infer<typeof agentDataSchema>;
export type DefaultToolName = (typeof defaultToolNames)[number];

export const agentKind = defineNodeKind(
  "agent",
  agentDataSchema,
)({
  title: "Agent",
  group: "Basics",
  description: "A model with tools that loops until it answers",
  word: "agent",
  defaults: ({ document, name }) => ({
    name: name("Agent"),
    description: "",
    system_prompt: "You are a helpful assistant.",
    model: defaultModel(document),
    tools: [],
    default_tools: ["get_time_date", "list_tools_available", "list_intents_available"],
    intents: [],
    max_iterations: 25,
    hidden: false,
    sanitize: false,
  }),
  accent: "indigo",
  minimap: "#6366f1",
  mermaid: { label: "agent", shape: ["[", "]"], style: "fill:#eef2ff,stroke:#4f46e5" },
  ports: { input: true, output: true, delegation: true },
  size: { width: 180, height: 70 },
  badge: (data) => (data.hidden ? "Agent · hidden" : "Agent"),
  detail: (data) => {
    const rules = data.script?.rules.length;
    return [`${data.model} · ${count(data.tools.length, "tool")}${rules === undefined ? "" : ` · ${count(rules, "rule")}`}`];
  },
});
