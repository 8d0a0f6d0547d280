// Module-level selectors of the playground store: defined once, so hooks select narrowly and stably.
import { pendingOf } from "../pendingInterrupts";
import type { PlaygroundState, RunState } from "./types";

export const selectEvents = (s: PlaygroundState) => s.events;
export const selectLoading = (s: PlaygroundState) => s.loading;
export const selectThreads = (s: PlaygroundState) => s.threads;
export const selectActiveThreadId = (s: PlaygroundState) => s.activeThreadId;
export const selectRunning = (s: PlaygroundState) => s.run.state === "running";
export const selectRunFailed = (s: PlaygroundState) => s.run.state === "error";
/** A message the thread refused to run, for the message box to keep as the draft. */
export const selectUnsent = (s: PlaygroundState) => (s.run.state === "error" ? (s.run.unsent ?? null) : null);
/** The run in progress, when there is one. */
export const selectLiveRunId = (s: PlaygroundState) => (s.run.state === "running" ? s.run.runId : null);
/** A run is going on the thread that is shown. */
export const selectActiveThreadBusy = (s: PlaygroundState) => s.run.state === "running" && s.run.threadId === s.activeThreadId;
/** The event selected in the timeline, when it belongs to the thread shown. */
export const selectSelectedEvent = (s: PlaygroundState) => (s.selectedEvent && s.selectedEvent.threadId === s.activeThreadId ? s.selectedEvent : null);
export const selectRunStatusText = (s: PlaygroundState) => statusText(s.run, s.run.state === "idle" && pendingOf(s.events).interrupts.length > 0);

/**
 * The run status line: "Running", "Waiting for you" (the thread is paused on an approval or a
 * question), "Idle" or "Error: …".
 * @example statusText({ state: "error", message: "No key" }) // "Error: No key"
 */
export function statusText(run: RunState, waiting = false): string {
  if (run.state === "running") return "Running";
  if (run.state === "error") return `Error: ${run.message}`;
  return waiting ? "Waiting for you" : "Idle";
}
