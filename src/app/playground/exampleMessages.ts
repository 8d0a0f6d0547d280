/** A graph's example messages (`meta.examples`) as the inspector edits them: one per line. */
import type { GraphMeta } from "../../schema/index.js";

/** Most examples a graph keeps, and the longest one (the document schema's limits). */
export const MAX_EXAMPLES = 20;
const MAX_EXAMPLE_LENGTH = 2_000;

/**
 * The examples a text holds: one per non-blank line, trimmed, duplicates dropped; none is `undefined`,
 * so a graph without examples carries no empty list.
 * @example examplesFromText("Plan my day\n\n  Plan my day\nHi") // ["Plan my day", "Hi"]
 */
export function examplesFromText(text: string): GraphMeta["examples"] {
  const lines = [...new Set(text.split("\n").map((line) => line.trim().slice(0, MAX_EXAMPLE_LENGTH)))].filter((line) => line.length > 0);
  return lines.length > 0 ? lines.slice(0, MAX_EXAMPLES) : undefined;
}

export function examplesToText(examples: GraphMeta["examples"]): string {
  return (examples ?? []).join("\n");
}
