/**
 * Namespaces of the LangGraph store in IndexedDB: the key range that holds a
 * namespace and everything under it, and the prefix/suffix/depth rules of
 * `listNamespaces`, as LangGraph's InMemoryStore applies them.
 */
import type { ListNamespacesOperation, MatchCondition } from "@langchain/langgraph-checkpoint";

/** IndexedDB sorts every array after every string, so `[...prefix, TOP]` bounds all namespaces under a prefix. */
const TOP: IDBValidKey = [];

/** Items are keyed `[namespace, key]`: this range holds `prefix` itself and every namespace below it. */
export function prefixRange(prefix: readonly string[]): IDBKeyRange {
  return IDBKeyRange.bound([[...prefix]], [[...prefix, TOP]]);
}

/** The key just after every item of `namespace`, so a key cursor can skip to the next namespace. */
export function afterNamespace(namespace: readonly string[]): IDBValidKey {
  return [[...namespace], TOP];
}

/** The labels before the first `*` of a prefix condition: they narrow the range to read. */
export function literalPrefix(conditions: readonly MatchCondition[] | undefined): string[] {
  const prefix = conditions?.find((condition) => condition.matchType === "prefix")?.path ?? [];
  const wildcard = prefix.indexOf("*");
  return wildcard === -1 ? [...prefix] : prefix.slice(0, wildcard);
}

function matches(condition: MatchCondition, namespace: readonly string[]): boolean {
  const { matchType, path } = condition;
  if (path.length > namespace.length) return false;
  const start = matchType === "prefix" ? 0 : namespace.length - path.length;
  return path.every((label, i) => label === "*" || label === namespace[start + i]);
}

/**
 * The page of namespaces a ListNamespaces operation asks for: those that meet every
 * condition, cut to `maxDepth` and deduplicated, sorted as InMemoryStore sorts them.
 *
 * @example
 * selectNamespaces([["graph", "g1", "agent", "A"]], { maxDepth: 2, limit: 10, offset: 0 }); // [["graph", "g1"]]
 */
export function selectNamespaces(namespaces: readonly string[][], op: ListNamespacesOperation): string[][] {
  let selected = namespaces.filter((namespace) => (op.matchConditions ?? []).every((condition) => matches(condition, namespace)));
  if (op.maxDepth !== undefined) {
    const depth = op.maxDepth;
    const cut = new Map(selected.map((namespace) => namespace.slice(0, depth)).map((namespace) => [namespace.join(":"), namespace]));
    selected = [...cut.values()];
  }
  // Labels cannot contain ":", so joined paths compare as the namespaces do.
  selected.sort((a, b) => a.join(":").localeCompare(b.join(":")));
  const offset = op.offset ?? 0;
  return selected.slice(offset, offset + (op.limit ?? selected.length));
}
