/**
 * The variants a person picks in the Evaluate dialog, as rows of a form, and the schema's
 * `Variant`s they stand for: a model profile, a prompt override of one agent (or LLM node), both,
 * or neither (the graph as drawn).
 */
import type { Dataset, GraphDocument, Variant } from "../../schema/index.js";

export const MAX_VARIANT_ROWS = 4;

export interface VariantRow {
  id: string;
  name: string;
  /** A model profile id; "" keeps each node's own model. */
  profile: string;
  /** A node id whose system prompt is replaced; "" replaces none. */
  node: string;
  systemPrompt: string;
}

/** Nodes whose system prompt a variant may replace. */
export function promptNodes(document: GraphDocument): { id: string; name: string; prompt: string }[] {
  return document.nodes.flatMap((node) => {
    const data = node.data as { name?: unknown; system_prompt?: unknown };
    return typeof data.system_prompt === "string"
      ? [{ id: node.id, name: typeof data.name === "string" ? data.name : node.id, prompt: data.system_prompt }]
      : [];
  });
}

/** The rows a dataset starts with: its own variants, else the graph as drawn. */
export function rowsOf(dataset: Pick<Dataset, "variants"> | undefined): VariantRow[] {
  const variants = dataset?.variants?.length ? dataset.variants : [{ id: "as-drawn", name: "As drawn" }];
  return variants.map((v) => ({ id: v.id, name: v.name, profile: v.profile ?? "", node: v.prompt?.node ?? "", systemPrompt: v.prompt?.system_prompt ?? "" }));
}

/** A blank row for `Add variant`, with an id no other row has. */
export function blankRow(rows: readonly VariantRow[]): VariantRow {
  let n = rows.length + 1;
  while (rows.some((r) => r.id === `variant-${n}`)) n += 1;
  return { id: `variant-${n}`, name: `Variant ${n}`, profile: "", node: "", systemPrompt: "" };
}

/** The rows as variants, or the first problem with them (a name missing or said twice). */
export function variantsOf(rows: readonly VariantRow[]): { variants: Variant[] } | { problem: string } {
  const names = new Set<string>();
  const variants: Variant[] = [];
  for (const [i, row] of rows.entries()) {
    const name = row.name.trim();
    if (!name) return { problem: `Variant ${i + 1} needs a name.` };
    if (names.has(name)) return { problem: `Two variants are named "${name}": name each once.` };
    names.add(name);
    variants.push({
      id: row.id,
      name,
      ...(row.profile ? { profile: row.profile } : {}),
      ...(row.node ? { prompt: { node: row.node, system_prompt: row.systemPrompt } } : {}),
    });
  }
  return { variants };
}
