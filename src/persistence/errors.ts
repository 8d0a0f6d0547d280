/** Storage failures with a code a caller (and later the UI) can act on. */
export type PersistenceErrorCode =
  | "QUOTA_EXCEEDED"
  | "CONNECTION_LOST"
  | "UPGRADE_BLOCKED"
  | "VERSION_CHANGED"
  | "TRANSACTION_FAILED"
  | "THREAD_BUSY"
  | "NOT_FOUND"
  | "INVALID_DATA"
  | "STALE_GRAPH"
  | "UNSUPPORTED"
  /** The embeddings model of a vector index failed or answered out of shape; nothing was saved. */
  | "EMBEDDING_FAILED";

export class PersistenceError extends Error {
  override readonly name = "PersistenceError";
  constructor(
    readonly code: PersistenceErrorCode,
    message: string,
    readonly details: { store?: string; cause?: unknown } = {},
  ) {
    super(message);
  }
}

/** Maps what IndexedDB throws to a PersistenceError that says what happened and where. */
export function toPersistenceError(error: unknown, where: string): PersistenceError {
  if (error instanceof PersistenceError) return error;
  const name = (error as { name?: string } | null)?.name ?? "";
  const message = (error as { message?: string } | null)?.message ?? String(error);
  if (name === "QuotaExceededError" || /quota/i.test(message)) {
    return new PersistenceError(
      "QUOTA_EXCEEDED",
      `The browser's storage is full, so ${where} failed and nothing was saved. Free space (delete old threads or versions) and try again.`,
      { cause: error },
    );
  }
  if (name === "VersionError") {
    return new PersistenceError(
      "VERSION_CHANGED",
      `A newer version of Graphwright upgraded the browser database in another tab, so ${where} failed. Reload this tab.`,
      { cause: error },
    );
  }
  if (name === "InvalidStateError" || name === "UnknownError" || /closing|closed|connection/i.test(message)) {
    return new PersistenceError("CONNECTION_LOST", `The connection to the browser database was lost while ${where}; nothing was saved.`, { cause: error });
  }
  return new PersistenceError("TRANSACTION_FAILED", `Saving failed while ${where}: ${message}`, { cause: error });
}

/**
 * The error of the first request that failed the transaction. A request nobody waits on fails it
 * with that error, but `done` then rejects with an AbortError, and `tx()`'s abort() clears
 * `transaction.error`. Its error event is seen on the way to the transaction (before `done`'s own
 * listener); one its request handled (`preventDefault`) or an AbortError (the transaction ended
 * for another reason) is no cause.
 */
export function watchFailedRequests(transaction: IDBTransaction): () => DOMException | null {
  const failures: Event[] = [];
  transaction.addEventListener("error", (event) => failures.push(event), { capture: true });
  return () => {
    for (const event of failures) {
      const error = (event.target as IDBRequest).error;
      if (!event.defaultPrevented && error && error.name !== "AbortError") return error;
    }
    return null;
  };
}
