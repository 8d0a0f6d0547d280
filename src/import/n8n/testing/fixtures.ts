/** The n8n fixtures for tests and the bench: their names, their text, and an import of one. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { importForeign, type ImportResult } from "../../index.js";

export const FIXTURE_DIR = path.resolve(import.meta.dirname, "../fixtures");

/** Every fixture, one workflow each. */
export const N8N_FIXTURES = [
  "agent-with-tools.json",
  "branch-and-switch.json",
  "loop-over-items.json",
  "human-in-the-loop.json",
  "sub-agent.json",
  "notes.json",
  "old-version.json",
] as const;

export type N8nFixture = (typeof N8N_FIXTURES)[number];

export const IMPORT_CONTEXT = { graphId: "imported-n8n", now: "2026-12-05T00:00:00.000Z" };

export function fixtureText(name: string): string {
  return readFileSync(path.join(FIXTURE_DIR, name), "utf8");
}

/** One fixture imported as the app and the CLI import it. */
export function importFixture(name: string): ImportResult {
  return importForeign(fixtureText(name), IMPORT_CONTEXT);
}
