/**
 * The one IndexedDB database: its stores, versioned upgrades, a connection that
 * reopens after loss and closes cleanly for another tab's upgrade, and `tx()`.
 */
import { openDB, unwrap, type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames } from "idb";
import { PersistenceError, toPersistenceError, watchFailedRequests } from "./errors.js";
import type { KnowledgeBaseRow, KnowledgeFileRow, KnowledgeIndexRow } from "./knowledge/rows.js";

export const DEFAULT_DB_NAME = "graphwright";
export const DB_VERSION = 7;

/** Store names are constants: persisted data outlives any rename. */
export const STORES = {
  graphs: "graphs",
  versions: "versions",
  threads: "threads",
  runs: "runs",
  events: "events",
  checkpoints: "checkpoints",
  writes: "writes",
  blobs: "blobs",
  settings: "settings",
  secrets: "secrets",
  /** Background sub-agent tasks (non-blocking delegations), so they survive a reload. */
  tasks: "tasks",
  /** Long-term memory: the items of the LangGraph store (`IdbStore`), keyed by [namespace, key]. */
  storeItems: "store_items",
  /** Long-term memory's vector index: one embedding per item and indexed field, keyed by [namespace, key, field]. */
  storeVectors: "store_vectors",
  /** Knowledge bases: one row per base (revision, files, sizes), small enough to read on every search. */
  kbBases: "kb_bases",
  /** Knowledge base files: each file's extracted text and its chunks, keyed by [graph, base, name]. */
  kbFiles: "kb_files",
  /** Knowledge base indexes: each base's saved search index (JSON text), keyed by [graph, base]. */
  kbIndexes: "kb_indexes",
  /** Unsaved documents written as the page hides or unloads, keyed by [graph, writer]; taken or dropped at the next start. */
  drafts: "drafts",
  /** Evaluation runs of a graph (issue 28): each run's result with the graph revision it ran on, keyed by id, listed by [graph, started]. */
  evaluations: "evaluations",
} as const;

/** A checkpoint row; the checkpoint and metadata are serialized by the saver's serde. */
export interface CheckpointRow {
  thread_id: string;
  checkpoint_ns: string;
  checkpoint_id: string;
  parent_checkpoint_id: string | null;
  /** A plain copy of the checkpoint's channel versions, so a read finds the channel blobs without deserializing. */
  channel_versions?: Record<string, number | string>;
  type: string;
  checkpoint: Uint8Array;
  metadata_type: string;
  metadata: Uint8Array;
}
export interface WriteRow {
  thread_id: string;
  checkpoint_ns: string;
  checkpoint_id: string;
  task_id: string;
  idx: number;
  task_path: string;
  channel: string;
  type: string;
  value: Uint8Array;
}
export interface BlobRow {
  thread_id: string;
  checkpoint_ns: string;
  channel: string;
  version: string;
  type: string;
  value: Uint8Array;
  /** Set on a snapshot stored as a tail: the versions of the rows whose elements come before it, oldest (a full row) first. */
  parts?: string[];
}
/** One item of the LangGraph store; `seq` orders items by first insertion, as LangGraph's InMemoryStore does. */
export interface StoreItemRow {
  namespace: string[];
  key: string;
  v: 1;
  seq: number;
  value: Record<string, unknown>;
  /** Milliseconds since the epoch. */
  created: number;
  updated: number;
}
/** One embedded field of a store item; replaced with the item, deleted with it. */
export interface StoreVectorRow {
  namespace: string[];
  key: string;
  /** The field path the text came from, as InMemoryStore names it (`text`, `tags[*].0`, `$`). */
  field: string;
  v: 1;
  vector: Float64Array;
  /** The model that made the vector (`model @ endpoint`), when the index names one: another model's vectors never compare. */
  signature?: string;
}
export interface RecordRow {
  id: string;
  [key: string]: unknown;
}

