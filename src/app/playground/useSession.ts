// The app's session store and narrow hooks into it; the Playground and the Timeline share it.
import { useEffect } from "react";
import { useStore } from "zustand";
import { useShallow } from "zustand/react/shallow";
import { appEngine } from "../services/engineClient";
import { appWorkspace } from "../services/workspace";
import { useEditor } from "../store/hooks";
import { createSessionStore, type SessionState, type SessionStore } from "../store/sessionStore";

let shared: SessionStore | undefined;

/** The session store of this tab (created on first use; the worker starts only on first run). */
export function appSession(): SessionStore {
  shared ??= createSessionStore({ workspace: appWorkspace(), engine: appEngine() });
  return shared;
}

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(appSession(), selector);
}

/** Like useSession, for selectors that build objects or arrays (shallow-compared). */
export function useSessionShallow<T>(selector: (state: SessionState) => T): T {
  return useStore(appSession(), useShallow(selector));
}

/** Keeps the session on the open graph: its threads follow the document's id. */
export function useGraphSession(): void {
  const graphId = useEditor((s) => s.document.meta.id);
  useEffect(() => {
    void appSession().getState().openGraph(graphId);
  }, [graphId]);
}

/** The run status line: "Running", "Idle" or "Error: …". */
export function statusText(run: SessionState["run"]): string {
  if (run.state === "running") return "Running";
  if (run.state === "error") return `Error: ${run.message}`;
  return "Idle";
}
