/** Subgraph: runs another saved graph on one message and maps its result back. */
import { z } from "zod";
import { identifier, LIMITS, text } from "../primitives.js";
import { defineNodeKind } from "./descriptor.js";

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

export type SubgraphData = z.infer<typeof subgraphDataSchema>;
export type OutputMapping = z.infer<typeof outputMappingSchema>;

/** The graph id of a Subgraph node before a saved graph is chosen (an id must be non-empty). */
export const NO_GRAPH = "no_graph";

export const subgraphKind = defineNodeKind(
  "subgraph",
  subgraphDataSchema,
)({
  title: "Subgraph",
  group: "Flow",
  description: "Runs another saved graph",
  word: "Subgraph node",
  // No graph chosen yet: the reference dangles until the form picks a saved graph.
  defaults: ({ name }) => ({ name: name("Subgraph"), graph: NO_GRAPH, input: "{{ input }}", outputs: [], description: "" }),
  accent: "slate",
  minimap: "#64748b",
  mermaid: { label: "subgraph", shape: ["[[", "]]"], style: "fill:#f8fafc,stroke:#475569" },
  ports: { input: true, output: true, delegation: false },
  size: { width: 180, height: 70 },
  detail: (data) => [data.graph === NO_GRAPH ? "no graph chosen" : `runs graph ${data.graph}`],
});
