/**
 * A step's writes in one transaction each, committed as soon as every request is issued: the
 * transaction then commits without this thread seeing each request's result first, which during
 * a run can wait behind the engine's own work on the same thread. Only a snapshot tail (it first
 * checks that the rows it follows are stored) and a retried task's writes (a stored regular write
 * keeps its first value) read before they write, and then commit after the reads.
 */
import { unwrap } from "idb";
import { STORES, type BlobRow, type CheckpointRow, type Database, type Tx, type WriteRow } from "../db.js";
import { PersistenceError } from "../errors.js";
import { addIfAbsent, replace } from "./addIfAbsent.js";
import { rowToWrite, type BlobPlan } from "./snapshotChain.js";

type CheckpointStores = [typeof STORES.checkpoints, typeof STORES.blobs];

/**
 * Puts a checkpoint row and its channel blobs in the caller's transaction. Returns the blob rows
 * stored, in plan order: a plan's tail, or its full row when a row the tail follows is gone.
 */
export function writeCheckpoint(tx: Tx<CheckpointStores, "readwrite">, row: CheckpointRow, plans: BlobPlan[]): BlobRow[] | Promise<BlobRow[]> {
  const checkpoints = unwrap(tx.objectStore(STORES.checkpoints));
  const blobs = unwrap(tx.objectStore(STORES.blobs));
  // A failed request aborts the transaction (nothing handles its error), which `tx()` reports.
  checkpoints.put(row);
  if (!plans.some((plan) => plan.tail)) {
    for (const plan of plans) blobs.put(plan.full);
    return plans.map((plan) => plan.full);
  }
  const store = tx.objectStore(STORES.blobs);
  const has = (plan: BlobPlan) => async (version: string) =>
    (await store.getKey([plan.full.thread_id, plan.full.checkpoint_ns, plan.full.channel, version])) !== undefined;
  return Promise.all(
    plans.map(async (plan) => {
      const blob = plan.tail ? await rowToWrite(plan, has(plan)) : plan.full;
      await replace(blobs, blob);
      return blob;
    }),
  );
}

/**
 * Adds a task's regular writes and replaces its special ones (errors, interrupts, resumes), all
 * or none. A regular write already stored (the task ran before, say until a reload) fails its
 * add and so the transaction; then the writes go again, each regular one added only if absent.
 */
export async function writeTaskWrites(database: Database, rows: WriteRow[], where: string): Promise<void> {
  try {
    await database.tx([STORES.writes], "readwrite", where, (tx) => {
      const store = unwrap(tx.objectStore(STORES.writes));
      for (const row of rows) {
        if (row.idx >= 0) store.add(row);
        else store.put(row);
      }
    });
  } catch (error) {
    if (!isConstraintError(error)) throw error;
    await database.tx([STORES.writes], "readwrite", where, async (tx) => {
      const store = unwrap(tx.objectStore(STORES.writes));
      await Promise.all(rows.map((row) => (row.idx >= 0 ? addIfAbsent(store, row) : replace(store, row))));
    });
  }
}

function isConstraintError(error: unknown): boolean {
  return error instanceof PersistenceError && (error.details.cause as { name?: unknown } | null | undefined)?.name === "ConstraintError";
}
