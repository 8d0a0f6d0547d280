// Graph-level edits: each is one undoable change of the document.
import { useCallback } from "react";
import type { GraphDocument } from "../../../schema/index.js";
import { useEditorStore } from "../../store/EditorProvider";

export function useGraphUpdate(): (change: (document: GraphDocument) => GraphDocument) => void {
  const store = useEditorStore();
  return useCallback((change) => store.getState().updateDocument(change), [store]);
}

/** Replaces item `index` of a list with `patch` applied. */
export function patchAt<T>(list: readonly T[], index: number, patch: Partial<T>): T[] {
  return list.map((item, i) => (i === index ? { ...item, ...patch } : item));
}

export function removeAt<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

/** A name not yet in `taken`: `base`, `base2`, `base3`, … */
export function freshName(base: string, taken: readonly string[]): string {
  const used = new Set(taken.map((t) => t.toLowerCase()));
  if (!used.has(base.toLowerCase())) return base;
  for (let i = 2; ; i++) if (!used.has(`${base}${i}`.toLowerCase())) return `${base}${i}`;
}
