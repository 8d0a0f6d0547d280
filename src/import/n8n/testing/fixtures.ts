/** The n8n fixtures for tests and the bench: their names, their text, and an import of one. */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { GraphDocument } from "../../../schema/index.js";
import { importForeign, type ImportReportNode, type ImportResult } from "../../index.js";

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

/** The report line of the source node named `name`. */
export function line(result: ImportResult, name: string): ImportReportNode {
  const found = result.report.nodes.find((n) => n.name === name);
  if (!found) throw new Error(`no report line for ${name}`);
  return found;
}

/** The node of the new graph with this id. */
export function node(document: GraphDocument, id: string): GraphDocument["nodes"][number] {
  const found = document.nodes.find((n) => n.id === id);
  if (!found) throw new Error(`no node ${id}`);
  return found;
}

/** The data of the node with this id, which must be of `kind`. */
export function dataOf<K extends GraphDocument["nodes"][number]["kind"]>(document: GraphDocument, id: string, kind: K) {
  const found = node(document, id);
  if (found.kind !== kind) throw new Error(`node ${id} is ${found.kind}, not ${kind}`);
  return found.data as Extract<GraphDocument["nodes"][number], { kind: K }>["data"];
}

/** The flow edges as `source[:handle] -> target` lines. */
export const flows = (document: GraphDocument) =>
  document.edges.filter((e) => e.kind === "flow").map((e) => `${e.source}${e.source_handle ? `:${e.source_handle}` : ""} -> ${e.target}`);
