// No import cycles among the non-test modules under src/: a cycle makes load order matter
// (a module sees its partner half-initialised) and welds layers that should come apart.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildImportGraph, compilerOptions, findCycles, runtimeSpecifiers, sourceFiles } from "./importGraph";

const ROOT = path.resolve(import.meta.dirname, "..");

const describeCycle = (cycle: readonly string[]) => cycle.map((file) => path.relative(ROOT, file)).join(" → ");

describe("import cycles in src", () => {
  const graph = buildImportGraph(sourceFiles(path.join(ROOT, "src")), compilerOptions(ROOT));

  it("resolves the repository's specifiers, with or without .js, to its TypeScript files", () => {
    // Guards the check below against a graph that resolved nothing.
    const importsOf = (file: string) => (graph.get(path.join(ROOT, file))?.files ?? []).map((f) => path.relative(ROOT, f));
    expect(importsOf("src/worker/engine.worker.ts")).toEqual(expect.arrayContaining(["src/persistence/db.ts", "src/worker/engineHost.ts"]));
    expect(importsOf("src/engine/index.ts").length).toBeGreaterThan(5);
  });

  it("has none among non-test modules (type-only imports aside)", () => {
    const edges = new Map([...graph].map(([file, imports]) => [file, imports.files]));
    expect(findCycles(edges).map(describeCycle)).toEqual([]);
  });
});

describe("the cycle finder", () => {
  const graphOf = (edges: Record<string, string[]>) => new Map(Object.entries(edges));

  it("finds a cycle through several modules and names its path", () => {
    const cycles = findCycles(graphOf({ a: ["b"], b: ["c"], c: ["a", "d"], d: [] }));
    expect(cycles).toEqual([["a", "b", "c", "a"]]);
  });

  it("finds a module importing itself and keeps separate cycles apart", () => {
    const cycles = findCycles(graphOf({ a: ["a"], b: ["c"], c: ["b"], d: ["b"] }));
    expect(cycles.sort()).toEqual([
      ["a", "a"],
      ["b", "c", "b"],
    ]);
  });

  it("finds nothing in a graph without cycles", () => {
    expect(findCycles(graphOf({ a: ["b", "c"], b: ["c"], c: [] }))).toEqual([]);
  });

  it("sees a cycle that only a dynamic import() closes", () => {
    const at = (name: string) => path.join(ROOT, "src", "planted", `${name}.ts`);
    const sources: Record<string, string> = {
      [at("compile")]: `import { child } from "./subgraph.js";\nexport const compile = () => child;`,
      [at("subgraph")]: `export const child = async () => (await import("./compile.js")).compile;`,
    };
    const graph = buildImportGraph(Object.keys(sources), compilerOptions(ROOT), (file) => sources[file] ?? "");
    const edges = new Map([...graph].map(([file, imports]) => [file, imports.files]));
    expect(findCycles(edges).map(describeCycle)).toEqual(["src/planted/compile.ts → src/planted/subgraph.ts → src/planted/compile.ts"]);
  });
});

describe("run-time specifiers", () => {
  it("leave out type-only imports and re-exports but keep values, side effects and import()", () => {
    const source = [
      `import type { A } from "./typeOnly";`,
      `import { type B, type C } from "./inlineTypes";`,
      `export type { D } from "./typeReexport";`,
      `import { type E, value } from "./mixed";`,
      `import "./sideEffect";`,
      `export * from "./reexport";`,
      `export { f } from "./namedReexport";`,
      `const lazy = () => import("./lazy");`,
    ].join("\n");
    expect(runtimeSpecifiers("planted.ts", source)).toEqual(["./mixed", "./sideEffect", "./reexport", "./namedReexport", "./lazy"]);
  });
});
