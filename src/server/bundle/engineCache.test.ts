import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { diskEngineCache, engineSourceKey } from "./engineCache.js";

let root: string;

async function put(relative: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
  await writeFile(path.join(root, relative), text);
}

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "engine-cache-"));
  await put("src/engine/run.ts", "export const run = 1;");
  await put("src/app/App.tsx", "export const App = 1;");
  await put("src/engine/run.test.ts", "test");
  await put("package-lock.json", '{"lockfileVersion":3}');
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("the server engine's cache key", () => {
  it("stays the same while nothing the engine is built from changes", async () => {
    expect(await engineSourceKey(root)).toBe(await engineSourceKey(root));
  });

  it("changes when an engine source, a file's name or the lock file changes", async () => {
    const before = await engineSourceKey(root);
    await put("src/engine/run.ts", "export const run = 2;");
    const edited = await engineSourceKey(root);
    expect(edited).not.toBe(before);
    await put("src/engine/extra.ts", "");
    const added = await engineSourceKey(root);
    expect(added).not.toBe(edited);
    await put("package-lock.json", '{"lockfileVersion":3,"packages":{}}');
    expect(await engineSourceKey(root)).not.toBe(added);
  });

  it("ignores the UI, the browser worker and tests, which are never in the engine", async () => {
    const before = await engineSourceKey(root);
    await put("src/app/App.tsx", "export const App = 2;");
    await put("src/worker/engine.worker.ts", "self.onmessage = null;");
    await put("src/engine/run.test.ts", "another test");
    expect(await engineSourceKey(root)).toBe(before);
  });
});

describe("the disk engine cache", () => {
  const engine = { files: { "graphwright.mjs": "export {}" }, packages: { "@langchain/langgraph": "1.7.3" } };

  it("returns what was written under the same key, and nothing under another", async () => {
    const cache = diskEngineCache(path.join(root, "cache"));
    await cache.write("a", engine);
    expect(await cache.read("a")).toEqual(engine);
    expect(await cache.read("b")).toBeUndefined();
  });

  it("keeps only the newest engine, with no temporary files left", async () => {
    const dir = path.join(root, "cache");
    const cache = diskEngineCache(dir);
    await cache.write("a", engine);
    await cache.write("b", engine);
    expect(await readdir(dir)).toEqual(["b.json"]);
    expect(await cache.read("a")).toBeUndefined();
  });

  it("treats a damaged entry as missing", async () => {
    const dir = path.join(root, "cache");
    await put("cache/a.json", "{ not json");
    expect(await diskEngineCache(dir).read("a")).toBeUndefined();
  });
});
