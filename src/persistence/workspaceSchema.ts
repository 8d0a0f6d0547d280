/**
 * The workspace database's schema: its stores, the rows they hold, and the versioned upgrades
 * that build them. `Database` (db.ts) opens it by default.
 */
import type { DBSchema, IDBPDatabase, IDBPTransaction, StoreNames } from "idb";
import type { SchemaDefinition } from "./db.js";
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
  /**
   * Unsaved documents written as a page hid or unloaded, keyed by [graph, writer], by pages
   * before drafts had a database of their own (workspace/drafts.ts): moved there at the next start.
   */
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
function upgradeWorkspace(db: IDBPDatabase<GraphwrightSchema>, oldVersion: number, newVersion: number): void {
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

/**
 * Stores a run writes as it goes (checkpoints, their writes and blobs, runs and their events)
 * commit with relaxed durability: the same atomicity (a checkpoint is never visible without its
 * blobs), but the commit does not wait for the disk flush (a Send and every step would wait for
 * one), so only an OS crash or power loss can drop a run's last writes; the thread keeps what was
 * flushed before. Everything else (graphs, threads, settings…) commits strict.
 */
const RELAXED: ReadonlySet<Store> = new Set<Store>([STORES.checkpoints, STORES.writes, STORES.blobs, STORES.runs, STORES.events]);

/** The workspace database's schema, the default of `Database`. */
export const WORKSPACE_SCHEMA: SchemaDefinition<GraphwrightSchema> = { version: DB_VERSION, upgrade: upgradeWorkspace, relaxed: RELAXED };
