/** The current document of each graph (autosaved) and its named versions. */
import type { GraphDocument } from "../../schema/index.js";
import { STORES, type Database } from "../db.js";
import { PersistenceError } from "../errors.js";
import { deleteThreadRows, graphKeyRange } from "./cascade.js";
import { graphRecordSchema, readRecord, versionRecordSchema, type GraphRecord, type VersionRecord } from "./records.js";
import type { DraftStore } from "./drafts.js";
import type { WorkspaceClock } from "./types.js";
import { withoutSavedKeys } from "./savedKeys.js";

export interface GraphSummary {
  id: string;
  name: string;
  updated: string;
}

/** A save from a stale document: another save (another tab's) changed the graph since it was read. */
export class StaleGraphError extends PersistenceError {
  constructor(readonly stored: GraphRecord) {
    super("STALE_GRAPH", `"${stored.document.meta.name}" was changed in another tab since this tab read it (revision ${stored.rev ?? 0}).`, {
      store: STORES.graphs,
    });
  }
}

/** A stored graph, and whether a saved key had to be removed from the document on the way in. */
export interface SavedGraph extends GraphRecord {
  /** True when the stored document differs from the one given: a saved key (or a piece of one) became `REDACTED`. */
  keysRemoved?: boolean;
}

export class GraphStore {
  constructor(
    private readonly db: Database,
    private readonly clock: WorkspaceClock,
    /** The pages' drafts, which go with a deleted graph. */
    private readonly drafts?: Pick<DraftStore, "deleteGraph">,
  ) {}

  /**
   * Saves the current document of a graph (created on first save) as its next revision.
   * With `expectedRev`, the save is a compare-and-set in one transaction: when the stored
   * revision is another (a save from another tab came first), nothing is written and a
   * `StaleGraphError` carrying the stored record is thrown. A saved API key in the document is
   * stored as `REDACTED` (see `keysRemoved`).
   */
  async save(given: GraphDocument, options: { expectedRev?: number } = {}): Promise<SavedGraph> {
    const now = this.clock.iso();
    return this.db.tx([STORES.graphs, STORES.secrets], "readwrite", `saving graph "${given.meta.name}"`, async (tx) => {
      const { value: document, removed } = await withoutSavedKeys(this.db, tx, given);
      const store = tx.objectStore(STORES.graphs);
      const raw = await store.get(document.meta.id);
      const existing = raw === undefined ? undefined : readRecord(STORES.graphs, raw, graphRecordSchema);
      const rev = existing ? (existing.rev ?? 0) : -1;
      if (options.expectedRev !== undefined && options.expectedRev !== rev && existing) throw new StaleGraphError(existing);
      const record: GraphRecord = {
        id: document.meta.id,
        v: 1,
        name: document.meta.name,
        created: existing?.created ?? now,
        updated: now,
        rev: rev + 1,
        document,
      };
      await store.put(record);
      return removed ? { ...record, keysRemoved: true } : record;
    });
  }

  async get(id: string): Promise<GraphRecord | undefined> {
    const raw = await this.db.tx([STORES.graphs], "readonly", `reading graph "${id}"`, (tx) => tx.objectStore(STORES.graphs).get(id));
    return raw === undefined ? undefined : readRecord(STORES.graphs, raw, graphRecordSchema);
  }

  /** Every graph, most recently edited first. */
  async list(): Promise<GraphSummary[]> {
    const rows = await this.db.tx([STORES.graphs], "readonly", "listing graphs", (tx) => tx.objectStore(STORES.graphs).index("updated").getAll());
    return rows
      .map((raw) => readRecord(STORES.graphs, raw, graphRecordSchema))
      .reverse()
      .map(({ id, name, updated }) => ({ id, name, updated }));
  }

