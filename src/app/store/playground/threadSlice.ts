// The thread slice: which graph's threads are shown, which thread is active and its events.
import type { StateCreator } from "zustand/vanilla";
import { type PlaygroundSteps } from "./playgroundSteps";
import { DEFAULT_THREAD_TITLE } from "./threadTitle";
import type { PlaygroundState, ThreadSlice } from "./types";
import { errorMessage } from "../../../schema/errorMessage.js";

export const createThreadSlice =
  (steps: PlaygroundSteps): StateCreator<PlaygroundState, [], [], ThreadSlice> =>
  (set, get) => ({
    graphId: null,
    threads: [],
    activeThreadId: null,
    events: [],
    loading: false,
    whenLoaded: () => steps.loaded(),

    async openGraph(graphId) {
      if (get().graphId === graphId) return;
      const ticket = steps.beginRead();
      set({ graphId, threads: [], activeThreadId: null, events: [], loading: true });
      try {
        const [threads, remembered] = await Promise.all([steps.controller.listThreads(graphId), steps.controller.rememberedThread(graphId)]);
        if (steps.isStale(ticket) || get().graphId !== graphId) return;
        set({ threads });
        const active = threads.find((t) => t.id === remembered)?.id ?? threads[0]?.id ?? null;
        await steps.loadThread(active);
      } catch (error) {
        if (steps.isStale(ticket)) return;
        set({ loading: false });
        steps.fail(`Could not read this graph's threads: ${errorMessage(error)}`);
      }
    },

    async newThread() {
      try {
        return await steps.createThread(DEFAULT_THREAD_TITLE);
      } catch (error) {
        steps.fail(`Could not create a thread: ${errorMessage(error)}`);
        return null;
      }
    },

    async switchThread(threadId) {
      if (threadId === get().activeThreadId) return;
      await steps.activate(threadId);
    },

    async renameThread(threadId, title) {
      const graphId = get().graphId;
      const clean = title.replace(/\s+/g, " ").trim();
      if (!clean || !graphId) return;
      try {
        await steps.controller.renameThread(threadId, clean.slice(0, 200));
        await steps.refreshThreads(graphId);
      } catch (error) {
        steps.fail(`Could not rename the thread: ${errorMessage(error)}`);
      }
    },

    async deleteThread(threadId) {
      const { graphId, run } = get();
      if (!graphId) return;
      if (run.state === "running" && run.threadId === threadId) return;
      try {
        await steps.controller.deleteThread(threadId);
        const threads = await steps.refreshThreads(graphId);
        if (get().activeThreadId === threadId) await steps.activate(threads[0]?.id ?? null);
      } catch (error) {
        steps.fail(`Could not delete the thread: ${errorMessage(error)}`);
      }
    },

    async adoptThread(thread, history) {
      const { graphId, threads } = get();
      if (!graphId) return;
      try {
        // Opened before (or run from here): only shown.
        if (!threads.some((t) => t.id === thread.id)) {
          await steps.controller.adoptThread({ ...thread, graphId }, history, () => steps.newId("run"));
          await steps.refreshThreads(graphId);
        }
        await steps.activate(thread.id);
      } catch (error) {
        steps.fail(`Could not open the thread: ${errorMessage(error)}`);
      }
    },
  });
