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
  { kind: "if", title: "If", description: "A condition picks the True or False branch", group: "Flow" },
  { kind: "switch", title: "Switch", description: "A value picks one of several cases, else Default", group: "Flow" },
  { kind: "loop", title: "Loop", description: "Repeats its body while a condition holds, up to max loops", group: "Flow" },
  { kind: "parallel", title: "Parallel", description: "Runs every outgoing branch at once; the join waits for all", group: "Flow" },
  { kind: "set_state", title: "Set state", description: "Writes CEL values into state channels (transform)", group: "Flow" },
  { kind: "subgraph", title: "Subgraph", description: "Runs another saved graph", group: "Flow" },
  { kind: "router", title: "Router", description: "Ordered keyword / regex / CEL rules pick a route; gate rules first", group: "Routing and planning" },
  { kind: "finalize", title: "Finalize", description: "Stamps response, route, agent and duration into state", group: "Routing and planning" },
  { kind: "validate_input", title: "Validate input", description: "Empty or too long messages get a reply straight away", group: "Routing and planning" },
  { kind: "planner", title: "Planner", description: "A model plans tool actions with dependencies", group: "Routing and planning" },
  { kind: "execute", title: "Execute", description: "Runs the plan: confirm, sequential or parallel", group: "Routing and planning" },
  { kind: "approval", title: "Approval", description: "Pauses for a person to approve, reject or edit", group: "People" },
  { kind: "question", title: "Question", description: "Asks a person to pick one of a few options", group: "People" },
];

/** The title of a kind, as the palette shows it. */
export function kindTitle(kind: NodeKind): string {
  return paletteKinds.find((p) => p.kind === kind)?.title ?? kind;
}
