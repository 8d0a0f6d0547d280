/** Turns a template into a graph of the user's own: validated, with its own id and dates. */
import { formatIssues, validate, type GraphDocument } from "../../schema/index.js";
import type { Template } from "./catalog";

/** The template's document with defaults filled in; a template that does not validate is a bug. */
export function templateDocument(template: Template): GraphDocument {
  if (template.source === undefined) throw new Error(`Template "${template.title}" is not loaded yet: open it through loadTemplate`);
  const result = validate(template.source);
  if (!result.ok) throw new Error(`Template "${template.title}" is not a valid graph:\n${formatIssues(result.errors)}`);
  return result.document;
}

/**
 * A new graph from a template. The copy gets `id` as its graph id, so opening a template twice
 * gives two graphs and never overwrites an edited one.
 * @example instantiateTemplate(templates[0], { id: "g_1a2b", now: new Date() })
 */
export function instantiateTemplate(template: Template, options: { id: string; now: Date }): GraphDocument {
  const { $schema: _schema, ...document } = templateDocument(template);
  const stamp = options.now.toISOString();
  return { ...document, meta: { ...document.meta, id: options.id, created: stamp, updated: stamp } };
}

/**
 * A graph id that no stored graph uses: readable prefix plus random suffix.
 * @example newGraphId(new Set(["g_1"])) // "g_4f9c2d1a"
 */
export function newGraphId(taken: ReadonlySet<string> = new Set(), random: () => string = randomSuffix): string {
  let id = `g_${random()}`;
  while (taken.has(id)) id = `g_${random()}`;
  return id;
}

function randomSuffix(): string {
  return globalThis.crypto?.randomUUID?.().replace(/-/g, "").slice(0, 12) ?? Math.random().toString(36).slice(2, 14);
}
