/**
 * The import mapping as the dialog shows it, one role per column, and back: `ColumnMapping`
 * names columns by role, the dialog's selects name roles by column.
 */
import type { ColumnMapping } from "../../schema/datasetFiles/index.js";

export type ColumnRole = "input" | "expected" | "id" | "metadata" | "ignore";

/**
 * @example rolesOfMapping({ input: 0, expected: 1, id: null, metadata: [2] }, 4) // ["input", "expected", "metadata", "ignore"]
 */
export function rolesOfMapping(mapping: ColumnMapping, columns: number): ColumnRole[] {
  return Array.from({ length: columns }, (_, i) =>
    i === mapping.input ? "input" : i === mapping.expected ? "expected" : i === mapping.id ? "id" : mapping.metadata.includes(i) ? "metadata" : "ignore",
  );
}

/**
 * The mapping the roles describe, or what is missing (no input column).
 * @example mappingOfRoles(["ignore", "input"]) // { input: 1, expected: null, id: null, metadata: [] }
 */
export function mappingOfRoles(roles: readonly ColumnRole[]): ColumnMapping | string {
  const input = roles.indexOf("input");
  if (input === -1) return "Choose the column that holds the input";
  const at = (role: ColumnRole) => (roles.includes(role) ? roles.indexOf(role) : null);
  return { input, expected: at("expected"), id: at("id"), metadata: roles.flatMap((r, i) => (r === "metadata" ? [i] : [])) };
}
