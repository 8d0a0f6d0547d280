/**
 * Outgoing handles of a node, read from its kind's descriptor: the kinds that choose a branch
 * (If: true/false, Switch: one per case plus default, Loop: body/exit, Router: one per route
 * plus default, Approval: approved/rejected, …) list theirs; every other kind has the single
 * output `out`. The engine follows the handle a node picks; the canvas draws one source handle
 * per entry; validation checks edges against them.
 */
import type { GraphNode, NodeKind } from "./nodes/registry.js";
import { nodeKindTable } from "./nodes/registry.js";
import type { NodeKindTableOf, OutputHandle } from "./nodes/descriptor.js";

export type { OutputHandle } from "./nodes/descriptor.js";

/** The single output of every non-branching kind. */
export const DEFAULT_OUTPUT: OutputHandle = { id: "out", label: "Out" };

/**
 * True when the node's kind picks among named outgoing handles.
 * @example isBranchingKind("if") // true
 */
export function isBranchingKind(kind: NodeKind | (string & {}), table: NodeKindTableOf = nodeKindTable): boolean {
  return Object.hasOwn(table, kind) && table[kind]?.handles !== undefined;
}

/**
 * The outgoing handles of a node.
 * @example outputHandles(ifNode) // [{ id: "true", label: "True" }, { id: "false", label: "False" }]
 */
export function outputHandles(
  node: Pick<GraphNode, "kind" | "data"> | { kind: string; data: unknown },
  table: NodeKindTableOf = nodeKindTable,
): OutputHandle[] {
  const handles = Object.hasOwn(table, node.kind) ? table[node.kind]?.handles : undefined;
  return handles ? handles(node.data) : [{ ...DEFAULT_OUTPUT }];
}

/**
 * The ids of a node's outgoing handles (what the engine's `branch` may return).
 * @example outputHandleIds(loopNode) // ["body", "exit"]
 */
export function outputHandleIds(node: Pick<GraphNode, "kind" | "data"> | { kind: string; data: unknown }, table: NodeKindTableOf = nodeKindTable): string[] {
  return outputHandles(node, table).map((h) => h.id);
}