  /**
   * Deletes a graph with its versions, threads, runs, events, checkpoints and knowledge bases, in
   * one transaction, then its drafts (their own database; one left by a failure there is dropped
   * at the next start, its graph being gone).
   */
  async delete(id: string): Promise<void> {
    const knowledge = [STORES.kbBases, STORES.kbFiles, STORES.kbIndexes] as const;
    const stores = [
      STORES.graphs,
      STORES.versions,
      STORES.threads,
      STORES.runs,
      STORES.events,
      STORES.checkpoints,
      STORES.writes,
      STORES.blobs,
      STORES.tasks,
      STORES.drafts,
      ...knowledge,
    ];
    await this.db.tx(stores, "readwrite", `deleting graph "${id}"`, async (tx) => {
      await tx.objectStore(STORES.graphs).delete(id);
      const versions = await tx
        .objectStore(STORES.versions)
        .index("graph_id")
        .getAllKeys(IDBKeyRange.bound([id, ""], [id, "\uffff"]));
      for (const key of versions) await tx.objectStore(STORES.versions).delete(key);
      const threads = await tx
        .objectStore(STORES.threads)
        .index("graph_id")
        .getAllKeys(IDBKeyRange.bound([id, ""], [id, "\uffff"]));
      for (const threadId of threads) await deleteThreadRows(tx, threadId);
      // Knowledge base and (older pages') draft rows are keyed [graph, …].
      for (const name of knowledge) await tx.objectStore(name).delete(graphKeyRange(id));
      await tx.objectStore(STORES.drafts).delete(graphKeyRange(id));
    });
    await this.drafts?.deleteGraph(id);
  }

  /** Saves a named snapshot of a document (a saved API key in it is stored as `REDACTED`). */
  async saveVersion(given: GraphDocument, name: string, id: string): Promise<VersionRecord> {
    return this.db.tx([STORES.versions, STORES.secrets], "readwrite", `saving version "${name}"`, async (tx) => {
      const { value: document } = await withoutSavedKeys(this.db, tx, given);
      const record: VersionRecord = { id, v: 1, graph_id: document.meta.id, name, created: this.clock.iso(), document };
      await tx.objectStore(STORES.versions).put(record);
      return record;
    });
  }

  /** Versions of a graph, newest first. */
  async listVersions(graphId: string): Promise<VersionRecord[]> {
    const rows = await this.db.tx([STORES.versions], "readonly", "listing versions", (tx) =>
      tx
        .objectStore(STORES.versions)
        .index("graph_id")
        .getAll(IDBKeyRange.bound([graphId, ""], [graphId, "\uffff"])),
    );
    return rows.map((raw) => readRecord(STORES.versions, raw, versionRecordSchema)).reverse();
  }

  async getVersion(versionId: string): Promise<VersionRecord | undefined> {
    const raw = await this.db.tx([STORES.versions], "readonly", `reading version "${versionId}"`, (tx) => tx.objectStore(STORES.versions).get(versionId));
    return raw === undefined ? undefined : readRecord(STORES.versions, raw, versionRecordSchema);
  }

  /** Makes a version the graph's current document again; returns it. */
  async restoreVersion(versionId: string): Promise<GraphRecord> {
    return this.db.tx([STORES.versions, STORES.graphs], "readwrite", `restoring version "${versionId}"`, async (tx) => {
      const raw = await tx.objectStore(STORES.versions).get(versionId);
      if (!raw) throw new PersistenceError("NOT_FOUND", `Version "${versionId}" does not exist`, { store: STORES.versions });
      const version = readRecord(STORES.versions, raw, versionRecordSchema);
      const graphs = tx.objectStore(STORES.graphs);
      const existing = (await graphs.get(version.graph_id)) as { created?: unknown; rev?: unknown } | undefined;
      const now = this.clock.iso();
      const record: GraphRecord = {
        id: version.graph_id,
        v: 1,
        name: version.document.meta.name,
        created: typeof existing?.created === "string" ? existing.created : now,
        updated: now,
        rev: typeof existing?.rev === "number" ? existing.rev + 1 : 0,
        document: version.document,
      };
      await graphs.put(record);
      return record;
    });
  }

  async deleteVersion(versionId: string): Promise<void> {
    await this.db.tx([STORES.versions], "readwrite", `deleting version "${versionId}"`, (tx) => tx.objectStore(STORES.versions).delete(versionId));
  }
}
