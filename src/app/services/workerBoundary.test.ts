// The engine stays in the worker chunk: nothing the main thread loads — src/main.tsx, every
// module of src/app and whatever they load in turn — is engine, LangGraph, models, tools, the
// saver or a worker-side module. Type imports are erased and fine. ESLint flags the direct
// imports as they are written (eslint.config.js, app boundaries); this follows them transitively.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildImportGraph, compilerOptions, runtimeClosure, sourceFiles } from "../../../scripts/importGraph";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const SRC = path.join(ROOT, "src");
const at = (relative: string) => path.join(ROOT, relative);
/** Folders whose code runs only in the engine worker (or in Node). */
const ENGINE_SIDE = ["src/engine", "src/models", "src/tools", "src/persistence/saver", "src/persistence/locks.ts"].map(at);
const ENGINE_PACKAGES = /^@langchain\//;
/** The main thread's way into src/worker: the protocol, and only what it loads itself. */
const PROTOCOL = at("src/worker/protocol.ts");

const isInside = (folder: string, file: string) => file === folder || file.startsWith(`${folder}${path.sep}`);

describe("worker boundary", () => {
  const graph = buildImportGraph(sourceFiles(SRC), compilerOptions(ROOT));
  const entries = [at("src/main.tsx"), ...sourceFiles(at("src/app"))];
  const mainThread = runtimeClosure(graph, entries);
  const viaProtocol = runtimeClosure(graph, [PROTOCOL]);

  it("follows the app's imports through the import graph", () => {
    // Guards the checks below against a graph that resolved nothing.
    expect(mainThread.has(at("src/app/App.tsx"))).toBe(true);
    expect(mainThread.has(at("src/schema/index.ts"))).toBe(true);
    expect(mainThread.has(PROTOCOL)).toBe(true);
  });

  it("keeps the engine, LangGraph, models, tools and the saver out of main-thread modules", () => {
    const offenders = [...mainThread].flatMap((file) => [
      ...(ENGINE_SIDE.some((folder) => isInside(folder, file)) ? [path.relative(ROOT, file)] : []),
      ...(graph.get(file)?.packages ?? []).filter((name) => ENGINE_PACKAGES.test(name)).map((name) => `${path.relative(ROOT, file)} → ${name}`),
    ]);
    expect(offenders).toEqual([]);
  });

  it("lets no main-thread module import a worker-side module", () => {
    const offenders = [...mainThread].filter((file) => isInside(at("src/worker"), file) && !viaProtocol.has(file)).map((file) => path.relative(ROOT, file));
    expect(offenders).toEqual([]);
  });
});
