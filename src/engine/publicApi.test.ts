// The engine's public API documents itself: every export of src/engine/index.ts carries an
// `@example` in the JSDoc of its declaration (CONVENTIONS.md, "JSDoc with an @example on every
// engine export"). Re-exports are followed to the module that declares them.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ENTRY = path.resolve(import.meta.dirname, "index.ts");

interface Undocumented {
  name: string;
  kind: "value" | "type";
  /** The declaring file, relative to the entry's folder. */
  file: string;
}

function hasExample(declaration: ts.Declaration): boolean {
  return ts.getJSDocTags(declaration).some((tag) => tag.tagName.text === "example");
}

/** Exports of `entry` whose declaration has no `@example`; `kinds` says which to check. */
function exportsWithoutExample(entry: string, kinds: ReadonlySet<Undocumented["kind"]>): Undocumented[] {
  const program = ts.createProgram([entry], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const module = source && checker.getSymbolAtLocation(source);
  if (!module) throw new Error(`${entry} is not a module`);
  const missing: Undocumented[] = [];
  for (const exported of checker.getExportsOfModule(module)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const kind = symbol.flags & ts.SymbolFlags.Value ? "value" : "type";
    if (!kinds.has(kind)) continue;
    const declarations = symbol.declarations ?? [];
    if (declarations.some(hasExample)) continue;
    const file = declarations[0] ? path.relative(path.dirname(entry), declarations[0].getSourceFile().fileName) : "(no declaration)";
    missing.push({ name: exported.name, kind, file });
  }
  return missing;
}

const ALL = new Set(["value", "type"] as const);

describe("engine public API", () => {
  it("has an @example on the declaration of every export of src/engine/index.ts", () => {
    expect(exportsWithoutExample(ENTRY, ALL)).toEqual([]);
  }, 60_000);

  it("reports a re-exported value or type whose declaration has no @example", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "gw-api-"));
    writeFileSync(
      path.join(dir, "parts.ts"),
      [
        "/** @example documented() // 1 */",
        "export function documented() { return 1; }",
        "/** Adds one, but shows no example. */",
        "export const bare = (n: number) => n + 1;",
        "export class Plain {}",
        "/** @example const p: Point = { x: 1 }; */",
        "export interface Point { x: number }",
        "export type Size = number;",
      ].join("\n"),
    );
    writeFileSync(path.join(dir, "index.ts"), `export { documented, bare as renamed, Plain, type Point, type Size } from "./parts.js";\n`);
    const entry = path.join(dir, "index.ts");
    expect(exportsWithoutExample(entry, ALL)).toEqual([
      { name: "renamed", kind: "value", file: "parts.ts" },
      { name: "Plain", kind: "value", file: "parts.ts" },
      { name: "Size", kind: "type", file: "parts.ts" },
    ]);
    expect(exportsWithoutExample(entry, new Set(["value"])).map((u) => u.name)).toEqual(["renamed", "Plain"]);
  }, 60_000);
});
