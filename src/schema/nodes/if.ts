/** If (seed 003): follows `true` when its condition holds, `false` otherwise. */
import { z } from "zod";
import { condition, identifier, text } from "../primitives.js";
import { copyHandles, defineNodeKind } from "./descriptor.js";

/** If: follows `true` when the condition holds, `false` otherwise. */
export const ifDataSchema = z.strictObject({
  name: identifier,
  /** CEL over `{ state, input, results }`, or the name of a registered condition. */
  condition,
  description: text.default(""),
});

export type IfData = z.infer<typeof ifDataSchema>;

/** If's outgoing handles, by name: the engine picks one of these, the canvas draws both. */
export const IF_HANDLES = {
  true: { id: "true", label: "True" },
  false: { id: "false", label: "False" },
} as const;

export const ifKind = defineNodeKind(
  "if",
  ifDataSchema,
)({
  title: "If",
  group: "Flow",
  description: "A condition picks the True or False branch",
  word: "If node",
  handles: () => copyHandles([IF_HANDLES.true, IF_HANDLES.false]),
  defaults: ({ name }) => ({ name: name("If"), condition: 'input != ""', description: "" }),
  accent: "violet",
  minimap: "#8b5cf6",
  mermaid: { label: "if", shape: ["{", "}"], style: "fill:#f5f3ff,stroke:#7c3aed" },
  ports: { input: true, output: true, delegation: false },
  size: { width: 180, height: 96 },
  detail: (data) => [{ code: data.condition }],
});
