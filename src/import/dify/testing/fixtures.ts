/** The Dify fixtures as tests read them: their text, parsed, and imported. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { importForeign, type ImportResult } from "../../index.js";

export const FIXTURE_DIR = path.resolve(import.meta.dirname, "../fixtures");
export const FIXTURES = readdirSync(FIXTURE_DIR)
  .filter((f) => f.endsWith(".yml"))
  .map((f) => f.replace(/\.yml$/, ""))
  .sort();
export const IMPORT_CONTEXT = { graphId: "imported-dify", now: "2026-12-05T08:00:00.000Z" } as const;

export function fixtureText(name: string): string {
  return readFileSync(path.join(FIXTURE_DIR, `${name}.yml`), "utf8");
}

export function fixtureData(name: string): Record<string, unknown> {
  return parse(fixtureText(name)) as Record<string, unknown>;
}

export function importFixture(name: string, graphId: string = IMPORT_CONTEXT.graphId): ImportResult {
  return importForeign(fixtureText(name), { ...IMPORT_CONTEXT, graphId });
}
