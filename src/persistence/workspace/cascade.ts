/** Deleting a thread removes everything that belongs to it, inside the caller's transaction. */
import { STORES, type Store, type Tx } from "../db.js";

type CascadeStores = (typeof STORES)[keyof typeof STORES];

export async function deleteThreadRows(tx: Tx<Store[], "readwrite">, threadId: string): Promise<void> {
  const has = (name: CascadeStores) => (tx.objectStoreNames as unknown as DOMStringList).contains(name);
  if (has(STORES.threads)) await tx.objectStore(STORES.threads).delete(threadId);
  if (has(STORES.runs)) {
    const runs = tx.objectStore(STORES.runs);
    for (const key of await runs.index("thread_id").getAllKeys(IDBKeyRange.bound([threadId, -Infinity], [threadId, Infinity]))) await runs.delete(key);
  }
  for (const name of [STORES.events, STORES.checkpoints, STORES.writes, STORES.blobs] as const) {
    if (!has(name)) continue;
    const store = tx.objectStore(name);
    for (const key of await store.index("thread_id").getAllKeys(threadId)) await store.delete(key as never);
  }
}
