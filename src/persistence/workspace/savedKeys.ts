/**
 * Keeps saved keys out of the stores that hold what the user typed (graphs and versions): a
 * key pasted into a prompt or an edge label is replaced by `REDACTED` in the same transaction
 * that stores it. The key values are read from `secrets` inside that transaction and never
 * leave this module, so the page that saves a graph learns only that something was removed.
 */
import { createRedactor, REDACTED } from "../../schema/index.js";
import { STORES, type Store, type Tx } from "../db.js";

/** What a store kept of a value: the value itself, or a copy without saved keys. */
export interface Scrubbed<T> {
  value: T;
  /** True when a saved key, or a piece of one, was replaced. */
  removed: boolean;
}

/**
 * `value` without any saved key or 12-character piece of one, read against `secrets` in `tx`.
 * Returns the same object when it held none, so callers can tell by identity too.
 * @example const { value: document, removed } = await withoutSavedKeys(tx, document);
 */
export async function withoutSavedKeys<T, S extends Store[]>(tx: Tx<S, "readwrite">, value: T): Promise<Scrubbed<T>> {
  // Every caller opens its transaction over `secrets` too; the cast names that store for idb's types.
  const rows = await (tx as unknown as Tx<[typeof STORES.secrets], "readwrite">).objectStore(STORES.secrets).getAll();
  if (rows.length === 0) return { value, removed: false };
  const redactor = createRedactor(
    rows.map((row) => row.value),
    { shapes: false },
  );
  // Keys are plain ASCII, so JSON text holds them verbatim: one scan decides whether to copy.
  if (redactor.spans(JSON.stringify(value)).length === 0) return { value, removed: false };
  return { value: redactor.redactValue(value, REDACTED), removed: true };
}
