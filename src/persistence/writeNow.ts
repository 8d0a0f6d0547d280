/**
 * A write for a page being hidden or unloaded. Once the `pagehide` handler returns, a request
 * that waits for another request's answer is never issued, so `Database.tx()`'s read-then-write
 * would write nothing; here every request is issued by `fn` at once and the transaction is
 * committed before returning, so it lands.
 */
import { unwrap, type DBSchema, type StoreNames } from "idb";
import type { Database } from "./db.js";
import { toPersistenceError, watchFailedRequests } from "./errors.js";

/**
 * Runs `fn` (which must issue all its requests synchronously) in one readwrite transaction and
 * commits it at once. Null, writing nothing, while the connection is not open (still opening,
 * closed, lost); otherwise a promise of the commit, which an unloading page does not wait for.
 * @example writeNow(db, [STORES.drafts], "keeping unsaved changes", (tx) => tx.objectStore(STORES.drafts).put(row));
 */
export function writeNow<S extends DBSchema>(
  database: Database<S>,
  stores: StoreNames<S>[],
  where: string,
  fn: (tx: IDBTransaction) => void,
): Promise<void> | null {
  const db = database.openNow();
  if (!db) return null;
  let transaction: IDBTransaction;
  try {
    transaction = unwrap(db).transaction(stores as string[], "readwrite", { durability: database.durabilityOf(stores) });
  } catch {
    // Closing under us (another tab's upgrade): nothing is written now; `tx()` reopens next time.
    return null;
  }
  const failedRequest = watchFailedRequests(transaction);
  const done = new Promise<void>((resolve, reject) => {
    transaction.addEventListener("complete", () => resolve());
    transaction.addEventListener("abort", () =>
      reject(toPersistenceError(transaction.error ?? failedRequest() ?? new DOMException("aborted", "AbortError"), where)),
    );
  });
  try {
    fn(transaction);
    transaction.commit();
  } catch (error) {
    // A value that cannot be stored (DataCloneError): nothing of this transaction lands.
    try {
      transaction.abort();
    } catch {
      // Already finished: `done` says how it ended.
    }
    done.catch(() => undefined);
    return Promise.reject(toPersistenceError(error, where));
  }
  return done;
}
