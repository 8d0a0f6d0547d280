/**
 * The `filter` of a store search, with the meaning LangGraph's InMemoryStore
 * gives it: each entry compares one top-level field of the item's value, either
 * by strict equality or with the operators `$eq $ne $gt $gte $lt $lte $in $nin`.
 */

const OPERATORS: ReadonlySet<string> = new Set(["$eq", "$ne", "$gt", "$gte", "$lt", "$lte", "$in", "$nin"]);

/** An object whose keys are all operators; `{}` counts as one, and so matches anything, as in InMemoryStore. */
function isOperators(filter: unknown): filter is Record<string, unknown> {
  return typeof filter === "object" && filter !== null && Object.keys(filter).every((key) => OPERATORS.has(key));
}

function compare(actual: unknown, operator: string, expected: unknown): boolean {
  switch (operator) {
    case "$eq":
      return actual === expected;
    case "$ne":
      return actual !== expected;
    // Ordering compares numbers, as InMemoryStore does: "10" > 9, and a missing field never matches.
    case "$gt":
      return Number(actual) > Number(expected);
    case "$gte":
      return Number(actual) >= Number(expected);
    case "$lt":
      return Number(actual) < Number(expected);
    case "$lte":
      return Number(actual) <= Number(expected);
    case "$in":
      return Array.isArray(expected) && expected.includes(actual);
    case "$nin":
      return !Array.isArray(expected) || !expected.includes(actual);
    default:
      return false;
  }
}

/**
 * Whether an item's value passes every entry of `filter`.
 *
 * @example
 * matchesFilter({ kind: "preference", score: 5 }, { kind: "preference", score: { $gte: 3 } }); // true
 */
export function matchesFilter(value: Record<string, unknown>, filter: Record<string, unknown> | undefined): boolean {
  if (!filter) return true;
  return Object.entries(filter).every(([field, expected]) => {
    const actual = Object.hasOwn(value, field) ? value[field] : undefined;
    if (!isOperators(expected)) return actual === expected;
    return Object.entries(expected).every(([operator, operand]) => compare(actual, operator, operand));
  });
}
