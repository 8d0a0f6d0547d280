/**
 * Planned flows (seed 001): Validate input (empty / too long short-circuits to the reply),
 * Planner (a model plans tool actions `{ id, tool, args, depends_on }`), and Execute
 * (route_execution → confirm | sequential | parallel, then runs the actions).
 *
 * Built from the shared primitives (primitives.ts); document.ts adds the kinds to its node union.
 * The Planner's `script` (scripted-model rules) is added in document.ts, where the script schema lives.
 */
import { z } from "zod";
import { id, identifier, text } from "../primitives.js";

/**
 * Validate input (seed 001 `validate_input`): an empty message or one longer than
 * `max_length` gets the matching reply and leaves through `invalid` (connect it to End);
 * anything else leaves through `valid`.
 */
export const validateInputDataSchema = z.strictObject({
  name: identifier,
  max_length: z.number().int().min(1).max(1_000_000).default(5_000),
  /** The reply to an empty (or whitespace-only) message. */
  empty_message: text.default("Please provide a request."),
  /** The reply to a message over `max_length`; `{{ max_length }}` and `{{ length }}` are filled in. */
  too_long_message: text.default("Please keep requests under {{ max_length }} characters."),
  description: text.default(""),
});

/**
 * The Planner's fields, without `script` (added in document.ts). The model plans by
 * calling `submit_plan({ actions: [{ id, tool, args, depends_on }] })` or by replying
 * with that JSON. In `meta_tools` mode it does not see the catalog up front: it gets
 * discover_tools, get_tool_schema and invoke_tool (large catalogs), and results of
 * tools invoked while planning are kept as results of the plan.
 */
export const plannerFields = {
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
};

/**
 * Execute (seed 001): route_execution, then the actions of the last plan.
 * `mode: "auto"` picks confirm when an action's tool is destructive (each destructive
 * action is approved, edited or rejected by a person), else sequential when any action
 * has `depends_on`, else parallel. Parallel runs at most `max_workers` actions at once,
 * each within `timeout_ms`; sequential runs in topological order and fills
 * `{{ results.<id>.<path> }}` in args from earlier results. A failed action is recorded
 * in its result (`{ success: false, error }`), never fatal; a dependency cycle is.
 */
export const executeDataSchema = z.strictObject({
  name: identifier,
  mode: z.enum(["auto", "sequential", "parallel"]).default("auto"),
  max_workers: z.number().int().min(1).max(100).default(5),
  timeout_ms: z.number().int().min(10).max(600_000).default(30_000),
  description: text.default(""),
});

export type ValidateInputData = z.infer<typeof validateInputDataSchema>;
export type ExecuteData = z.infer<typeof executeDataSchema>;

/** Outgoing handles of a Validate input node. */
export const VALIDATE_INPUT_HANDLES = [
  { id: "valid", label: "Valid" },
  { id: "invalid", label: "Invalid" },
] as const;
