/**
 * Keeps saved keys out of the stores that hold what the user typed (graphs, versions, drafts): a
 * key pasted into a prompt or an edge label is replaced by `REDACTED` in the same transaction
 * that stores it. The key values are read from `secrets` inside that transaction and never
 * leave this module, so the page that saves a graph learns only that something was removed.
 *
 * A draft is written while the page unloads, in a transaction that cannot wait for a read, so
 * this module also keeps each database's redactor as last read from `secrets` (at start-up, on
 * every save and on every change of a secret made here) and redacts a draft with it at once.
 */
import { createRedactor, REDACTED, type Redactor } from "../../schema/index.js";
import { STORES, type Database, type Store, type Tx } from "../db.js";

/** What a store kept of a value: the value itself, or a copy without saved keys. */
export interface Scrubbed<T> {
  value: T;
  /** True when a saved key, or a piece of one, was replaced. */
  removed: boolean;
}

/** Per database, the redactor of its saved keys as last read in this realm; absent until read. */
const lastRead = new WeakMap<Database, Redactor>();

function redactorOf(values: readonly string[]): Redactor {
  return createRedactor(values, { shapes: false });
}

function scrub<T>(redactor: Redactor, value: T): Scrubbed<T> {
  if (redactor.empty) return { value, removed: false };
  // Keys are plain ASCII, so JSON text holds them verbatim: one scan decides whether to copy.
  if (redactor.spans(JSON.stringify(value)).length === 0) return { value, removed: false };
  return { value: redactor.redactValue(value, REDACTED), removed: true };
}

/**
 * `value` without any saved key or 12-character piece of one, read against `secrets` in `tx`
 * (and remembered for `withoutSavedKeysNow` on `db`).
 * Returns the same object when it held none, so callers can tell by identity too.
 * @example const { value: document, removed } = await withoutSavedKeys(db, tx, document);
 */
export async function withoutSavedKeys<T, S extends Store[]>(db: Database, tx: Tx<S, "readwrite">, value: T): Promise<Scrubbed<T>> {
  // Every caller opens its transaction over `secrets` too; the cast names that store for idb's types.
  const rows = await (tx as unknown as Tx<[typeof STORES.secrets], "readwrite">).objectStore(STORES.secrets).getAll();
  const redactor = redactorOf(rows.map((row) => row.value));
  lastRead.set(db, redactor);
  return scrub(redactor, value);
}

/**
 * `value` without saved keys, at once, against the keys last read on `db`; null when they have
 * not been read yet (or are being changed), so the caller writes nothing rather than a key.
 * @example const scrubbed = withoutSavedKeysNow(db, draft); if (scrubbed) store.put(scrubbed.value);
 */
export function withoutSavedKeysNow<T>(db: Database, value: T): Scrubbed<T> | null {
  const redactor = lastRead.get(db);
  return redactor ? scrub(redactor, value) : null;
}

/** Reads the saved keys of `db` for `withoutSavedKeysNow`. */
export async function readSavedKeys(db: Database): Promise<void> {
  const rows = await db.tx([STORES.secrets], "readonly", "reading saved keys", (tx) => tx.objectStore(STORES.secrets).getAll());
  lastRead.set(db, redactorOf(rows.map((row) => row.value)));
}

/**
 * Runs a change of `secrets` and reads the keys again in the same transaction. Until it has
 * committed, `withoutSavedKeysNow` answers null: a key being saved is never missing from it.
 */
export async function changeSavedKeys(db: Database, where: string, change: (tx: Tx<[typeof STORES.secrets], "readwrite">) => Promise<unknown>): Promise<void> {
  lastRead.delete(db);
  const stores: [typeof STORES.secrets] = [STORES.secrets];
  const values = await db.tx(stores, "readwrite", where, async (tx) => {
    await change(tx);
    return (await tx.objectStore(STORES.secrets).getAll()).map((row) => row.value);
  });
  lastRead.set(db, redactorOf(values));
}
