/** Expectations the Dify mapping tests share: report lines, edges and nodes in a readable form. */
import { expect } from "vitest";
import type { GraphDocument, NodeKind, NodeOfKind } from "../../../schema/index.js";
import type { ImportResult } from "../../builder.js";

/** Each report line as `id type status [to…]`. */
export const lines = ({ report }: ImportResult) => report.nodes.map((n) => `${n.id} ${n.type} ${n.status} [${n.to.join(", ")}]`);
/** Each edge as `source:handle -> target`. */
export const edges = (document: GraphDocument) => document.edges.map((e) => `${e.source}${e.source_handle ? `:${e.source_handle}` : ""} -> ${e.target}`);
export const reasonOf = ({ report }: ImportResult, id: string) => report.nodes.find((n) => n.id === id)?.reason ?? "";

/** The data of node `id`, which must be of `kind`. */
export function nodeOf<K extends NodeKind>(document: GraphDocument, id: string, kind: K): NodeOfKind<K>["data"] {
  const node = document.nodes.find((n) => n.id === id);
  expect(node?.kind, `node ${id}`).toBe(kind);
  return node?.data as NodeOfKind<K>["data"];
}
