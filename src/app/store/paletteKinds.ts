/** The node kinds the palette offers, grouped and in palette order, with their titles (ui-contract.md names). */
import type { NodeKind } from "../../schema/index.js";

export type PaletteGroup = "Basics" | "Flow" | "Routing and planning" | "People";

export interface PaletteKind {
  kind: NodeKind;
  /** The palette button's name: a public API (ui-contract.md). */
  title: string;
  description: string;
  group: PaletteGroup;
}

export const paletteGroups: readonly PaletteGroup[] = ["Basics", "Flow", "Routing and planning", "People"];

export const paletteKinds: readonly PaletteKind[] = [
  { kind: "start", title: "Start", description: "Where a user message enters the graph", group: "Basics" },
  { kind: "agent", title: "Agent", description: "A model with tools that loops until it answers", group: "Basics" },
  { kind: "llm", title: "LLM", description: "One model call with a prompt, optionally structured output", group: "Basics" },
  { kind: "tool", title: "Tool", description: "Runs one tool with templated arguments", group: "Basics" },
  { kind: "end", title: "End", description: "Where the graph's answer leaves", group: "Basics" },
  { kind: "note", title: "Note", description: "A sticky note; does nothing", group: "Basics" },
];

/** The title of a kind, as the palette shows it. */
export function kindTitle(kind: NodeKind): string {
  return paletteKinds.find((p) => p.kind === kind)?.title ?? kind;
}
