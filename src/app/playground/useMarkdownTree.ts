// The parsed tree of one markdown block, from the shared markdown trees: undefined until the
// worker has parsed it, then the component renders again.
import { useCallback, useSyncExternalStore } from "react";
import type { MarkdownTree } from "./markdownTree";
import { markdownTrees } from "./markdownTrees";

export function useMarkdownTree(source: string): MarkdownTree | undefined {
  const trees = markdownTrees();
  const subscribe = useCallback((listener: () => void) => trees.subscribe(source, listener), [trees, source]);
  const snapshot = () => trees.get(source);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
