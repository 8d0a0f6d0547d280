/** The node kinds the palette offers, grouped and in palette order, with their titles (ui-contract.md names): read from the node-kind table. */
import { nodeKindTable, paletteGroups, type NodeKind, type NodeKindTableOf, type PaletteGroup } from "../../schema/index.js";

export { paletteGroups, type PaletteGroup };

export interface PaletteKind<K extends string = NodeKind> {
  kind: K;
  /** The palette button's name: a public API (ui-contract.md). */
  title: string;
  description: string;
  group: PaletteGroup;
}

/**
 * The palette's entries for a table of kinds, in the table's order.
 * @example paletteEntries(nodeKindTable)[0] // { kind: "start", title: "Start", group: "Basics", … }
 */
export function paletteEntries<K extends string>(table: Readonly<Record<K, NodeKindTableOf[string]>>): PaletteKind<K>[] {
  return (Object.keys(table) as K[]).map((kind) => {
    const { title, description, group } = table[kind];
    return { kind, title, description, group };
  });
}

export const paletteKinds: readonly PaletteKind[] = paletteEntries<NodeKind>(nodeKindTable);

/** The title of a kind, as the palette and the canvas badge show it. */
export function kindTitle(kind: NodeKind): string {
  return nodeKindTable[kind].title;
}