export interface GraphwrightSchema extends DBSchema {
  graphs: { key: string; value: RecordRow; indexes: { updated: string } };
  versions: { key: string; value: RecordRow & { graph_id: string; created: string }; indexes: { graph_id: [string, string] } };
  threads: { key: string; value: RecordRow & { graph_id: string; updated: string }; indexes: { graph_id: [string, string] } };
  runs: { key: string; value: RecordRow & { thread_id: string; started: number }; indexes: { thread_id: [string, number] } };
  events: { key: [string, number]; value: { run_id: string; seq: number; thread_id: string; event: unknown }; indexes: { thread_id: string } };
  checkpoints: { key: [string, string, string]; value: CheckpointRow; indexes: { thread_id: string } };
  writes: { key: [string, string, string, string, number]; value: WriteRow; indexes: { thread_id: string } };
  blobs: { key: [string, string, string, string]; value: BlobRow; indexes: { thread_id: string } };
  settings: { key: string; value: { id: string; value: unknown } };
  secrets: { key: string; value: { id: string; value: string } };
  /** `open` is 1 while the task is queued, running or unreported (IndexedDB cannot index booleans). */
  tasks: { key: string; value: { id: string; v: 1; thread_id: string; open: 0 | 1; task: unknown }; indexes: { thread_id: string; open: number } };
  store_items: { key: [string[], string]; value: StoreItemRow; indexes: { seq: number } };
  store_vectors: { key: [string[], string, string]; value: StoreVectorRow };
  kb_bases: { key: [string, string]; value: KnowledgeBaseRow };
  kb_files: { key: [string, string, string]; value: KnowledgeFileRow };
  kb_indexes: { key: [string, string]; value: KnowledgeIndexRow };
  /** Validated as a `DraftRecord` (workspace/records.ts) when read. */
  drafts: { key: [string, string]; value: { graph_id: string; writer: string; [key: string]: unknown } };
  /** Validated as an `EvaluationRecord` (workspace/evaluations.ts) when read. */
  evaluations: { key: string; value: RecordRow & { graph_id: string; started: number }; indexes: { graph_id: [string, number] } };
}

export type Store = StoreNames<GraphwrightSchema>;
export type Tx<S extends Store[], M extends IDBTransactionMode> = IDBPTransaction<GraphwrightSchema, S, M>;

/**
 * Version 1: every store and index; version 2: background tasks; version 3: the LangGraph
 * store's items; version 4: knowledge bases; version 5: the store's vectors; version 6: drafts; version 7: evaluation history.
 * Later versions add steps; none may assume a fresh database.
 */
