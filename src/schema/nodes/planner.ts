/**
 * Planner (seed 001): a model plans tool actions `{ id, tool, args, depends_on }` for the
 * Execute node that follows it.
 */
import { z } from "zod";
import { id, identifier, text } from "../primitives.js";
import { scriptSchema } from "../script.js";
import { count, defaultModel, defineNodeKind } from "./descriptor.js";

/**
 * Planner (seed 001): a model plans tool actions. The model plans by
 * calling `submit_plan({ actions: [{ id, tool, args, depends_on }] })` or by replying
 * with that JSON. In `meta_tools` mode it does not see the catalog up front: it gets
 * discover_tools, get_tool_schema and invoke_tool (large catalogs), and results of
 * tools invoked while planning are kept as results of the plan.
 */
export const plannerDataSchema = z.strictObject({
  name: identifier,
  model: id,
  system_prompt: text.default(""),
  /** The user turn sent to the model; a template over `{ state, input, results }`. */
  prompt: text.default("{{ input }}"),
  temperature: z.number().finite().min(0).max(2).optional(),
  /** The catalog tools actions may use (by tool id). */
  tools: z.array(id).max(500).default([]),
  mode: z.enum(["catalog", "meta_tools"]).default("catalog"),
  /** Plans with more actions are rejected. */
  max_actions: z.number().int().min(1).max(200).default(20),
  /** Model calls while planning (meta-tool round trips) before the Planner gives up. */
  max_iterations: z.number().int().min(1).max(100).default(8),
  description: text.default(""),
  script: scriptSchema.optional(),
});

export type PlannerData = z.infer<typeof plannerDataSchema>;

export const plannerKind = defineNodeKind(
  "planner",
  plannerDataSchema,
)({
  title: "Planner",
  group: "Routing and planning",
  description: "A model plans tool actions with dependencies",
  word: "Planner",
  defaults: ({ document, name }) => ({
    name: name("Planner"),
    model: defaultModel(document),
    system_prompt: "Plan the tool actions that answer the request.",
    prompt: "{{ input }}",
    tools: [],
    mode: "catalog",
    max_actions: 20,
    max_iterations: 8,
    description: "",
  }),
  accent: "fuchsia",
  minimap: "#d946ef",
  mermaid: { label: "planner", shape: ["(", ")"], style: "fill:#fdf4ff,stroke:#c026d3" },
  ports: { input: true, output: true, delegation: false },
  size: { width: 180, height: 70 },
  detail: (data) => [`${data.model} · ${data.mode === "meta_tools" ? "meta-tools" : count(data.tools.length, "tool")}`],
});
