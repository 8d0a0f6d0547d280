/**
 * Formats generated TypeScript with Prettier's standalone build (no Node APIs, so it runs in the
 * browser too), loaded on first use. JSON is written by JSON.stringify; Markdown stays as written.
 */
import type { Plugin } from "prettier";
import { errorMessage } from "../schema/errorMessage.js";

let loaded: Promise<{ format: (source: string, options: Record<string, unknown>) => Promise<string>; plugins: Plugin[] }> | undefined;

function loadPrettier() {
  loaded ??= Promise.all([import("prettier/standalone"), import("prettier/plugins/typescript"), import("prettier/plugins/estree")]).then(
    ([standalone, typescript, estree]) => ({
      format: standalone.format,
      plugins: [typescript.default ?? typescript, (estree.default ?? estree) as Plugin],
    }),
  );
  return loaded;
}

/** Prettier's defaults with a wider line, as a person would set up a new project. */
export async function formatTypeScript(source: string, path: string): Promise<string> {
  const prettier = await loadPrettier();
  try {
    return await prettier.format(source, { parser: "typescript", plugins: prettier.plugins, printWidth: 120 });
  } catch (error) {
    throw new Error(`Generated ${path} is not valid TypeScript: ${errorMessage(error)}`, { cause: error });
  }
}

/** JSON as a generated file holds it: two-space indent and a final newline. */
export function formatJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
