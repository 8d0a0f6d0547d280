/**
 * A disk cache for the prebuilt server engine. Building it (rolldown over the engine, every tool
 * kind and the Node providers, minified) takes seconds, and `serve`, `bundle`, the app's build and
 * their tests all ask for it; the result only changes when a source file that can be in it, or
 * the installed packages, change. The key is a hash of exactly those, so a stale engine is never
 * served.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ServerEngine } from "./files.js";

/** Folders under src/ that never end up in the server engine: the UI and the browser's engine worker. */
const NOT_IN_ENGINE = new Set(["app", "worker"]);
/** Bumped when the cache's own format changes. */
const FORMAT = "1";

async function sourceFiles(dir: string, relative = ""): Promise<string[]> {
  const entries = await readdir(path.join(dir, relative), { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    const name = path.posix.join(relative, entry.name);
    if (entry.isDirectory()) {
      if (!(relative === "" && NOT_IN_ENGINE.has(entry.name))) files.push(...(await sourceFiles(dir, name)));
    } else if (/\.(ts|tsx|js|mjs|json)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      files.push(name);
    }
  }
  return files;
}

/**
 * The hash of everything the engine is built from: every source file that may be in it (by path
 * and content) and the lock file that pins the packages it imports.
 * @example const key = await engineSourceKey("/repo"); // "3f1c…"
 */
export async function engineSourceKey(root: string): Promise<string> {
  const hash = createHash("sha256").update(`format ${FORMAT}\n`);
  const src = path.join(root, "src");
  for (const file of (await sourceFiles(src)).sort()) {
    hash
      .update(`${file}\n`)
      .update(await readFile(path.join(src, file)))
      .update("\n");
  }
  const lock = path.join(root, "package-lock.json");
  if (existsSync(lock)) hash.update(await readFile(lock));
  return hash.digest("hex");
}

export interface EngineCache {
  read(key: string): Promise<ServerEngine | undefined>;
  write(key: string, engine: ServerEngine): Promise<void>;
}

/**
 * Entries are files named by their key in `dir`; a write replaces older entries (one engine is
 * all a checkout needs) and lands by rename, so a concurrent reader sees a whole file or none.
 * @example const cache = diskEngineCache("node_modules/.cache/graphwright-server-engine");
 */
export function diskEngineCache(dir: string): EngineCache {
  const file = (key: string) => path.join(dir, `${key}.json`);
  return {
    async read(key) {
      try {
        return JSON.parse(await readFile(file(key), "utf8")) as ServerEngine;
      } catch {
        return undefined;
      }
    },
    async write(key, engine) {
      await mkdir(dir, { recursive: true });
      const temporary = `${file(key)}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, JSON.stringify(engine));
      await rename(temporary, file(key));
      for (const name of await readdir(dir)) {
        if (name !== `${key}.json` && name.endsWith(".json")) await rm(path.join(dir, name), { force: true });
      }
    },
  };
}
