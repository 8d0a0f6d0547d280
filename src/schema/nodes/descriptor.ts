/**
 * What a node kind is, in one pure object (Rivet's node definitions, tldraw's ShapeUtil): its
 * data schema, how people name it (palette title, group, kind word), its outgoing handles, the
 * data a new node starts with, and how the canvas, the minimap and Mermaid draw it. Palette,
 * problem messages, handles, Mermaid, minimap and defaults are all derived from these objects.
 */
import type { z } from "zod";

/** One outgoing handle of a node: stored in an edge's `source_handle`, labelled on the canvas. */
export interface OutputHandle {
  /** Stored in an edge's `source_handle`. */
  id: string;
  /** Shown next to the handle on the canvas and in the inspector. */
  label: string;
}

/** The palette's groups, in the order it shows them. */
export const paletteGroups = ["Basics", "Flow", "Routing and planning", "People"] as const;
export type PaletteGroup = (typeof paletteGroups)[number];

/** Accent colour of a node kind on the canvas (a Tailwind colour name): the left stripe and the kind badge. */
export type Accent = "emerald" | "rose" | "indigo" | "sky" | "amber" | "yellow" | "violet" | "teal" | "orange" | "fuchsia" | "lime" | "slate";

/** Handles a node kind offers on the canvas: flow in/out (left/right) and the delegation pair (parent above, sub-agents below). */
export interface Ports {
  /** Accepts incoming flow and conditional edges. */
  input: boolean;
  /** Starts outgoing flow and conditional edges. */
  output: boolean;
  /** Takes part in the sub-agent hierarchy: a parent handle on top, a sub-agents handle below. */
  delegation: boolean;
}

/** How Mermaid draws a kind. */
export interface MermaidLook {
  /** Shown after the name ("Triage · router"); empty for Start / End. */
  label: string;
  /** Opening and closing brackets of the node shape. */
  shape: readonly [string, string];
  /** The `classDef` style of the kind's nodes. */
  style: string;
}

/** A piece of a node's detail line on the canvas: plain text, or an expression shown as code. */
export type DetailPart = string | { code: string };

/** The part of a document new-node defaults may read (a `GraphDocument` fits). */
export interface DefaultsDocument {
  models: readonly { id: string }[];
  tools: readonly { id: string }[];
  state: { channels: readonly { name: string }[] };
}

/** What defaults may depend on: the document (its models, tools, channels) and a unique-name picker. */
export interface DefaultsContext {
  document: DefaultsDocument;
  /** `base`, or `base2`, `base3`, … if a node already has that name (ignoring case). */
  name(base: string): string;
}

/**
 * One node kind. `S` is the zod schema of its `data` exactly as the node union holds it (with
 * `.default(…)` for kinds whose data may be left out), so the document types follow from it.
 * Members that read the data are methods: a table of different kinds stays assignable to one type.
 */
export interface NodeKindDescriptor<K extends string = string, S extends z.ZodType = z.ZodType> {
  kind: K;
  /** The schema of the node's `data`. */
  schema: S;
  /** The palette button's name and the canvas frame's badge: a public API (ui-contract.md). */
  title: string;
  group: PaletteGroup;
  /** One line: what the kind does (palette tooltip, command palette search). */
  description: string;
  /** How problem messages name the kind: `agent "Researcher"`, `If node "Check"`. */
  word: string;
  /** A name every node of the kind has until renamed (Start, End): messages then name the node by its id. */
  implicitName?: string;
  /** The kind has no name at all (Note): messages and the canvas name the node by id or title. */
  unnamed?: true;
  /** The outgoing handles a node picks among; absent for kinds with the single output `out`. */
  handles?(data: z.output<S>): OutputHandle[];
  /** The data a node fresh from the palette starts with: valid, with every schema default filled in. */
  defaults(context: DefaultsContext): z.output<S>;
  accent: Accent;
  /** The node's colour in the minimap (a CSS colour). */
  minimap: string;
  /** How Mermaid draws the kind; `null` leaves its nodes out of the chart (notes). */
  mermaid: MermaidLook | null;
  ports: Ports;
  /** Size used before the node is measured (layout, placement). */
  size: { width: number; height: number };
  /** `sticky`: drawn as a sticky note showing `detail`, without frame or handles. */
  look?: "card" | "sticky";
  /** The canvas badge when it says more than the title (a hidden agent). */
  badge?(data: z.output<S>): string;
  /** The muted line under the node's name on the canvas. */
  detail?(data: z.output<S>): DetailPart[];
}

/**
 * Any node kind, for code that works over a whole table without knowing its kinds.
 * The data type is erased: only the table's own entries know theirs.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- erased data type; each entry is checked where it is defined
export type AnyNodeKindDescriptor = NodeKindDescriptor<string, z.ZodType<any>>;

/** A table of node kinds, keyed by kind, in palette order. */
export type NodeKindTableOf = Readonly<Record<string, AnyNodeKindDescriptor>>;

/**
 * Declares a node kind in two steps: the kind and its data schema first, so the data type is
 * fixed before the rest is checked against it (literal values in `defaults` keep their types).
 * @example export const endKind = defineNodeKind("end", endDataSchema)({ title: "End", … });
 */
export function defineNodeKind<K extends string, S extends z.ZodType>(kind: K, schema: S) {
  return (rest: Omit<NodeKindDescriptor<K, S>, "kind" | "schema">): NodeKindDescriptor<K, S> => ({ kind, schema, ...rest });
}

/** Copies of fixed handles, so no caller can change the kind's own list. */
export function copyHandles(handles: readonly OutputHandle[]): OutputHandle[] {
  return handles.map((h) => ({ ...h }));
}

/** The model profile new model-calling nodes start with: the document's first, else the scripted model. */
export function defaultModel(document: DefaultsDocument): string {
  return document.models[0]?.id ?? "scripted";
}

/** "1 tool", "3 tools". */
export function count(n: number, word: string): string {
  return `${n} ${n === 1 ? word : `${word}s`}`;
}
