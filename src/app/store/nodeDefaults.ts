/**
 * The data a new node of each kind starts with, from its descriptor's `defaults`: valid against
 * the schema as it stands, so a node fresh from the palette never shows a schema error (only
 * graph-level problems such as "not connected").
 */
import { nodeKindTable, type DefaultsContext, type NodeKind, type NodeKindTableOf, type NodeOfKind } from "../../schema/index.js";

export { NO_GRAPH, NO_TOOL, type DefaultsContext } from "../../schema/index.js";

/**
 * The data a new node of `kind` starts with in this document.
 * @example defaultsFor("if", { document, name: (base) => base }) // { name: "If", condition: 'input != ""', description: "" }
 */
export function defaultsFor<K extends NodeKind>(kind: K, context: DefaultsContext): NodeOfKind<K>["data"];
export function defaultsFor(kind: string, context: DefaultsContext, table: NodeKindTableOf): unknown;
export function defaultsFor(kind: string, context: DefaultsContext, table: NodeKindTableOf = nodeKindTable): unknown {
  const descriptor = Object.hasOwn(table, kind) ? table[kind] : undefined;
  if (!descriptor) throw new Error(`Unknown node kind "${kind}"`);
  return descriptor.defaults(context);
}
