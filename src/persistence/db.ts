/**
 * A connection to an IndexedDB database that opens lazily, reopens after loss and closes cleanly
 * for another tab's upgrade, and `tx()`. By default the workspace database (its schema in
 * workspaceSchema.ts); `companion` opens one with a schema of its own (the drafts): Chromium
 * commits one readwrite transaction at a time per database, whatever stores they touch, so a
 * write that must land while the page unloads lives where no other write can queue before it.
 */
import { openDB, unwrap, type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames } from "idb";
import { PersistenceError, toPersistenceError, watchFailedRequests } from "./errors.js";
import { DEFAULT_DB_NAME, WORKSPACE_SCHEMA, type GraphwrightSchema } from "./workspaceSchema.js";

/** What a database holds: its latest version, the steps up to it, and the stores whose writes commit relaxed. */
export interface SchemaDefinition<S extends DBSchema> {
  version: number;
  upgrade(db: IDBPDatabase<S>, oldVersion: number, newVersion: number): void;
  relaxed: ReadonlySet<StoreNames<S>>;
}

export {
  DEFAULT_DB_NAME,
  DB_VERSION,
  STORES,
  WORKSPACE_SCHEMA,
  type BlobRow,
  type CheckpointRow,
  type GraphwrightSchema,
  type RecordRow,
  type Store,
  type StoreItemRow,
  type StoreVectorRow,
  type Tx,
  type WriteRow,
} from "./workspaceSchema.js";

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
export class Database<S extends DBSchema = GraphwrightSchema> {
  readonly name: string;
  private readonly schema: SchemaDefinition<S>;
  private connection: Promise<IDBPDatabase<S>> | null = null;
  /** `connection` once it has opened, for a write that cannot wait (`writeNow`). */
  private opened: { connection: Promise<IDBPDatabase<S>>; db: IDBPDatabase<S> } | null = null;

  /** The workspace database; another schema needs `Database.companion`. */
  constructor(options?: DatabaseOptions);
  constructor(options: DatabaseOptions, schema: SchemaDefinition<S>);
  constructor(
    private readonly options: DatabaseOptions = {},
    schema?: SchemaDefinition<S>,
  ) {
    this.name = options.name ?? DEFAULT_DB_NAME;
    this.schema = schema ?? (WORKSPACE_SCHEMA as unknown as SchemaDefinition<S>);
  }

  /**
   * A database of its own beside this one, named `<name>-<suffix>`, opened with the same factory
   * and the same answers to another tab's upgrade.
   * @example const drafts = workspaceDb.companion("drafts", DRAFTS_SCHEMA);
   */
  companion<C extends DBSchema>(suffix: string, schema: SchemaDefinition<C>): Database<C> {
    const { version: _version, ...options } = this.options;
    return new Database<C>({ ...options, name: `${this.name}-${suffix}` }, schema);
  }

  /** The open connection, opening (or reopening) it when needed. */
  open(): Promise<IDBPDatabase<S>> {
    this.connection ??= this.connect();
    return this.connection;
  }

  /** The open connection now, without waiting: null while opening, and once closed or lost (the next `open()` reopens). */
  openNow(): IDBPDatabase<S> | null {
    return this.connection && this.opened?.connection === this.connection ? this.opened.db : null;
  }

  /** The durability of a readwrite transaction over `stores`: relaxed when every one of them is a relaxed store. */
  durabilityOf(stores: readonly StoreNames<S>[]): IDBTransactionDurability {
    return stores.every((store) => this.schema.relaxed.has(store)) ? "relaxed" : "strict";
  }

  private connect(): Promise<IDBPDatabase<S>> {
    const factory = this.options.indexedDB;
    const previous = (globalThis as { indexedDB?: IDBFactory }).indexedDB;
    if (!factory && !previous) return Promise.reject(new PersistenceError("CONNECTION_LOST", "This environment has no IndexedDB"));
    const latest = this.schema.version;
    const opening = withFactory(factory, () =>
      openDB<S>(this.name, this.options.version ?? latest, {
        upgrade: (db, oldVersion, newVersion) => this.schema.upgrade(db, oldVersion, newVersion ?? latest),
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
    const connection: Promise<IDBPDatabase<S>> = opening.then(
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
  async tx<N extends StoreNames<S>[], M extends IDBTransactionMode, T>(
    stores: N,
    mode: M,
    where: string,
    fn: (tx: IDBPTransaction<S, N, M>) => Promise<T> | T,
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      let db: IDBPDatabase<S>;
      let transaction: IDBPTransaction<S, N, M>;
      const opened = this.open();
      try {
        db = await opened;
        transaction = db.transaction(stores, mode, { durability: this.durabilityOf(stores) });
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
function isClosing<S extends DBSchema>(db: IDBPDatabase<S>, stores: StoreNames<S>[]): boolean {
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
