// Provides one playground store to the tree; the page and each test create their own.
import { createContext, useContext, type ReactNode } from "react";
import type { PlaygroundStore } from "./types";

const PlaygroundContext = createContext<PlaygroundStore | null>(null);

export function PlaygroundStoreProvider({ store, children }: { store: PlaygroundStore; children: ReactNode }) {
  return <PlaygroundContext.Provider value={store}>{children}</PlaygroundContext.Provider>;
}

/** The playground store of the surrounding provider (for actions and one-off reads: getState). */
export function usePlaygroundStore(): PlaygroundStore {
  const store = useContext(PlaygroundContext);
  if (!store) throw new Error("usePlaygroundStore must be used inside <PlaygroundStoreProvider>");
  return store;
}
