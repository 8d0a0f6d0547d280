/**
 * One checkpoint as stored — its row, the blobs its channel versions point to,
 * its pending writes — read inside a transaction, and turned into a LangGraph
 * tuple after it (deserializing may await more than IndexedDB allows).
 */
import {
  TASKS,
  compareWritesSortKeys,
  maxChannelVersion,
  writesSortKey,
  type Checkpoint,
  type CheckpointMetadata,
  type CheckpointPendingWrite,
  type CheckpointTuple,
  type SerializerProtocol,
} from "@langchain/langgraph-checkpoint";
import { STORES, type CheckpointRow, type Tx, type WriteRow } from "../db.js";
import { load } from "./codec.js";
import { checkpointRange, namespaceRange } from "./keys.js";
import { loadBlob, readBlob, type SnapshotChains, type StoredBlob } from "./snapshotChain.js";

export const SAVER_STORES = [STORES.checkpoints, STORES.blobs, STORES.writes];
export type SaverStores = typeof SAVER_STORES;

export interface StoredCheckpoint {
  row: CheckpointRow;
  blobs: StoredBlob[];
  writes: WriteRow[];
}

/** What turning rows into a tuple needs from the saver. */
export interface TupleContext {
  serde: SerializerProtocol;
  chains: SnapshotChains;
  /** TASKS writes of the parent: only checkpoints older than format v4 need them. */
  parentSends(row: CheckpointRow): Promise<WriteRow[]>;
  nextVersion(current: number | undefined): number;
}

/** The checkpoint a config names, or the namespace's latest when it names none. */
export async function readCheckpointRow<M extends IDBTransactionMode>(
  tx: Tx<SaverStores, M>,
  threadId: string,
  ns: string,
  checkpointId: string | undefined,
): Promise<CheckpointRow | undefined> {
  const checkpoints = tx.objectStore(STORES.checkpoints);
  if (checkpointId !== undefined) return checkpoints.get([threadId, ns, checkpointId]);
  return (await checkpoints.openCursor(namespaceRange(threadId, ns), "prev"))?.value;
}

/** Reads a checkpoint's blobs and writes in the caller's transaction. */
export async function readStored<M extends IDBTransactionMode>(tx: Tx<SaverStores, M>, row: CheckpointRow): Promise<StoredCheckpoint> {
  const blobStore = tx.objectStore(STORES.blobs);
  const [blobs, writes] = await Promise.all([
    Promise.all(
      Object.entries(row.channel_versions ?? {}).map(([channel, version]) =>
        readBlob((v) => blobStore.get([row.thread_id, row.checkpoint_ns, channel, v]), String(version)),
      ),
    ),
    tx.objectStore(STORES.writes).getAll(checkpointRange(row.thread_id, row.checkpoint_ns, row.checkpoint_id)),
  ]);
  return { row, blobs: blobs.filter((blob): blob is StoredBlob => blob !== undefined), writes };
}

/** Writes in the order live execution applied them: `(task_path, task_id, idx)`. */
export function sortWrites(rows: WriteRow[]): WriteRow[] {
  return [...rows].sort((a, b) => compareWritesSortKeys(writesSortKey(a.task_path, a.task_id, a.idx), writesSortKey(b.task_path, b.task_id, b.idx)));
}

export function describeRow(row: CheckpointRow): string {
  return `checkpoint "${row.checkpoint_id}" of thread "${row.thread_id}"`;
}

export async function loadWrites(serde: SerializerProtocol, rows: WriteRow[], what: string): Promise<CheckpointPendingWrite[]> {
  return Promise.all(
    rows.map(async (row): Promise<CheckpointPendingWrite> => [
      row.task_id,
      row.channel,
      await load(serde, row.type, row.value, `write to "${row.channel}" in ${what}`),
    ]),
  );
}

async function loadValues(context: TupleContext, blobs: StoredBlob[], what: string): Promise<Record<string, unknown>> {
  const entries = await Promise.all(
    blobs.map(async (blob) => {
      const value = await loadBlob(context.serde, blob, `channel "${blob.row.channel}" of ${what}`);
      context.chains.read(blob, value);
      return [blob.row.channel, value] as const;
    }),
  );
  return Object.fromEntries(entries);
}

export async function toTuple(context: TupleContext, stored: StoredCheckpoint): Promise<CheckpointTuple> {
  const { row } = stored;
  const what = describeRow(row);
  const [skeleton, metadata, channelValues, pendingWrites] = await Promise.all([
    load<Omit<Checkpoint, "channel_values">>(context.serde, row.type, row.checkpoint, what),
    load<CheckpointMetadata>(context.serde, row.metadata_type, row.metadata, `metadata of ${what}`),
    loadValues(context, stored.blobs, what),
    loadWrites(context.serde, sortWrites(stored.writes), what),
  ]);
  const checkpoint: Checkpoint = { ...skeleton, channel_values: channelValues };
  if (checkpoint.v < 4 && row.parent_checkpoint_id !== null) await migratePendingSends(context, checkpoint, row);
  const address = { thread_id: row.thread_id, checkpoint_ns: row.checkpoint_ns };
  const tuple: CheckpointTuple = { config: { configurable: { ...address, checkpoint_id: row.checkpoint_id } }, checkpoint, metadata, pendingWrites };
  if (row.parent_checkpoint_id !== null) tuple.parentConfig = { configurable: { ...address, checkpoint_id: row.parent_checkpoint_id } };
  return tuple;
}

/** Before format v4, pending sends lived in the parent's TASKS writes; newer LangGraph reads them as a channel. */
async function migratePendingSends(context: TupleContext, checkpoint: Checkpoint, row: CheckpointRow): Promise<void> {
  const sends = await loadWrites(context.serde, sortWrites(await context.parentSends(row)), describeRow(row));
  checkpoint.channel_values[TASKS] = sends.map(([, , value]) => value);
  const versions = Object.values(checkpoint.channel_versions);
  checkpoint.channel_versions[TASKS] = versions.length > 0 ? maxChannelVersion(...versions) : context.nextVersion(undefined);
}
