/** Test support for the session store. */
import type { SessionStore } from "../sessionStore";

/**
 * Resolves when the session's run in progress has ended (at once when none is running).
 * @example await runEnded(store); expect(store.getState().run.state).toBe("idle");
 */
export function runEnded(store: SessionStore): Promise<void> {
  return new Promise((resolve) => {
    if (store.getState().run.state !== "running") return resolve();
    const stop = store.subscribe((s) => {
      if (s.run.state !== "running") {
        stop();
        resolve();
      }
    });
  });
}
