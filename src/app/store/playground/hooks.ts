// Narrow subscriptions to the playground store: components select only what they render.
import { useEffect } from "react";
import { useStore } from "zustand";
import type { RunEvent } from "../../../engine/index.js";
import type { ThreadRecord } from "../../../persistence/workspace/index.js";
import { useEditor } from "../hooks";
import { usePlaygroundStore } from "./PlaygroundStoreProvider";
import {
  selectActiveThreadBusy,
  selectActiveThreadId,
  selectEvents,
  selectLiveRunId,
  selectLoading,
  selectRunFailed,
  selectRunning,
  selectRunStatusText,
  selectThreads,
  selectUnsent,
} from "./selectors";
import type { PlaygroundState } from "./types";

export function usePlayground<T>(selector: (state: PlaygroundState) => T): T {
  return useStore(usePlaygroundStore(), selector);
}

/** Events of the active thread. */
export const useThreadEvents = (): RunEvent[] => usePlayground(selectEvents);
/** The active thread's events are being read. */
export const useThreadLoading = (): boolean => usePlayground(selectLoading);
/** The open graph's threads. */
export const useThreads = (): ThreadRecord[] => usePlayground(selectThreads);
export const useActiveThreadId = (): string | null => usePlayground(selectActiveThreadId);
export const useRunning = (): boolean => usePlayground(selectRunning);
export const useRunFailed = (): boolean => usePlayground(selectRunFailed);
export const useUnsentMessage = (): string | null => usePlayground(selectUnsent);
export const useLiveRunId = (): string | null => usePlayground(selectLiveRunId);
export const useActiveThreadBusy = (): boolean => usePlayground(selectActiveThreadBusy);
/** "Running", "Waiting for you", "Idle" or "Error: …". */
export const useRunStatusText = (): string => usePlayground(selectRunStatusText);

/** Keeps the playground on the open graph: its threads follow the document's id. */
export function useThreadsFollowOpenGraph(): void {
  const graphId = useEditor((s) => s.document.meta.id);
  const playground = usePlaygroundStore();
  useEffect(() => {
    void playground.getState().openGraph(graphId);
  }, [playground, graphId]);
}
