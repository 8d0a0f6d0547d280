/** Deleting a thread removes everything that belongs to it, inside the caller's transaction. */
import { STORES, type Store, type Tx } from "../db.js";

type CascadeStores = (typeof STORES)[keyof typeof STORES];

/**
 * Sub-agents keep their own history on scoped threads named `<thread>::agent::<Name>`, and
 * Subgraph nodes their saved graph's on `<thread>::subgraph::<node id>` (the engine's
 * scopedThreadId and subgraphThreadId; a test keeps them in step). Written out here because
 * the workspace runs on the main thread, which must not load the engine.
 */
export const SCOPED_THREAD_SEPARATOR = "::agent::";

/** Every row of a graph in a store keyed [graph, …] (knowledge bases, drafts): arrays sort after strings, so [graph, []] ends the range. */
export const graphKeyRange = (graphId: string): IDBKeyRange => IDBKeyRange.bound([graphId], [graphId, []]);
export const SUBGRAPH_THREAD_SEPARATOR = "::subgraph::";

/** Every scoped thread under a thread (and nothing else: "t1" must not reach "t10"). */
function scopedThreads(threadId: string): IDBKeyRange[] {
  return [SCOPED_THREAD_SEPARATOR, SUBGRAPH_THREAD_SEPARATOR].map((separator) => {
    const prefix = `${threadId}${separator}`;
    return IDBKeyRange.bound(prefix, `${prefix}\uffff`);
  });
}

export async function deleteThreadRows(tx: Tx<Store[], "readwrite">, threadId: string): Promise<void> {
  const has = (name: CascadeStores) => (tx.objectStoreNames as unknown as DOMStringList).contains(name);
  if (has(STORES.threads)) await tx.objectStore(STORES.threads).delete(threadId);
  if (has(STORES.runs)) {
    const runs = tx.objectStore(STORES.runs);
    for (const key of await runs.index("thread_id").getAllKeys(IDBKeyRange.bound([threadId, -Infinity], [threadId, Infinity]))) await runs.delete(key);
  }
  if (has(STORES.events)) {
    const events = tx.objectStore(STORES.events);
    for (const key of await events.index("thread_id").getAllKeys(threadId)) await events.delete(key);
  }
  // Checkpoints of the thread and of its sub-agents' and subgraphs' scoped threads, and its background tasks.
  for (const name of [STORES.checkpoints, STORES.writes, STORES.blobs, STORES.tasks] as const) {
    if (!has(name)) continue;
    const store = tx.objectStore(name);
    const index = store.index("thread_id");
    const keys = [...(await index.getAllKeys(threadId))];
    if (name !== STORES.tasks) for (const range of scopedThreads(threadId)) keys.push(...(await index.getAllKeys(range)));
    for (const key of keys) await store.delete(key as never);
  }
}
