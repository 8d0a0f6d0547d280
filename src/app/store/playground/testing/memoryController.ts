/** Test support: a playground controller over plain maps, recording what the store asked of it. */
import type { RunEvent } from "../../../../engine/index.js";
import type { ThreadRecord } from "../../../../persistence/workspace/index.js";
import type { RunHandlers } from "../../../services/engineClient";
import type { PlaygroundController, RunStart } from "../playgroundController";

export interface MemoryController extends PlaygroundController {
  threads: ThreadRecord[];
  /** Stored events by thread id. */
  events: Map<string, RunEvent[]>;
  /** The remembered thread of each graph. */
  remembered: Map<string, string>;
  /** Runs started, with the handlers that answer for them. */
  runs: { request: RunStart; handlers: RunHandlers }[];
  stopped: string[];
  /** Reads of a thread's events wait for this when set (to race them against a switch). */
  gate?: (threadId: string) => Promise<void>;
}

export const threadRecord = (id: string, graphId: string, title = id): ThreadRecord => ({
  id,
  v: 1,
  graph_id: graphId,
  title,
  created: "2026-01-01T00:00:00.000Z",
  updated: "2026-01-01T00:00:00.000Z",
});

/**
 * @example const controller = memoryController([threadRecord("t1", "g")]); createPlaygroundStore({ controller });
 */
export function memoryController(threads: ThreadRecord[] = []): MemoryController {
  const controller: MemoryController = {
    threads: [...threads],
    events: new Map(),
    remembered: new Map(),
    runs: [],
    stopped: [],
    listThreads: async (graphId) => controller.threads.filter((t) => t.graph_id === graphId),
    async threadEvents(threadId, runs) {
      await controller.gate?.(threadId);
      const events = controller.events.get(threadId) ?? [];
      return runs ? runs.flatMap((runId) => events.filter((e) => e.run_id === runId)) : [...events];
    },
    async latestThreadEvents(threadId, count) {
      await controller.gate?.(threadId);
      const events = controller.events.get(threadId) ?? [];
      const runs = [...new Set(events.map((e) => e.run_id))];
      const latest = new Set(runs.slice(Math.max(0, runs.length - count)));
      return { events: events.filter((e) => latest.has(e.run_id)), earlierRuns: runs.filter((id) => !latest.has(id)) };
    },
    rememberedThread: async (graphId) => controller.remembered.get(graphId) ?? null,
    async rememberThread(graphId, threadId) {
      if (threadId === null) controller.remembered.delete(graphId);
      else controller.remembered.set(graphId, threadId);
    },
    async createThread({ id, graphId, title }) {
      controller.threads.push(threadRecord(id, graphId, title));
    },
    async renameThread(threadId, title) {
      controller.threads = controller.threads.map((t) => (t.id === threadId ? { ...t, title } : t));
    },
    async deleteThread(threadId) {
      controller.threads = controller.threads.filter((t) => t.id !== threadId);
    },
    touchThread: async () => undefined,
    async recordSend({ threadId, event }) {
      controller.events.set(threadId, [...(controller.events.get(threadId) ?? []), event]);
    },
    cutRuns: async () => [],
    resumeRun: (_run, handlers) => handlers.onFailed("NOT_RUNNING", "The run already ended."),
    whenThreadFree: async () => undefined,
    async discardSend(runId) {
      for (const [threadId, events] of controller.events)
        controller.events.set(
          threadId,
          events.filter((e) => e.run_id !== runId),
        );
    },
    startRun: (request, handlers) => void controller.runs.push({ request, handlers }),
    stopRun: (runId) => void controller.stopped.push(runId),
    forkThread: () => Promise.reject(new Error("forking is not part of this controller")),
    async adoptThread({ id, graphId, title }, history) {
      controller.threads.push(threadRecord(id, graphId, title));
      controller.events.set(
        id,
        history.map((e) => ({ ...e, thread_id: id })),
      );
    },
    onBackgroundRun: () => undefined,
    hasOpenBackgroundTasks: async () => false,
    resumeBackgroundTasks: () => undefined,
  };
  return controller;
}
