/**
 * Outgoing handles of the node kinds that choose a branch (If: true/false, Switch: one per
 * case plus default, Loop: body/exit, Router: one per route plus default, Approval:
 * approved/rejected, …). The engine follows the handle a node picks; the canvas draws one
 * source handle per entry; validation checks edges against them. Kinds not listed here
 * have a single output, `out`.
 */
import type { GraphNode, NodeKind, NodeOfKind } from "./document.js";
import { APPROVAL_HANDLES, questionHandles } from "./nodes/human.js";
import { IF_HANDLES, LOOP_HANDLES, switchHandles } from "./nodes/flow.js";
import { routerHandles } from "./nodes/router.js";
import { VALIDATE_INPUT_HANDLES } from "./nodes/planner.js";

export interface OutputHandle {
  /** Stored in an edge's `source_handle`. */
  id: string;
  /** Shown next to the handle on the canvas and in the inspector. */
  label: string;
}

/** The single output of every non-branching kind. */
export const DEFAULT_OUTPUT: OutputHandle = { id: "out", label: "Out" };

type HandleTable = { [K in NodeKind]?: (node: NodeOfKind<K>) => OutputHandle[] };

// One entry per branching kind, added beside the kind's schema.
const table: HandleTable = {
  approval: () => APPROVAL_HANDLES.map((h) => ({ ...h })),
  question: (node) => questionHandles(node.data),
  if: () => IF_HANDLES.map((h) => ({ ...h })),
  switch: (node) => switchHandles(node.data),
  loop: () => LOOP_HANDLES.map((h) => ({ ...h })),
  router: (node) => routerHandles(node.data),
  validate_input: () => VALIDATE_INPUT_HANDLES.map((h) => ({ ...h })),
};

/** True when the node's kind picks among named outgoing handles. */
export function isBranchingKind(kind: NodeKind): boolean {
  return table[kind] !== undefined;
}

/**
 * The outgoing handles of a node.
 * @example outputHandles(ifNode) // [{ id: "true", label: "True" }, { id: "false", label: "False" }]
 */
export function outputHandles(node: GraphNode): OutputHandle[] {
  const entry = table[node.kind] as ((n: GraphNode) => OutputHandle[]) | undefined;
  return entry ? entry(node) : [DEFAULT_OUTPUT];
}
