/**
 * Parallel (seed 003): every outgoing edge starts a branch; all branches run at once,
 * at most `max_concurrency` nodes of them at a time. Where the branches meet again
 * (the first node all of them reach), the join waits for every branch.
 */
import { z } from "zod";
import { identifier, text } from "../primitives.js";
import { defineNodeKind } from "./descriptor.js";

export const parallelDataSchema = z.strictObject({
  name: identifier,
  max_concurrency: z.number().int().min(1).max(100).default(5),
  /** A branch node that takes longer is abandoned and recorded as timed out in `results`. */
  timeout_ms: z.number().int().min(10).max(600_000).optional(),
  description: text.default(""),
});

export type ParallelData = z.infer<typeof parallelDataSchema>;

export const parallelKind = defineNodeKind(
  "parallel",
  parallelDataSchema,
)({
  title: "Parallel",
  group: "Flow",
  description: "Runs every outgoing branch at once; the join waits for all",
  word: "Parallel node",
  defaults: ({ name }) => ({ name: name("Parallel"), max_concurrency: 5, description: "" }),
  accent: "teal",
  minimap: "#14b8a6",
  mermaid: { label: "parallel", shape: ["[/", "/]"], style: "fill:#f0fdfa,stroke:#0d9488" },
  ports: { input: true, output: true, delegation: false },
  size: { width: 180, height: 70 },
  detail: (data) => [`every edge a branch · up to ${data.max_concurrency} at once`],
});
