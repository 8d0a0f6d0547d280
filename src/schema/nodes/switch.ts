/** Switch (seed 003): reads a value and follows the first case equal to it, else `default`. */
import { z } from "zod";
import { expression, handleId, identifier, LIMITS, text } from "../primitives.js";
import { defineNodeKind, type OutputHandle } from "./descriptor.js";

export const SWITCH_DEFAULT = "default";

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

export type SwitchData = z.infer<typeof switchDataSchema>;
export type SwitchCase = z.infer<typeof switchCaseSchema>;

/** Outgoing handles of a Switch node: one per case (named by its id), then `default`. */
export function switchHandles(data: Pick<SwitchData, "cases">): OutputHandle[] {
  return [...data.cases.map((c) => ({ id: c.id, label: c.label ?? String(c.value) })), { id: SWITCH_DEFAULT, label: "Default" }];
}

export const switchKind = defineNodeKind(
  "switch",
  switchDataSchema,
)({
  title: "Switch",
  group: "Flow",
  description: "A value picks one of several cases, else Default",
  word: "Switch node",
  handles: switchHandles,
  defaults: ({ name }) => ({ name: name("Switch"), variable: "input", cases: [{ id: "yes", value: "yes" }], description: "" }),
  accent: "violet",
  minimap: "#8b5cf6",
  mermaid: { label: "switch", shape: ["{", "}"], style: "fill:#f5f3ff,stroke:#7c3aed" },
  ports: { input: true, output: true, delegation: false },
  size: { width: 180, height: 110 },
  detail: (data) => [{ code: data.variable }],
});
