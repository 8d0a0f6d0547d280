// Starts the engine worker when the page is idle once the open graph's threads are shown, so a
// first Send does not wait for the engine to load. After that point, the engine stays out of the
// page's first load (the worker's chunks are requested after the canvas has rendered).
import { useEffect } from "react";
import { usePlayground, useThreadLoading } from "../store/playground/hooks";
import { usePlaygroundStore } from "../store/playground/PlaygroundStoreProvider";

/** How long an idle callback may wait before the worker starts anyway. */
const IDLE_TIMEOUT_MS = 2_000;

export function useEngineWarmup(): void {
  const playground = usePlaygroundStore();
  const graphOpen = usePlayground((s) => s.graphId !== null);
  const loading = useThreadLoading();
  const ready = graphOpen && !loading;
  useEffect(() => {
    if (!ready) return;
    const start = () => playground.getState().warmEngine();
    if (typeof requestIdleCallback === "function") {
      const handle = requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(start, 0);
    return () => clearTimeout(timer);
  }, [ready, playground]);
}
