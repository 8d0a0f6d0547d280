/**
 * Drafts: the documents a page had not saved yet when it hid or unloaded. A graph save reads
 * `secrets` and the stored record before it writes, and once the page is unloading those later
 * requests are never issued; a draft is one put, issued and committed inside the handler, so it
 * lands. The next start takes each draft through the normal save, or drops it when the stored
 * graph already holds it (the app's `draftRecovery`). A draft never holds a saved key.
 *
 * Drafts live in a database of their own (`<workspace>-drafts`): Chromium commits one readwrite
 * transaction at a time per database, so in the workspace's a draft queued behind the graph save
 * it stands in for (or a run's checkpoint write in the engine worker), and went with it when the
 * unloading page's unfinished transactions were aborted.
 */
import type { DBSchema, IDBPDatabase } from "idb";
import type { GraphDocument } from "../../schema/index.js";
import { STORES, type Database, type SchemaDefinition } from "../db.js";
import { PersistenceError } from "../errors.js";
import { writeNow } from "../writeNow.js";
import { graphKeyRange } from "./cascade.js";
import { draftRecordSchema, readRecord, type DraftRecord } from "./records.js";
import { readSavedKeys, withoutSavedKeysNow } from "./savedKeys.js";
import type { WorkspaceClock } from "./types.js";

/** A document to keep, and the stored revision its edits started from (null before its first save landed). */
export interface DraftInput {
  document: GraphDocument;
  base: { rev: number; document: GraphDocument } | null;
}

/** What `writeNow` wrote: the draft's number per graph, and the commit. */
export interface DraftWrite {
  written: { graphId: string; seq: number }[];
  done: Promise<void>;
}

/** The drafts found at start-up, and those that could not be read (left in place). */
export interface DraftList {
  drafts: DraftRecord[];
  problems: string[];
}

const DRAFTS = "drafts";

export interface DraftsSchema extends DBSchema {
  /** Validated as a `DraftRecord` (workspace/records.ts) when read. */
  drafts: { key: [string, string]; value: { graph_id: string; writer: string; [key: string]: unknown } };
}

/** Version 1: the drafts store, keyed by [graph, writer]. */
export const DRAFTS_SCHEMA: SchemaDefinition<DraftsSchema> = {
  version: 1,
  upgrade(db: IDBPDatabase<DraftsSchema>, oldVersion: number) {
    if (oldVersion < 1) db.createObjectStore(DRAFTS, { keyPath: ["graph_id", "writer"] });
  },
  relaxed: new Set(),
};

function newWriter(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
}

export class DraftStore {
  private seq = 0;

  constructor(
    /** The workspace's database: its saved keys, and drafts written before they had their own database. */
    private readonly db: Database,
    private readonly clock: WorkspaceClock,
    /** This page as a writer: two tabs closing at once each keep their own draft of a graph. */
    readonly writer: string = newWriter(),
    /** The drafts' own database, beside the workspace's. */
    private readonly store: Database<DraftsSchema> = db.companion("drafts", DRAFTS_SCHEMA),
  ) {}

  /**
   * Reads the saved keys drafts are redacted with, and opens the drafts' database. Until both
   * are done (and while a secret is being changed) `writeNow` writes nothing: a draft with a
   * key in it is worse than no draft.
   */
  async readKeys(): Promise<void> {
    await Promise.all([readSavedKeys(this.db), this.store.open()]);
  }

  /**
   * Writes these drafts at once, each without saved keys, in one transaction issued and
   * committed before this returns. Null, writing nothing, when the keys have not been read or
   * the drafts' database is not open (then it starts opening, for the next write).
   * @example window.addEventListener("pagehide", () => drafts.writeNow([{ document, base }])?.done.catch(console.warn));
   */
  writeNow(drafts: readonly DraftInput[]): DraftWrite | null {
    const saved = this.clock.iso();
    const rows: DraftRecord[] = [];
    for (const draft of drafts) {
      const scrubbed = withoutSavedKeysNow(this.db, draft);
      if (!scrubbed) return null;
      const { document, base } = scrubbed.value;
      rows.push({ graph_id: document.meta.id, writer: this.writer, v: 1, seq: this.seq + rows.length + 1, saved, base, document });
    }
    if (rows.length === 0) return null;
    const done = writeNow(this.store, [DRAFTS], "keeping unsaved changes", (tx) => {
      const store = tx.objectStore(DRAFTS);
      for (const row of rows) store.put(row);
    });
    if (!done) {
      // Closed for another tab's upgrade, or lost: reopen for the next time the page hides.
      this.store.open().catch(() => undefined);
      return null;
    }
    this.seq += rows.length;
    return { written: rows.map((row) => ({ graphId: row.graph_id, seq: row.seq })), done };
  }

  /** Every draft, oldest first; one that cannot be read is named in `problems` and left in place. */
  async list(): Promise<DraftList> {
    await this.adoptLegacy();
    const rows = await this.store.tx([DRAFTS], "readonly", "reading unsaved changes", (tx) => tx.objectStore(DRAFTS).getAll());
    const drafts: DraftRecord[] = [];
    const problems: string[] = [];
    for (const raw of rows) {
      try {
        drafts.push(readRecord(STORES.drafts, raw, draftRecordSchema));
      } catch (error) {
        const graph = typeof raw.graph_id === "string" ? raw.graph_id : "?";
        problems.push(`The unsaved changes of graph "${graph}" could not be read: ${error instanceof PersistenceError ? error.message : String(error)}`);
      }
    }
    drafts.sort((a, b) => (a.saved < b.saved ? -1 : a.saved > b.saved ? 1 : a.seq - b.seq));
    return { drafts, problems };
  }

  /** Deletes a draft; with `seq`, only if it is still that draft (not a later one of the same page). */
  async delete(graphId: string, writer: string, seq?: number): Promise<void> {
    await this.store.tx([DRAFTS], "readwrite", `dropping the unsaved changes of graph "${graphId}"`, async (tx) => {
      const store = tx.objectStore(DRAFTS);
      if (seq !== undefined) {
        const row = await store.get([graphId, writer]);
        if (row?.seq !== seq) return;
      }
      await store.delete([graphId, writer]);
    });
  }

  /** Deletes every page's draft of a graph (the graph was deleted). */
  async deleteGraph(graphId: string): Promise<void> {
    await this.store.tx([DRAFTS], "readwrite", `dropping the unsaved changes of graph "${graphId}"`, (tx) =>
      tx.objectStore(DRAFTS).delete(graphKeyRange(graphId)),
    );
  }

  /**
   * Moves the drafts pages kept in the workspace's own `drafts` store (before drafts had a
   * database of their own) into the drafts' database, rows as they are (`list` validates them).
   */
  private async adoptLegacy(): Promise<void> {
    const legacy = await this.db.tx([STORES.drafts], "readonly", "reading unsaved changes", (tx) => tx.objectStore(STORES.drafts).getAll());
    if (legacy.length === 0) return;
    await this.store.tx([DRAFTS], "readwrite", "keeping unsaved changes", async (tx) => {
      for (const row of legacy) await tx.objectStore(DRAFTS).put(row);
    });
    await this.db.tx([STORES.drafts], "readwrite", "moving unsaved changes", async (tx) => {
      for (const row of legacy) await tx.objectStore(STORES.drafts).delete([row.graph_id, row.writer]);
    });
  }
}
