// The selection slice: the event selected in the timeline, which the canvas can set too (a node's run badge).
import type { StateCreator } from "zustand/vanilla";
import type { PlaygroundState } from "./types";

export interface EventSelection {
  /** The thread the event belongs to: another thread shown means nothing is selected. */
  threadId: string | null;
  eventId: string;
  /** Selected from outside the timeline (a canvas badge): the timeline brings the event into view. */
  reveal: boolean;
}

export interface SelectionSlice {
  selectedEvent: EventSelection | null;
  /** Selects an event of the active thread; `reveal` asks the timeline to show it even if its view hides it. */
  selectEvent(eventId: string, options?: { reveal?: boolean }): void;
}

export const createSelectionSlice = (): StateCreator<PlaygroundState, [], [], SelectionSlice> => (set, get) => ({
  selectedEvent: null,
  selectEvent(eventId, options = {}) {
    set({ selectedEvent: { threadId: get().activeThreadId, eventId, reveal: options.reveal === true } });
  },
});
