// Handle ids are written once, in the node kinds' descriptors (src/schema/nodes): engine node
// modules read them from there, so a renamed handle cannot drift between canvas and engine.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const HERE = dirname(fileURLToPath(import.meta.url));
const HANDLE_WORDS = ["true", "false", "body", "exit", "approved", "rejected", "valid", "invalid"];

/** Literal handle lists and handle ids written as strings in a module's code (comments ignored). */
function handleLiterals(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
  const found: string[] = [];
  if (/\bhandles\s*:\s*\[/.test(code)) found.push("handles: [");
  for (const word of HANDLE_WORDS) {
    if (new RegExp(`(["'\`])${word}\\1`).test(code)) found.push(`"${word}"`);
  }
  return found;
}

// Every module under src/engine/nodes, subfolders (the agent's) included.
const engineNodeModules = (readdirSync(HERE, { recursive: true }) as string[]).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));

describe("handle ids in engine node modules", () => {
  it("finds a literal handle list or a quoted handle id (the check itself works)", () => {
    expect(handleLiterals(`return { run, branch, handles: ["approved", "rejected"] };`)).toEqual(["handles: [", '"approved"', '"rejected"']);
    expect(handleLiterals("const handle = holds ? 'true' : `false`;")).toEqual(['"true"', '"false"']);
    expect(handleLiterals(`/** @example compileIf(node).handles // ["true", "false"] */\nconst x = IF_HANDLES.true.id; // not "exit"`)).toEqual([]);
  });

  it.each(engineNodeModules)("%s reads its handles from the kind's descriptor", (file) => {
    expect(handleLiterals(readFileSync(join(HERE, file), "utf8"))).toEqual([]);
  });
});
