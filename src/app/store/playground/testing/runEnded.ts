/** Test support for the playground store. */
import type { PlaygroundStore } from "../types";

/**
 * Resolves when the playground's run in progress has ended (at once when none is running).
 * @example await runEnded(store); expect(store.getState().run.state).toBe("idle");
 */
export function runEnded(store: PlaygroundStore): Promise<void> {
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
