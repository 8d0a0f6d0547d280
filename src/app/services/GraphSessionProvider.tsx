// Provides the graph session (workspace, autosave, opening graphs) to the shell's controls.
import { createContext, useContext, useSyncExternalStore, type ReactNode } from "react";
import type { AutosaveStatus } from "./autosave";
import type { GraphSession } from "./graphSession";

const GraphSessionContext = createContext<GraphSession | null>(null);

export function GraphSessionProvider({ session, children }: { session: GraphSession; children: ReactNode }) {
  return <GraphSessionContext.Provider value={session}>{children}</GraphSessionContext.Provider>;
}

export function useGraphSession(): GraphSession {
  const session = useContext(GraphSessionContext);
  if (!session) throw new Error("useGraphSession must be used inside <GraphSessionProvider>");
  return session;
}

/** The autosave status, re-rendering when it changes. */
export function useAutosaveStatus(): AutosaveStatus {
  const { autosave } = useGraphSession();
  return useSyncExternalStore(autosave.subscribe, autosave.getStatus);
}
