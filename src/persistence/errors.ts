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
