/** The in-memory BackgroundTaskStore: Node, the CLI and tests. The app keeps tasks in IndexedDB. */
import type { BackgroundTask, BackgroundTaskStore } from "../ports.js";

/**
 * Tasks that still need work: not finished, or finished but not yet reported to the parent.
 * @example isOpenTask({ ...task, status: "completed", reported: false }) // true
 */
export function isOpenTask(task: BackgroundTask): boolean {
  return task.status === "queued" || task.status === "running" || !task.reported;
}

/**
 * @example
 * const compiled = compileGraph(doc, { models, tools, tasks: createMemoryTaskStore() });
 */
export function createMemoryTaskStore(): BackgroundTaskStore {
  const tasks = new Map<string, BackgroundTask>();
  return {
    async put(task) {
      tasks.set(task.id, structuredClone(task));
    },
    async get(id) {
      const task = tasks.get(id);
      return task ? structuredClone(task) : undefined;
    },
    async listByThread(threadId) {
      return [...tasks.values()]
        .filter((t) => t.thread_id === threadId)
        .sort((a, b) => a.created - b.created)
        .map((t) => structuredClone(t));
    },
    async listOpen() {
      return [...tasks.values()]
        .filter(isOpenTask)
        .sort((a, b) => a.created - b.created)
        .map((t) => structuredClone(t));
    },
  };
}
