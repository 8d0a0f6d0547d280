/**
 * Three-way merge of graph documents, for two tabs editing one graph: what this tab changed
 * since the document it last read (`base`) is re-applied on top of what another tab saved
 * (`theirs`). Changes are compared per field: each `meta` field, each node and edge by id, and
 * each other top-level section (state, models, tools, conditions, settings) as a whole. When
 * both sides changed the same field differently, that field is a conflict.
 */
import type { GraphDocument } from "../../schema/index.js";

export interface MergeResult {
  document: GraphDocument;
  /** Fields both sides changed differently, in words ("the name", "node Assistant"). */
  conflicts: string[];
}

type Keyed = { id: string };

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** Picks one side of a field: theirs unless only this tab changed it; a conflict when both did. */
function pick<T>(base: T, mine: T, theirs: T, onConflict: () => void, preferTheirs: boolean): T {
  if (same(mine, base)) return theirs;
  if (same(theirs, base) || same(mine, theirs)) return mine;
  onConflict();
  return preferTheirs ? theirs : mine;
}

const META_WORDS: Record<string, string> = { name: "the name", description: "the description", tags: "the tags" };

function mergeList<T extends Keyed>(
  base: T[],
  mine: T[],
  theirs: T[],
  label: (item: T) => string,
  conflict: (what: string) => void,
  preferTheirs: boolean,
): T[] {
  const byId = (list: T[]) => new Map(list.map((item) => [item.id, item]));
  const [b, m, t] = [byId(base), byId(mine), byId(theirs)];
  const out: T[] = [];
  // This tab's order first, then what only the other tab added.
  const ids = [...m.keys(), ...[...t.keys()].filter((id) => !m.has(id) && !b.has(id))];
  for (const id of ids) {
    const item = pick(b.get(id), m.get(id), t.get(id), () => conflict(label((m.get(id) ?? t.get(id) ?? b.get(id)) as T)), preferTheirs);
    if (item) out.push(item);
  }
  return out;
}

function nodeLabel(node: GraphDocument["nodes"][number]): string {
  const name = "name" in node.data && typeof node.data.name === "string" ? node.data.name : node.id;
  return `node ${name}`;
}

/**
 * Merges this tab's document with another tab's save, both descended from `base`. With
 * `preferTheirs`, conflicting fields take the other tab's value (used to carry a remote change
 * into the undo history); otherwise they keep this tab's and are listed as conflicts.
 * @example
 * const { document, conflicts } = mergeDocuments(base, mine, theirs);
 * if (conflicts.length === 0) await graphs.save(document, { expectedRev: stored.rev });
 */
export function mergeDocuments(base: GraphDocument, mine: GraphDocument, theirs: GraphDocument, options: { preferTheirs?: boolean } = {}): MergeResult {
  const preferTheirs = options.preferTheirs ?? false;
  const conflicts: string[] = [];
  const conflict = (what: string) => conflicts.push(what);
  const metaKeys = new Set([...Object.keys(base.meta), ...Object.keys(mine.meta), ...Object.keys(theirs.meta)]);
  const meta: Record<string, unknown> = {};
  for (const key of metaKeys) {
    const b = (base.meta as Record<string, unknown>)[key];
    const m = (mine.meta as Record<string, unknown>)[key];
    const t = (theirs.meta as Record<string, unknown>)[key];
    // `updated` is a timestamp, not an edit: the latest one wins.
    const value =
      key === "updated"
        ? [m, t]
            .filter((v) => typeof v === "string")
            .sort()
            .at(-1)
        : pick(b, m, t, () => conflict(META_WORDS[key] ?? `meta.${key}`), preferTheirs);
    if (value !== undefined) meta[key] = value;
  }
  const document = { ...mine, meta: meta as GraphDocument["meta"] } as GraphDocument;
  document.nodes = mergeList(base.nodes, mine.nodes, theirs.nodes, nodeLabel, conflict, preferTheirs);
  document.edges = mergeList(base.edges, mine.edges, theirs.edges, (edge) => `edge ${edge.id}`, conflict, preferTheirs);
  const sections = ["$schema", "version", "state", "models", "tools", "conditions", "settings"] as const;
  const whole = document as unknown as Record<string, unknown>;
  for (const key of sections) {
    const value = pick(base[key], mine[key], theirs[key], () => conflict(`the graph's ${key}`), preferTheirs);
    if (value === undefined) delete whole[key];
    else whole[key] = value;
  }
  // Edges whose ends the other tab removed would not validate: they go with their nodes.
  const ids = new Set(document.nodes.map((n) => n.id));
  document.edges = document.edges.filter((e) => ids.has(e.source) && ids.has(e.target));
  return { document, conflicts };
}
