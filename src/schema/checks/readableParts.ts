/**
 * The parts of a document that failed the schema which can still be read: each model, tool,
 * condition, node and edge parsed on its own, so the reference checks can run over what parsed
 * while the schema errors describe the rest.
 */
import type { z } from "zod";
import {
  conditionSchema,
  edgeSchema,
  type GraphDocument,
  metaSchema,
  modelProfileSchema,
  nodeSchema,
  settingsSchema,
  stateSchema,
  toolSchema,
} from "../document.js";

const COLLECTIONS = { models: modelProfileSchema, tools: toolSchema, conditions: conditionSchema, nodes: nodeSchema, edges: edgeSchema } as const;
type Collection = keyof typeof COLLECTIONS;
const COLLECTION_NAMES = Object.keys(COLLECTIONS) as Collection[];

/** What items that failed to parse were called: they exist, so nothing that names them is dangling. */
export interface UnreadableNames {
  /** Ids of models, tools and nodes, and names of conditions, by collection. */
  ids: Readonly<Record<Exclude<Collection, "edges">, ReadonlySet<string>>>;
  /** `data.name` of nodes that failed to parse (an agent tool names its agent this way). */
  nodeNames: ReadonlySet<string>;
}

export interface ReadableParts {
  /** The document made of the items that parsed (meta and settings fall back to defaults). */
  doc: GraphDocument;
  /** True when every item parsed: checks over the whole graph hold as well. */
  complete: boolean;
  /** True when the state parsed: checks of the channels that nodes write hold. */
  stateRead: boolean;
  unreadable: UnreadableNames;
  /** `$.nodes[1]` in `doc` is where in the input? (Items that failed are not in `doc`.) */
  inputPath(path: string): string;
}

function fieldOf(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

function stringAt(value: unknown, key: string): string | undefined {
  const field = fieldOf(value, key);
  return typeof field === "string" ? field : undefined;
}

function parsedOr<T>(schema: z.ZodType<T>, value: unknown, fallback: () => T): { value: T; ok: boolean } {
  const parsed = schema.safeParse(value);
  return parsed.success ? { value: parsed.data, ok: true } : { value: fallback(), ok: false };
}

/**
 * The readable parts of a migrated document, or undefined when a collection is not even an array
 * (then nothing about references can be said).
 *
 * @example
 * readParts({ version: 1, meta, nodes: [start, { id: "x", kind: "nope" }], edges: [{ …, target: "x" }] })?.unreadable.ids.nodes; // Set { "x" }
 */
export function readParts(input: Record<string, unknown>): ReadableParts | undefined {
  const items: Partial<Record<Collection, unknown[]>> = {};
  for (const name of COLLECTION_NAMES) {
    const value = input[name] ?? (name === "nodes" ? undefined : []);
    if (!Array.isArray(value)) return undefined;
    items[name] = value;
  }
  const positions = {} as Record<Collection, number[]>;
  const kept = {} as Record<Collection, unknown[]>;
  const ids = { models: new Set<string>(), tools: new Set<string>(), conditions: new Set<string>(), nodes: new Set<string>() };
  const nodeNames = new Set<string>();
  let complete = true;
  for (const name of COLLECTION_NAMES) {
    positions[name] = [];
    kept[name] = [];
    (items[name] ?? []).forEach((item, index) => {
      const parsed = COLLECTIONS[name].safeParse(item);
      if (parsed.success) {
        positions[name].push(index);
        kept[name].push(parsed.data);
        return;
      }
      complete = false;
      if (name === "edges") return;
      const key = stringAt(item, name === "conditions" ? "name" : "id");
      if (key !== undefined) ids[name].add(key);
      const nodeName = name === "nodes" ? stringAt(fieldOf(item, "data"), "name") : undefined;
      if (nodeName !== undefined) nodeNames.add(nodeName);
    });
  }
  const state = parsedOr(stateSchema, input.state ?? {}, () => ({ channels: [] }));
  const doc = {
    version: 1,
    meta: parsedOr(metaSchema, input.meta, () => ({ id: "graph", name: "graph", tags: [] })).value,
    state: state.value,
    settings: parsedOr(settingsSchema, input.settings ?? {}, () => settingsSchema.parse({})).value,
    ...kept,
  } as GraphDocument; // each collection holds what its item schema produced
  return {
    doc,
    complete,
    stateRead: state.ok,
    unreadable: { ids, nodeNames },
    inputPath: (path) =>
      path.replace(/^\$\.(models|tools|conditions|nodes|edges)\[(\d+)\]/, (whole, name: Collection, index: string) => {
        const original = positions[name][Number(index)];
        return original === undefined ? whole : `$.${name}[${original}]`;
      }),
  };
}
