/** Minimap colours: each node in its kind's colour (from the kind's descriptor). */
import { nodeKindTable, type NodeKindTableOf } from "../../schema/index.js";

/** For a node whose kind the table does not know (never expected; drawn neutral rather than not at all). */
export const FALLBACK_MINIMAP_COLOUR = "#a1a1aa";

/**
 * The minimap colour of a React Flow node (its `type` is the graph node's kind).
 * @example minimapColour({ type: "agent" }) // "#6366f1"
 */
export function minimapColour(node: { type?: string }, table: NodeKindTableOf = nodeKindTable): string {
  const kind = node.type;
  return kind !== undefined && Object.hasOwn(table, kind) ? (table[kind]?.minimap ?? FALLBACK_MINIMAP_COLOUR) : FALLBACK_MINIMAP_COLOUR;
}
