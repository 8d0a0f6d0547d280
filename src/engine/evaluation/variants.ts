/**
 * Variants: the document as one column of the comparison runs it — every node that calls a model
 * on the variant's profile, and/or one node's system prompt replaced. The document itself is
 * never changed; a variant that names what does not exist is refused before anything runs.
 */
import type { Dataset, GraphDocument, Variant } from "../../schema/index.js";
import { EngineError } from "../errors.js";

/**
 * The variant that runs the document as drawn, when none is given.
 * @example variantsFor({ variants: undefined }) // [AS_DRAWN]
 */
export const AS_DRAWN: Variant = { id: "as-drawn", name: "As drawn" };

function hasModel(data: object): data is { model: string } {
  return typeof (data as { model?: unknown }).model === "string";
}

function hasSystemPrompt(data: object): data is { system_prompt: string } {
  return typeof (data as { system_prompt?: unknown }).system_prompt === "string";
}

/**
 * The document as the variant runs it. Throws EngineError (INVALID_VARIANT) for a missing profile or node.
 * @example applyVariant(document, { id: "fast", name: "fast", profile: "gpt-4o-mini" }).nodes // every agent on gpt-4o-mini
 */
export function applyVariant(document: GraphDocument, variant: Variant): GraphDocument {
  if (variant.profile !== undefined && !document.models.some((m) => m.id === variant.profile)) {
    const known = document.models.map((m) => `"${m.id}"`).join(", ");
    throw new EngineError(
      "INVALID_VARIANT",
      `Variant "${variant.name}" uses model profile "${variant.profile}", which this graph does not have (it has ${known || "none"})`,
    );
  }
  const prompt = variant.prompt;
  if (prompt !== undefined) {
    const node = document.nodes.find((n) => n.id === prompt.node);
    if (!node || !hasSystemPrompt(node.data))
      throw new EngineError("INVALID_VARIANT", `Variant "${variant.name}" overrides the prompt of "${prompt.node}", which is not a node with a system prompt`);
  }
  if (variant.profile === undefined && prompt === undefined) return document;
  const nodes = document.nodes.map((node) => {
    let data: object = node.data;
    if (variant.profile !== undefined && hasModel(data)) data = { ...data, model: variant.profile };
    if (prompt !== undefined && node.id === prompt.node) data = { ...data, system_prompt: prompt.system_prompt };
    return data === node.data ? node : ({ ...node, data } as typeof node);
  });
  return { ...document, nodes };
}

/**
 * Variants named by profile ids (`--variants a,b`): one per profile, named by it.
 * @example variantsOfProfiles(["scripted", "gpt"]) // [{ id: "scripted", name: "scripted", profile: "scripted" }, …]
 */
export function variantsOfProfiles(profiles: readonly string[]): Variant[] {
  return profiles.map((profile) => ({ id: profile, name: profile, profile }));
}

/**
 * The variants to run: those given, else the dataset's own, else the document as drawn.
 * @example variantsFor(dataset, []) // dataset.variants ?? [AS_DRAWN]
 */
export function variantsFor(dataset: Pick<Dataset, "variants">, given: readonly Variant[] = []): Variant[] {
  if (given.length > 0) return [...given];
  return dataset.variants && dataset.variants.length > 0 ? [...dataset.variants] : [AS_DRAWN];
}
