// Provides one editor store to the tree; tests and the app each create their own.
import { createContext, useContext, type ReactNode } from "react";
import type { EditorStore } from "./editorStore";

const EditorContext = createContext<EditorStore | null>(null);

export function EditorProvider({ store, children }: { store: EditorStore; children: ReactNode }) {
  return <EditorContext.Provider value={store}>{children}</EditorContext.Provider>;
}

/** The editor store of the surrounding provider (for imperative use: getState, subscribe). */
export function useEditorStore(): EditorStore {
  const store = useContext(EditorContext);
  if (!store) throw new Error("useEditorStore must be used inside <EditorProvider>");
  return store;
}
