/**
 * Flow node kinds (seeds 003 and 004): If, Switch, Loop, Parallel, Set state and
 * Subgraph. Conditions and values are CEL over `{ state, input, results }`; a condition
 * field may also hold the name of a graph-level condition (`document.conditions`).
 *
 * Built from the shared primitives (primitives.ts); document.ts adds the kinds to its node union.
 */
import { z } from "zod";
import { expression, handleId, identifier, LIMITS, text } from "../primitives.js";

/** A CEL expression, or the name of a registered condition. */
const condition = z.string().min(1).max(LIMITS.expressionLength);

/** If: follows `true` when the condition holds, `false` otherwise. */
export const ifDataSchema = z.strictObject({
  name: identifier,
  /** CEL over `{ state, input, results }`, or the name of a registered condition. */
  condition,
  description: text.default(""),
});

export const switchCaseSchema = z.strictObject({
  /** Also the outgoing handle id; `default` is reserved for the fallback branch. */
  id: handleId.refine((v) => v !== SWITCH_DEFAULT, '"default" is the fallback branch; pick another case id'),
  label: z.string().max(200).optional(),
  /** The case is taken when the switch's value equals this (strings, numbers, booleans). */
  value: z.union([z.string().max(LIMITS.textLength), z.number().finite(), z.boolean()]),
});

/** Switch (seed 003): reads a value, follows the first case equal to it, else `default`. */
export const switchDataSchema = z.strictObject({
  name: identifier,
  /** CEL over `{ state, input, results }` whose result is compared with each case, e.g. `state.mode`. */
  variable: expression,
  cases: z
    .array(switchCaseSchema)
    .max(LIMITS.listItems)
    .default([])
    .refine((cases) => new Set(cases.map((c) => c.id)).size === cases.length, "case ids must be unique"),
  description: text.default(""),
});

/**
 * Loop (seed 003): a while loop. Each time the run reaches the node it checks the
 * condition; true follows `body` (whose last node leads back into the Loop), false follows
 * `exit`. After `max_loops` passes through the body the circuit breaker trips: with
 * `on_limit: "exit"` the loop leaves through `exit` and records `exhausted: true` in the
 * `loops` channel (and a `loop_limit` event); with `"error"` the run stops with LOOP_LIMIT.
 */
export const loopDataSchema = z.strictObject({
  name: identifier,
  /** CEL over `{ state, input, results, passes, max_loops }` (`passes`: times through the body so far this turn), or a registered condition name. */
  condition,
  max_loops: z.number().int().min(1).max(10_000).default(10),
  on_limit: z.enum(["exit", "error"]).default("exit"),
  description: text.default(""),
});

/**
 * Parallel (seed 003): every outgoing edge starts a branch; all branches run at once,
 * at most `max_concurrency` nodes of them at a time. Where the branches meet again
 * (the first node all of them reach), the join waits for every branch.
 */
export const parallelDataSchema = z.strictObject({
  name: identifier,
  max_concurrency: z.number().int().min(1).max(100).default(5),
  /** A branch node that takes longer is abandoned and recorded as timed out in `results`. */
  timeout_ms: z.number().int().min(10).max(600_000).optional(),
  description: text.default(""),
});

export const assignmentSchema = z.strictObject({
  /** The state channel written; its reducer decides (append / merge combine, replace overwrites). */
  channel: identifier,
  /** CEL over `{ state, input, results }`; its value is the channel's update. */
  expression,
});

/** Set state / Transform (seed 004): CEL → a state delta through each channel's reducer. */
export const setStateDataSchema = z.strictObject({
  name: identifier,
  assignments: z.array(assignmentSchema).min(1, "add at least one assignment").max(LIMITS.listItems),
  description: text.default(""),
});

export const outputMappingSchema = z.strictObject({
  /** A state channel of the saved graph (`reply`: its final answer). */
  from: identifier,
  /** A state channel of this graph. */
  to: identifier,
});

/** Subgraph: runs another saved graph on one message and maps its result back. */
export const subgraphDataSchema = z.strictObject({
  name: identifier,
  /** The saved graph's id (its `meta.id`). */
  graph: z.string().min(1).max(LIMITS.idLength),
  /** The message sent to the saved graph; a template over `{ state, input, results }`. */
  input: text.default("{{ input }}"),
  /** Also store the saved graph's reply in this state channel. */
  output_channel: identifier.optional(),
  /** Channels of the saved graph's final state copied into this graph's state. */
  outputs: z.array(outputMappingSchema).max(LIMITS.listItems).default([]),
  description: text.default(""),
});

export type IfData = z.infer<typeof ifDataSchema>;
export type SwitchData = z.infer<typeof switchDataSchema>;
export type SwitchCase = z.infer<typeof switchCaseSchema>;
export type LoopData = z.infer<typeof loopDataSchema>;
export type ParallelData = z.infer<typeof parallelDataSchema>;
export type SetStateData = z.infer<typeof setStateDataSchema>;
export type Assignment = z.infer<typeof assignmentSchema>;
export type SubgraphData = z.infer<typeof subgraphDataSchema>;
export type OutputMapping = z.infer<typeof outputMappingSchema>;

export const SWITCH_DEFAULT = "default";

export const IF_HANDLES = [
  { id: "true", label: "True" },
  { id: "false", label: "False" },
] as const;

export const LOOP_HANDLES = [
  { id: "body", label: "Body" },
  { id: "exit", label: "Exit" },
] as const;

/** Outgoing handles of a Switch node: one per case (named by its id), then `default`. */
export function switchHandles(data: Pick<SwitchData, "cases">): { id: string; label: string }[] {
  return [...data.cases.map((c) => ({ id: c.id, label: c.label ?? String(c.value) })), { id: SWITCH_DEFAULT, label: "Default" }];
}