function upgrade(db: IDBPDatabase<GraphwrightSchema>, oldVersion: number, newVersion: number): void {
  if (oldVersion < 1) {
    db.createObjectStore(STORES.graphs, { keyPath: "id" }).createIndex("updated", "updated");
    db.createObjectStore(STORES.versions, { keyPath: "id" }).createIndex("graph_id", ["graph_id", "created"]);
    db.createObjectStore(STORES.threads, { keyPath: "id" }).createIndex("graph_id", ["graph_id", "updated"]);
    db.createObjectStore(STORES.runs, { keyPath: "id" }).createIndex("thread_id", ["thread_id", "started"]);
    db.createObjectStore(STORES.events, { keyPath: ["run_id", "seq"] }).createIndex("thread_id", "thread_id");
    db.createObjectStore(STORES.checkpoints, { keyPath: ["thread_id", "checkpoint_ns", "checkpoint_id"] }).createIndex("thread_id", "thread_id");
    db.createObjectStore(STORES.writes, { keyPath: ["thread_id", "checkpoint_ns", "checkpoint_id", "task_id", "idx"] }).createIndex("thread_id", "thread_id");
    db.createObjectStore(STORES.blobs, { keyPath: ["thread_id", "checkpoint_ns", "channel", "version"] }).createIndex("thread_id", "thread_id");
    db.createObjectStore(STORES.settings, { keyPath: "id" });
    db.createObjectStore(STORES.secrets, { keyPath: "id" });
  }
  // Steps stop at the version being opened (tests open older versions to exercise upgrades).
  if (oldVersion < 2 && newVersion >= 2) {
    const tasks = db.createObjectStore(STORES.tasks, { keyPath: "id" });
    tasks.createIndex("thread_id", "thread_id");
    tasks.createIndex("open", "open");
  }
  if (oldVersion < 3 && newVersion >= 3) {
    db.createObjectStore(STORES.storeItems, { keyPath: ["namespace", "key"] }).createIndex("seq", "seq", { unique: true });
  }
  if (oldVersion < 4 && newVersion >= 4) {
    db.createObjectStore(STORES.kbBases, { keyPath: ["graph_id", "base_id"] });
    db.createObjectStore(STORES.kbFiles, { keyPath: ["graph_id", "base_id", "name"] });
    db.createObjectStore(STORES.kbIndexes, { keyPath: ["graph_id", "base_id"] });
  }
  if (oldVersion < 5 && newVersion >= 5) {
    db.createObjectStore(STORES.storeVectors, { keyPath: ["namespace", "key", "field"] });
  }
  if (oldVersion < 6 && newVersion >= 6) {
    db.createObjectStore(STORES.drafts, { keyPath: ["graph_id", "writer"] });
  }
  if (oldVersion < 7 && newVersion >= 7) {
    db.createObjectStore(STORES.evaluations, { keyPath: "id" }).createIndex("graph_id", ["graph_id", "started"]);
  }
}

export interface DatabaseOptions {
  name?: string;
  /** Another tab asked to upgrade the database: our connection was closed so it can. */
  onVersionChange?: () => void;
  /** Our upgrade waits for another tab to close its connection. */
  onBlocked?: () => void;
  /** Test seam: the IndexedDB factory (fake-indexeddb in Node). */
  indexedDB?: IDBFactory;
  /** Test seam: open at this version instead of DB_VERSION, to exercise an upgrade another tab blocks. */
  version?: number;
}

/**
 * A lazily opened connection that reopens after loss. Every read and write goes
 * through `tx()`, so each step is one transaction whose failure is an error.
 */
export class Database {
  readonly name: string;
  private connection: Promise<IDBPDatabase<GraphwrightSchema>> | null = null;
  /** `connection` once it has opened, for a write that cannot wait (`writeNow`). */
  private opened: { connection: Promise<IDBPDatabase<GraphwrightSchema>>; db: IDBPDatabase<GraphwrightSchema> } | null = null;

  constructor(private readonly options: DatabaseOptions = {}) {
    this.name = options.name ?? DEFAULT_DB_NAME;
  }

  /** The open connection, opening (or reopening) it when needed. */
  open(): Promise<IDBPDatabase<GraphwrightSchema>> {
    this.connection ??= this.connect();
    return this.connection;
  }

  /** The open connection now, without waiting: null while opening, and once closed or lost (the next `open()` reopens). */
  openNow(): IDBPDatabase<GraphwrightSchema> | null {
    return this.connection && this.opened?.connection === this.connection ? this.opened.db : null;
  }

  private connect(): Promise<IDBPDatabase<GraphwrightSchema>> {
    const factory = this.options.indexedDB;
    const previous = (globalThis as { indexedDB?: IDBFactory }).indexedDB;
    if (!factory && !previous) return Promise.reject(new PersistenceError("CONNECTION_LOST", "This environment has no IndexedDB"));
    const opening = withFactory(factory, () =>
      openDB<GraphwrightSchema>(this.name, this.options.version ?? DB_VERSION, {
        upgrade: (db, oldVersion, newVersion) => upgrade(db, oldVersion, newVersion ?? DB_VERSION),
        blocked: () => this.options.onBlocked?.(),
        blocking: () => {
          // Another tab wants to upgrade: step aside cleanly, reopen on next use.
          void this.close();
          this.options.onVersionChange?.();
        },
        terminated: () => {
          this.connection = null;
        },
      }),
    );
    const connection: Promise<IDBPDatabase<GraphwrightSchema>> = opening.then(
      (db) => {
        this.opened = { connection, db };
        return db;
      },
      (error: unknown) => {
        this.connection = null;
        throw toPersistenceError(error, `opening database "${this.name}"`);
      },
    );
    return connection;
  }

