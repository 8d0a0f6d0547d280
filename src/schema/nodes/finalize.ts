/**
 * Finalize (seed 004 `finalize_turn`): placed before End, it stamps the turn's reply
 * (`response`), the route taken, the agent that answered and the turn's duration
 * (`duration_ms`, since the Router started the turn) into the `route` channel.
 */
import { z } from "zod";
import { identifier, text } from "../primitives.js";
import { defineNodeKind } from "./descriptor.js";

export const finalizeDataSchema = z.strictObject({
  name: identifier,
  /** Also copy the finalized record into this state channel. */
  output_channel: identifier.optional(),
  description: text.default(""),
});

export type FinalizeData = z.infer<typeof finalizeDataSchema>;

export const finalizeKind = defineNodeKind(
  "finalize",
  finalizeDataSchema,
)({
  title: "Finalize",
  group: "Routing and planning",
  description: "Stamps response, route, agent and duration into state",
  word: "Finalize node",
  defaults: ({ name }) => ({ name: name("Finalize"), description: "" }),
  accent: "fuchsia",
  minimap: "#d946ef",
  mermaid: { label: "finalize", shape: ["[", "]"], style: "fill:#fdf4ff,stroke:#c026d3" },
  ports: { input: true, output: true, delegation: false },
  size: { width: 180, height: 70 },
  detail: () => ["stamps response, route, agent, duration"],
});
