/** Conversation threads of a graph: title, created, last activity. */
import { STORES, type Database } from "../db.js";
import { PersistenceError } from "../errors.js";
import { deleteThreadRows } from "./cascade.js";
import { readRecord, threadRecordSchema, type ThreadRecord } from "./records.js";
import type { WorkspaceClock } from "./types.js";

export class ThreadStore {
  constructor(
    private readonly db: Database,
    private readonly clock: WorkspaceClock,
  ) {}

  async create(input: { id: string; graphId: string; title?: string }): Promise<ThreadRecord> {
    const now = this.clock.iso();
    const record: ThreadRecord = { id: input.id, v: 1, graph_id: input.graphId, title: input.title ?? "New thread", created: now, updated: now };
    await this.db.tx([STORES.threads], "readwrite", `creating thread "${record.title}"`, (tx) => tx.objectStore(STORES.threads).add(record));
    return record;
  }

  async get(id: string): Promise<ThreadRecord | undefined> {
    const raw = await this.db.tx([STORES.threads], "readonly", `reading thread "${id}"`, (tx) => tx.objectStore(STORES.threads).get(id));
    return raw === undefined ? undefined : readRecord(STORES.threads, raw, threadRecordSchema);
  }

  /** Threads of a graph, most recent activity first. */
  async list(graphId: string): Promise<ThreadRecord[]> {
    const rows = await this.db.tx([STORES.threads], "readonly", "listing threads", (tx) =>
      tx
        .objectStore(STORES.threads)
        .index("graph_id")
        .getAll(IDBKeyRange.bound([graphId, ""], [graphId, "\uffff"])),
    );
    return rows.map((raw) => readRecord(STORES.threads, raw, threadRecordSchema)).reverse();
  }

  private async update(id: string, where: string, change: (record: ThreadRecord) => ThreadRecord): Promise<ThreadRecord> {
    return this.db.tx([STORES.threads], "readwrite", where, async (tx) => {
      const store = tx.objectStore(STORES.threads);
      const raw = await store.get(id);
      if (!raw) throw new PersistenceError("NOT_FOUND", `Thread "${id}" does not exist`, { store: STORES.threads });
      const next = change(readRecord(STORES.threads, raw, threadRecordSchema));
      await store.put(next);
      return next;
    });
  }

  rename(id: string, title: string): Promise<ThreadRecord> {
    return this.update(id, `renaming thread "${id}"`, (r) => ({ ...r, title, updated: this.clock.iso() }));
  }

  /** Marks activity on a thread (a message sent, a run finished). */
  touch(id: string): Promise<ThreadRecord> {
    return this.update(id, `updating thread "${id}"`, (r) => ({ ...r, updated: this.clock.iso() }));
  }

  /** Deletes a thread with its runs, events and checkpoints, in one transaction. */
  async delete(id: string): Promise<void> {
    const stores = [STORES.threads, STORES.runs, STORES.events, STORES.checkpoints, STORES.writes, STORES.blobs, STORES.tasks];
    await this.db.tx(stores, "readwrite", `deleting thread "${id}"`, (tx) => deleteThreadRows(tx, id));
  }
}
