/** Test helpers for the Flowise importer: fixtures by name, imported, and the parts of the result a test reads. */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { GraphDocument } from "../../schema/index.js";
import type { ImportResult } from "../builder.js";
import { importForeign } from "../index.js";
import type { ImportReportNode } from "../report.js";

export const FIXTURES = path.join(import.meta.dirname, "fixtures");
export const CONTEXT = { graphId: "imported-flowise", now: "2026-12-05T08:00:00.000Z" };

/** Every fixture file with each flow it holds (an "export all" file holds several), and a label for test names. */
const FLOWS: readonly { file: string; flow?: string }[] = [
  { file: "agents-with-tools.json" },
  { file: "supervisor-branch-loop.json" },
  { file: "human-in-the-loop.json" },
  { file: "iteration-http-function.json" },
  { file: "newer-version.json" },
  { file: "v1-tool-agent.json" },
  { file: "export-all.json", flow: "Helpdesk" },
  { file: "export-all.json", flow: "Order desk" },
  { file: "export-all.json", flow: "Calculator bot" },
];
export const FIXTURE_FLOWS: readonly { file: string; flow?: string; label: string }[] = FLOWS.map((f) => ({
  ...f,
  label: f.flow ? `${f.file} (${f.flow})` : f.file,
}));

export function fixtureText(file: string): string {
  return readFileSync(path.join(FIXTURES, file), "utf8");
}

export function importFixture(file: string, flow?: string): ImportResult {
  return importForeign(fixtureText(file), { ...CONTEXT, ...(flow === undefined ? {} : { flow }) });
}

/** The report line of a source node (each is listed once). */
export function lineOf(result: ImportResult, sourceId: string): ImportReportNode {
  const lines = result.report.nodes.filter((n) => n.id === sourceId);
  if (lines.length !== 1) throw new Error(`${lines.length} report lines for ${sourceId}`);
  return lines[0] as ImportReportNode;
}

export function nodeOf(document: GraphDocument, id: string): GraphDocument["nodes"][number] {
  const node = document.nodes.find((n) => n.id === id);
  if (!node) throw new Error(`no node ${id}`);
  return node;
}

/** Edges as `source[:handle]->target`, sorted, for whole-graph comparisons. */
export function edgeList(document: GraphDocument): string[] {
  return document.edges.map((e) => `${e.source}${e.source_handle ? `:${e.source_handle}` : ""}->${e.target}`).sort();
}
