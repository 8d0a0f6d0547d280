/** Test helpers of the Langflow mapping tests: a fixture imported, and its report, nodes and edges as short lines. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { graphDocumentSchema, type GraphDocument, type NodeOfKind, type NodeKind } from "../../../schema/index.js";
import { importForeign, type ImportResult } from "../../index.js";

const context = { graphId: "imported-langflow", now: "2026-12-05T00:00:00.000Z" };

/** A fixture of `src/import/langflow/fixtures` imported (one flow of it, for a file of several). */
export function imported(fixture: string, flow?: string): ImportResult {
  const text = readFileSync(path.join(import.meta.dirname, "..", "fixtures", fixture), "utf8");
  return importForeign(text, { ...context, ...(flow ? { flow } : {}) });
}

export const lines = (r: ImportResult) => r.report.nodes.map((n) => [n.id, n.status, n.to]);
export const kinds = (d: GraphDocument) => d.nodes.map((n) => `${n.kind}:${n.id}`);
export const edges = (d: GraphDocument) => d.edges.map((e) => `${e.source}${e.source_handle ? `[${e.source_handle}]` : ""} -${e.kind}-> ${e.target}`);

export function data<K extends NodeKind>(d: GraphDocument, id: string, kind: K): NodeOfKind<K>["data"] {
  const node = d.nodes.find((n) => n.id === id && n.kind === kind);
  if (!node) throw new Error(`no ${kind} ${id}`);
  return node.data as NodeOfKind<K>["data"];
}

/** The graph is a valid document with no problems (every fixture maps cleanly enough to run). */
export function valid(r: ImportResult): GraphDocument {
  expect(graphDocumentSchema.parse(r.document)).toEqual(r.document);
  expect(r.problems).toEqual([]);
  return r.document;
}