  async close(): Promise<void> {
    const current = this.connection;
    this.connection = null;
    if (current) (await current.catch(() => null))?.close();
  }

  /**
   * Runs `fn` in one transaction and resolves after it commits. Any failure —
   * quota, a lost connection, an abort — rejects with a PersistenceError.
   */
  async tx<S extends Store[], M extends IDBTransactionMode, T>(stores: S, mode: M, where: string, fn: (tx: Tx<S, M>) => Promise<T> | T): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      let db: IDBPDatabase<GraphwrightSchema>;
      let transaction: Tx<S, M>;
      const opened = this.open();
      try {
        db = await opened;
        transaction = db.transaction(stores, mode, { durability: durabilityOf(stores) }) as Tx<S, M>;
      } catch (error) {
        // A connection closed under us (another tab's upgrade, browser eviction): reopen once.
        this.connection = null;
        if (attempt === 0) continue;
        throw toPersistenceError(error, where);
      }
      const failedRequest = watchFailedRequests(unwrap(transaction));
      try {
        const result = await fn(transaction);
        commitNow(transaction);
        await transaction.done;
        return result;
      } catch (error) {
        try {
          transaction.abort();
        } catch {
          // Already finished or aborted: the original error says what happened.
        }
        await transaction.done.catch(() => undefined);
        if (isClosing(db, stores)) {
          // The connection died under the transaction (forced close, eviction): reopen on next use.
          if (this.connection === opened) this.connection = null;
          throw toPersistenceError(new DOMException("The database connection is closing.", "InvalidStateError"), where);
        }
        throw toPersistenceError(transaction.error ?? failedRequest() ?? error, where);
      }
    }
  }
}

/**
 * Stores a run writes as it goes (checkpoints, their writes and blobs, runs and their events)
 * commit with relaxed durability: the same atomicity (a checkpoint is never visible without its
 * blobs), but the commit does not wait for the disk flush (a Send and every step would wait for
 * one), so only an OS crash or power loss can drop a run's last writes; the thread keeps what was
 * flushed before. Everything else (graphs, threads, settings…) commits strict.
 */
const RELAXED: ReadonlySet<Store> = new Set<Store>([STORES.checkpoints, STORES.writes, STORES.blobs, STORES.runs, STORES.events]);

export function durabilityOf(stores: readonly Store[]): IDBTransactionDurability {
  return stores.every((store) => RELAXED.has(store)) ? "relaxed" : "strict";
}

/** Commits once `fn` is done instead of when the event loop next turns (work queued behind it can take a while). */
function commitNow(transaction: { readonly mode: IDBTransactionMode; commit(): void }): void {
  if (transaction.mode === "readonly") return;
  try {
    transaction.commit();
  } catch {
    // Already committing (no request was pending) or finished: `done` says how it ended.
  }
}

/** Whether a connection can no longer start transactions: it was closed or is closing. */
function isClosing(db: IDBPDatabase<GraphwrightSchema>, stores: Store[]): boolean {
  try {
    db.transaction(stores, "readonly");
    return false;
  } catch {
    return true;
  }
}

/** idb opens with the global indexedDB; tests pass a factory instead. */
function withFactory<T>(factory: IDBFactory | undefined, open: () => T): T {
  if (!factory) return open();
  const scope = globalThis as { indexedDB?: IDBFactory };
  const previous = scope.indexedDB;
  scope.indexedDB = factory;
  try {
    return open();
  } finally {
    scope.indexedDB = previous;
  }
}
