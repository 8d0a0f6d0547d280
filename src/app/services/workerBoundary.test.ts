// The engine stays in the worker chunk: no main-thread module of the app imports the engine,
// LangGraph, models, tools or the saver at run time (type imports are erased and fine).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const APP = path.resolve(import.meta.dirname, "..");
/** Modules that run only inside the engine worker. */
const WORKER_SIDE = ["engine.worker.ts", "engineHost.ts", "backgroundRuns.ts", "replay.ts", "providerKeys.ts", "workerPlatform.ts"].map((f) =>
  path.join(APP, "services", f),
);
const ENGINE_SIDE = /(^|\/)(engine|models|tools)\/|^@langchain\/|persistence\/(saver|locks)/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Specifiers a module loads at run time: value imports, re-exports and dynamic import(). */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const found: string[] = [];
  for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?([^;]*?)\s+from\s+["']([^"']+)["']/gm)) {
    const [, , typeOnly, clause = "", specifier = ""] = m;
    if (typeOnly) continue;
    const names = /\{([^}]*)\}/.exec(clause)?.[1];
    const onlyTypes =
      names !== undefined &&
      !/^[^{]*[A-Za-z_$]/.test(clause.replace(/\{[^}]*\}/, "")) &&
      names.split(",").every((n) => !n.trim() || n.trim().startsWith("type "));
    if (!onlyTypes) found.push(specifier);
  }
  for (const m of text.matchAll(/^\s*import\s+["']([^"']+)["']/gm)) found.push(m[1] ?? "");
  for (const m of text.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)) found.push(m[1] ?? "");
  return found;
}

describe("worker boundary", () => {
  const mainThread = sources(APP).filter((f) => !WORKER_SIDE.includes(f));

  it("keeps the engine, LangGraph, models, tools and the saver out of main-thread modules", () => {
    const offenders = mainThread.flatMap((file) =>
      runtimeImports(file)
        .filter((s) => ENGINE_SIDE.test(s))
        .map((s) => `${path.relative(APP, file)} → ${s}`),
    );
    expect(offenders).toEqual([]);
  });

  it("lets no main-thread module import a worker-side module", () => {
    const offenders = mainThread.flatMap((file) =>
      runtimeImports(file)
        .filter((s) => s.startsWith("."))
        .map((s) => path.resolve(path.dirname(file), s))
        .filter((resolved) => WORKER_SIDE.some((w) => w.replace(/\.ts$/, "") === resolved.replace(/\.(ts|js)$/, "")))
        .map((s) => `${path.relative(APP, file)} → ${path.relative(APP, s)}`),
    );
    expect(offenders).toEqual([]);
  });
});
