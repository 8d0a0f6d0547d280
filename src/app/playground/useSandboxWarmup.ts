// Starts the JavaScript tool sandbox (its frame and QuickJS) when the page is idle and the open
// graph has a JavaScript tool, so the first call does not wait for them. Graphs without one
// never load the sandbox.
import { useEffect } from "react";
import { warmFrame } from "../services/sandboxRelay";
import { useEditor } from "../store/hooks";

/** How long an idle callback may wait before the sandbox starts anyway. */
const IDLE_TIMEOUT_MS = 2_000;

export function useSandboxWarmup(): void {
  const needed = useEditor((s) => s.document.tools.some((tool) => tool.kind === "javascript"));
  useEffect(() => {
    if (!needed) return;
    const start = () => void warmFrame();
    if (typeof requestIdleCallback === "function") {
      const handle = requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(start, 0);
    return () => clearTimeout(timer);
  }, [needed]);
}
