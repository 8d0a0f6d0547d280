/**
 * Where the playground runs turns (`Run on`): this browser, or the LangGraph server of
 * Settings. Kept in settings, so a reload runs where the last turn ran; read synchronously by
 * the playground controller when it starts a run.
 */
import { createStore, useStore } from "zustand";
import type { Workspace } from "../../persistence/workspace/index.js";
import { LANGGRAPH_SERVER_URL_SETTING, RUN_TARGET_SETTING, type RunTarget } from "../../worker/protocol";

export { LANGGRAPH_SERVER_SECRET, LANGGRAPH_SERVER_URL_SETTING, RUN_TARGET_SETTING, type RunTarget } from "../../worker/protocol";

interface RunTargetState {
  target: RunTarget;
  /** The configured server's URL; null when none is (then runs stay in the browser). */
  serverUrl: string | null;
}

export const runTargetStore = createStore<RunTargetState>(() => ({ target: "browser", serverUrl: null }));

/** Where runs go: `server` only while a server is configured. */
export const effectiveRunTarget = ({ target, serverUrl }: RunTargetState): RunTarget => (target === "server" && serverUrl ? "server" : "browser");

/** Where runs go now (read when a run starts). */
export function currentRunTarget(): RunTarget {
  return effectiveRunTarget(runTargetStore.getState());
}

/**
 * Reads the target and the server URL from settings (at start, and after Settings are saved).
 * @example await loadRunTarget(workspace);
 */
export async function loadRunTarget(workspace: Pick<Workspace, "settings">): Promise<void> {
  const [target, url] = await Promise.all([
    workspace.settings.get<string>(RUN_TARGET_SETTING, "browser"),
    workspace.settings.get<string>(LANGGRAPH_SERVER_URL_SETTING, ""),
  ]);
  const serverUrl = typeof url === "string" && url.trim() ? url.trim() : null;
  runTargetStore.setState({ target: target === "server" && serverUrl ? "server" : "browser", serverUrl });
}

/** @example await chooseRunTarget(workspace, "server"); */
export async function chooseRunTarget(workspace: Pick<Workspace, "settings">, target: RunTarget): Promise<void> {
  runTargetStore.setState({ target });
  await workspace.settings.set(RUN_TARGET_SETTING, target);
}

export function useRunTarget<T>(select: (state: RunTargetState) => T): T {
  return useStore(runTargetStore, select);
}
