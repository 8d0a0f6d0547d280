/**
 * Writes an ejected project where tests can load or run it: under node_modules/.cache, so its
 * imports of `@langchain/*` and `zod` resolve to this checkout's install.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ejectDocument, type EjectResult } from "../../src/eject/index.js";

export const EJECT_CACHE = path.resolve(import.meta.dirname, "../../node_modules/.cache/eject-tests");

/** A new folder for one project under EJECT_CACHE (node_modules may be shared by several checkouts, so each run gets its own). */
export function projectDir(name: string): string {
  mkdirSync(EJECT_CACHE, { recursive: true });
  return mkdtempSync(path.join(EJECT_CACHE, `${name}-`));
}

/** Writes the files of `result` into `dir` (emptied first) and returns `dir`. */
export function writeProject(dir: string, result: EjectResult): string {
  rmSync(dir, { recursive: true, force: true });
  for (const file of result.files) {
    const target = path.join(dir, file.path);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.text);
  }
  return dir;
}

/**
 * Ejects `document` into a new folder for `name` (added to `written`, for the caller to remove after
 * its tests) and imports the project's src/graph.ts.
 */
export async function importEjectedGraph(name: string, document: unknown, written: string[]): Promise<Record<string, unknown>> {
  const dir = writeProject(projectDir(name), await ejectDocument(document));
  written.push(dir);
  return (await import(pathToFileURL(path.join(dir, "src/graph.ts")).href)) as Record<string, unknown>;
}
