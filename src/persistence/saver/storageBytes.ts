/**
 * Bytes the saver has stored — serialized checkpoints, metadata, writes and
 * channel blobs — for one thread or the whole database. Tests and the bench
 * use it to check that storage grows linearly with conversation length.
 */
import { STORES, type Database } from "../db.js";
import { threadRange } from "./keys.js";
import { SAVER_STORES } from "./storedCheckpoint.js";

/**
 * @example
 * const before = await storageBytes(saver.database, "t-1");
 */
export async function storageBytes(db: Database, threadId?: string): Promise<number> {
  const range = threadId === undefined ? undefined : threadRange(threadId);
  return db.tx(SAVER_STORES, "readonly", "measuring checkpoint storage", async (tx) => {
    const [checkpoints, writes, blobs] = await Promise.all([
      tx.objectStore(STORES.checkpoints).getAll(range),
      tx.objectStore(STORES.writes).getAll(range),
      tx.objectStore(STORES.blobs).getAll(range),
    ]);
    let total = 0;
    for (const row of checkpoints) total += row.checkpoint.byteLength + row.metadata.byteLength;
    for (const row of writes) total += row.value.byteLength;
    for (const row of blobs) total += row.value.byteLength;
    return total;
  });
}
