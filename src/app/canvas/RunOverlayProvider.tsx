// The canvas's run overlay store, made for the canvas from the editor and playground stores, and
// the narrow hooks its nodes and edges read it with: each selects only its own entry.
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { useStore } from "zustand";
import { useShallow } from "zustand/react/shallow";
import { useEditorStore } from "../store/EditorProvider";
import { usePlaygroundStore } from "../store/playground/PlaygroundStoreProvider";
import type { NodeRun } from "../store/runOverlay";
import { createRunOverlayStore, type RunOverlayState, type RunOverlayStore } from "../store/runOverlayStore";

const RunOverlayContext = createContext<RunOverlayStore | null>(null);

export function RunOverlayProvider({ children }: { children: ReactNode }) {
  const editor = useEditorStore();
  const playground = usePlaygroundStore();
  const [store] = useState(() => createRunOverlayStore(editor, playground));
  useEffect(() => store.connect(), [store]);
  return <RunOverlayContext.Provider value={store}>{children}</RunOverlayContext.Provider>;
}

function useRunOverlay<T>(selector: (state: RunOverlayState) => T): T {
  const store = useContext(RunOverlayContext);
  if (!store) throw new Error("useRunOverlay must be used inside <RunOverlayProvider>");
  return useStore(store, selector);
}

/** One node's run entry; re-renders only when that entry's fields change. */
export function useNodeRun(id: string): NodeRun | undefined {
  const entry = useRunOverlay(useShallow((s: RunOverlayState) => s.shown.nodes[id] ?? NONE));
  return entry === NONE ? undefined : entry;
}
const NONE = Object.freeze({}) as NodeRun;

/** Whether the run took this edge. */
export const useEdgeTaken = (id: string): boolean => useRunOverlay((s) => s.shown.edges[id] === true);

/** Whether there is an overlay to clear, and the action that clears it. */
export function useRunOverlayClear(): { shown: boolean; clear(): void } {
  return useRunOverlay(useShallow((s: RunOverlayState) => ({ shown: s.shown.runId !== null, clear: s.clear })));
}
