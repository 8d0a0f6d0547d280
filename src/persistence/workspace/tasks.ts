/**
 * Background sub-agent tasks in IndexedDB (the engine's BackgroundTaskStore), so a
 * non-blocking delegation queued or running when the page reloads is found again.
 */
// Types only: the workspace is loaded on the main thread, which must not pull in the engine.
import type { BackgroundTask, BackgroundTaskStore } from "../../engine/index.js";
import { STORES, type Database } from "../db.js";
import { PersistenceError } from "../errors.js";

type TaskRow = { id: string; v: 1; thread_id: string; open: 0 | 1; task: unknown };

const STATUSES: ReadonlySet<string> = new Set(["queued", "running", "waiting", "completed", "failed"]);

/** Still needs work: not finished, or finished but not yet reported (as the engine's isOpenTask). */
function isOpen(task: BackgroundTask): boolean {
  return task.status === "queued" || task.status === "running" || !task.reported;
}

/** A stored row back as a task; a row this version cannot read is an error, never a silent skip. */
function readTask(row: TaskRow): BackgroundTask {
  const task = row.task as Partial<BackgroundTask> | null;
  if (row.v !== 1 || !task || typeof task.id !== "string" || typeof task.agent !== "string" || !STATUSES.has(String(task.status))) {
    throw new PersistenceError("INVALID_DATA", `Background task "${row.id}" is stored in a shape this version cannot read`, { store: STORES.tasks });
  }
  return task as BackgroundTask;
}

/**
 * @example
 * const tasks = new TaskStore(db);
 * compileGraph(doc, { models, tools, checkpointer, tasks });
 */
export class TaskStore implements BackgroundTaskStore {
  constructor(private readonly db: Database) {}

  async put(task: BackgroundTask): Promise<void> {
    const row: TaskRow = { id: task.id, v: 1, thread_id: task.thread_id, open: isOpen(task) ? 1 : 0, task };
    await this.db.tx([STORES.tasks], "readwrite", `saving background task "${task.id}"`, (tx) => tx.objectStore(STORES.tasks).put(row));
  }

  async get(id: string): Promise<BackgroundTask | undefined> {
    const row = await this.db.tx([STORES.tasks], "readonly", `reading background task "${id}"`, (tx) => tx.objectStore(STORES.tasks).get(id));
    return row ? readTask(row as TaskRow) : undefined;
  }

  async listByThread(threadId: string): Promise<BackgroundTask[]> {
    const rows = await this.db.tx([STORES.tasks], "readonly", "listing a thread's background tasks", (tx) =>
      tx.objectStore(STORES.tasks).index("thread_id").getAll(threadId),
    );
    return rows.map((row) => readTask(row as TaskRow)).sort((a, b) => a.created - b.created);
  }

  async listOpen(): Promise<BackgroundTask[]> {
    const rows = await this.db.tx([STORES.tasks], "readonly", "listing open background tasks", (tx) => tx.objectStore(STORES.tasks).index("open").getAll(1));
    return rows.map((row) => readTask(row as TaskRow)).sort((a, b) => a.created - b.created);
  }

  /** Removes a thread's tasks (when the thread is deleted). */
  async deleteThread(threadId: string): Promise<void> {
    await this.db.tx([STORES.tasks], "readwrite", "deleting a thread's background tasks", async (tx) => {
      const store = tx.objectStore(STORES.tasks);
      for (const key of await store.index("thread_id").getAllKeys(threadId)) await store.delete(key);
    });
  }
}
