/**
 * A write in one round trip: `addIfAbsent` adds a row unless its key is taken, without reading
 * the key first. The add's ConstraintError is handled (the transaction goes on); any other
 * failure aborts the transaction as usual, so the caller's `tx()` rejects with it.
 */

/** Resolves true when the row was added, false when a row with its key was already stored. */
export function addIfAbsent(store: IDBObjectStore, row: unknown): Promise<boolean> {
  return new Promise<boolean>((resolve, reject) => {
    const request = store.add(row);
    request.onsuccess = () => resolve(true);
    request.onerror = (event) => {
      if (request.error?.name !== "ConstraintError") return reject(request.error ?? new DOMException("The write failed.", "UnknownError"));
      // Handled here: unhandled, the failed request would abort the transaction (and idb's `done` would reject).
      event.preventDefault();
      event.stopPropagation();
      resolve(false);
    };
  });
}

/** Puts a row, replacing any with its key (a failure aborts the transaction, which the caller's `tx()` reports). */
export function replace(store: IDBObjectStore, row: unknown): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const request = store.put(row);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new DOMException("The write failed.", "UnknownError"));
  });
}
