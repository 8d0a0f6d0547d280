/**
 * The playground store: the open graph's threads, the active thread's events, the run in
 * progress and the selected event — the thread, run and selection slices in one store, with its I/O injected as a
 * controller. Streamed events are applied once per animation frame; everything else (messages,
 * timeline rows) is derived from the events. One store per page, made by `main`; tests make their own.
 */
import { createStore } from "zustand/vanilla";
import { createPlaygroundSteps, type PlaygroundStoreDeps } from "./playgroundSteps";
import { createRunSlice } from "./runSlice";
import { createSelectionSlice } from "./selectionSlice";
import { createThreadSlice } from "./threadSlice";
import type { PlaygroundState, PlaygroundStore } from "./types";

export type { PlaygroundStoreDeps } from "./playgroundSteps";

/**
 * @example
 * const playground = createPlaygroundStore({ controller: createPlaygroundController({ workspace: appWorkspace(), engine: appEngine() }) });
 * await playground.getState().openGraph(document.meta.id);
 * await playground.getState().send(document, "hello");
 */
export function createPlaygroundStore(deps: PlaygroundStoreDeps): PlaygroundStore {
  return createStore<PlaygroundState>()((set, get, api) => {
    const steps = createPlaygroundSteps(set, get, deps);
    const { controller, stream } = steps;

    // Follow-up turns of background delegations, started by the worker: shown like any run.
    controller.onBackgroundRun((run) => {
      if (run.graphId !== get().graphId) return undefined;
      // A follow-up a reload cut is told again by this run: its partial report is no longer shown.
      for (const cut of run.replaces ?? []) steps.dropRun(cut);
      // Its end joins the frame of its last events, like a run's: a foreground run may be streaming.
      const done = () =>
        void steps.frames.request(() => {
          stream.flush();
          void steps.refreshThreads(run.graphId, { inFrame: true }).catch(() => undefined);
        });
      return { onEvents: (events) => stream.push(events), onDone: done, onFailed: done };
    });
    // Background delegations a previous page left open: only then is the worker started for them.
    void controller
      .hasOpenBackgroundTasks()
      .then((open) => {
        if (open) controller.resumeBackgroundTasks();
      })
      .catch(() => {
        // Unreadable tasks are reported by the worker when it next runs them.
      });

    return { ...createThreadSlice(steps)(set, get, api), ...createRunSlice(steps)(set, get, api), ...createSelectionSlice()(set, get, api) };
  });
}
