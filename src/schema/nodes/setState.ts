/** Set state / Transform (seed 004): CEL values written into state channels through their reducers. */
import { z } from "zod";
import { expression, identifier, LIMITS, text } from "../primitives.js";
import { defineNodeKind } from "./descriptor.js";

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

export type SetStateData = z.infer<typeof setStateDataSchema>;
export type Assignment = z.infer<typeof assignmentSchema>;

export const setStateKind = defineNodeKind(
  "set_state",
  setStateDataSchema,
)({
  title: "Set state",
  group: "Flow",
  description: "Writes CEL values into state channels (transform)",
  word: "Set state node",
  defaults: ({ document, name }) => ({
    name: name("SetState"),
    assignments: [{ channel: document.state.channels[0]?.name ?? "note", expression: "input" }],
    description: "",
  }),
  accent: "lime",
  minimap: "#84cc16",
  mermaid: { label: "set state", shape: ["[", "]"], style: "fill:#f7fee7,stroke:#65a30d" },
  ports: { input: true, output: true, delegation: false },
  size: { width: 180, height: 70 },
  detail: (data) => [data.assignments.map((a) => `${a.channel} ← ${a.expression}`).join(" · ")],
});
