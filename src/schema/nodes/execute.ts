/** Execute (seed 001): route_execution, then the actions of the Planner's last plan. */
import { z } from "zod";
import { identifier, text } from "../primitives.js";
import { defineNodeKind } from "./descriptor.js";

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

export type ExecuteData = z.infer<typeof executeDataSchema>;

export const executeKind = defineNodeKind(
  "execute",
  executeDataSchema,
)({
  title: "Execute",
  group: "Routing and planning",
  description: "Runs the plan: confirm, sequential or parallel",
  word: "Execute node",
  defaults: ({ name }) => ({ name: name("Execute"), mode: "auto", max_workers: 5, timeout_ms: 30_000, description: "" }),
  accent: "fuchsia",
  minimap: "#d946ef",
  mermaid: { label: "execute", shape: ["[[", "]]"], style: "fill:#fdf4ff,stroke:#c026d3" },
  ports: { input: true, output: true, delegation: false },
  size: { width: 180, height: 70 },
  detail: (data) => [`${data.mode} · ${data.max_workers} workers · ${Math.round(data.timeout_ms / 1000)} s`],
});
