/**
 * Loop (seed 003): a while loop. Each time the run reaches the node it checks the
 * condition; true follows `body` (whose last node leads back into the Loop), false follows
 * `exit`. After `max_loops` passes through the body the circuit breaker trips: with
 * `on_limit: "exit"` the loop leaves through `exit` and records `exhausted: true` in the
 * `loops` channel (and a `loop_limit` event); with `"error"` the run stops with LOOP_LIMIT.
 */
import { z } from "zod";
import { condition, identifier, text } from "../primitives.js";
import { copyHandles, defineNodeKind } from "./descriptor.js";

export const loopDataSchema = z.strictObject({
  name: identifier,
  /** CEL over `{ state, input, results, passes, max_loops }` (`passes`: times through the body so far this turn), or a registered condition name. */
  condition,
  max_loops: z.number().int().min(1).max(10_000).default(10),
  on_limit: z.enum(["exit", "error"]).default("exit"),
  description: text.default(""),
});

export type LoopData = z.infer<typeof loopDataSchema>;

/** Loop's outgoing handles, by name: `body` while the condition holds, `exit` after. */
export const LOOP_HANDLES = {
  body: { id: "body", label: "Body" },
  exit: { id: "exit", label: "Exit" },
} as const;

export const loopKind = defineNodeKind(
  "loop",
  loopDataSchema,
)({
  title: "Loop",
  group: "Flow",
  description: "Repeats its body while a condition holds, up to max loops",
  word: "Loop node",
  handles: () => copyHandles([LOOP_HANDLES.body, LOOP_HANDLES.exit]),
  defaults: ({ name }) => ({ name: name("Loop"), condition: "loop.count < 3", max_loops: 10, on_limit: "exit", description: "" }),
  accent: "violet",
  minimap: "#8b5cf6",
  mermaid: { label: "loop", shape: ["{", "}"], style: "fill:#f5f3ff,stroke:#7c3aed" },
  ports: { input: true, output: true, delegation: false },
  size: { width: 180, height: 96 },
  detail: (data) => [{ code: data.condition }, ` · max ${data.max_loops}`],
});
