/**
 * `getDeltaChannelHistory` on the stores directly: one read transaction walks
 * the parent chain, reading per ancestor only its row, its writes and the blobs
 * of channels still unresolved — nothing is deserialized that is not returned.
 * Ancestors are read a page at a time (rows, then writes, each in one request), and a
 * seed only where the channel has a stored value: a few requests, not three per ancestor.
 */
import type { RunnableConfig } from "@langchain/core/runnables";
import type { DeltaChannelHistory, SerializerProtocol } from "@langchain/langgraph-checkpoint";
import { STORES, type CheckpointRow, type Database, type WriteRow } from "../db.js";
import { addressOf, channelRange, checkpointRange, checkpointsBetween, writesBetween } from "./keys.js";
import { loadBlob, readBlob, type SnapshotChains, type StoredBlob } from "./snapshotChain.js";
import { SAVER_STORES, loadWrites, readCheckpointRow, sortWrites } from "./storedCheckpoint.js";

/** One ancestor's contribution: its writes to unresolved channels and any seeds it holds. */
interface Step {
  checkpointId: string;
  writes: WriteRow[];
  seeds: StoredBlob[];
}

/** Ancestors read per round trip: their rows in one request, their writes in another. */
const PAGE = 32;

export async function readDeltaChannelHistory(
  db: Database,
  serde: SerializerProtocol,
  chains: SnapshotChains,
  config: RunnableConfig,
  channels: string[],
): Promise<Record<string, DeltaChannelHistory>> {
  if (channels.length === 0) return {};
  const { threadId, ns = "", checkpointId } = addressOf(config);
  const steps =
    threadId === undefined
      ? []
      : await db.tx(SAVER_STORES, "readonly", `reading the history of thread "${threadId}"`, async (tx) => {
          const checkpoints = tx.objectStore(STORES.checkpoints);
          const blobStore = tx.objectStore(STORES.blobs);
          const writeStore = tx.objectStore(STORES.writes);
          const target = await readCheckpointRow(tx, threadId, ns, checkpointId);
          // Writes stored on the target are pending for its next step: the walk starts at its parent.
          let parentId = target?.parent_checkpoint_id ?? null;
          if (parentId === null) return [];
          // The namespace's checkpoint ids up to the parent (oldest first), and the versions at which
          // each channel has a stored value: a seed is read only where there is one.
          const [keys, ...blobKeys] = await Promise.all([
            checkpoints.getAllKeys(IDBKeyRange.bound([threadId, ns], [threadId, ns, parentId])),
            ...channels.map((ch) => blobStore.getAllKeys(channelRange(threadId, ns, ch))),
          ]);
          const ids = keys.map((key) => key[2]);
          const seedVersions = new Map(channels.map((ch, i) => [ch, new Set((blobKeys[i] ?? []).map((key) => key[3]))]));
          const rows = new Map<string, CheckpointRow>();
          const writesOf = new Map<string, WriteRow[]>();
          /** Reads the page of rows and writes that ends at `id`: a parent is older than its child, so the next ancestors are in it (other branches' rows are passed over). */
          const readPage = async (id: string) => {
            const top = ids.lastIndexOf(id);
            const from = ids[Math.max(0, top - PAGE + 1)];
            if (top < 0 || from === undefined) {
              const [row, writes] = await Promise.all([checkpoints.get([threadId, ns, id]), writeStore.getAll(checkpointRange(threadId, ns, id))]);
              if (row) rows.set(id, row);
              writesOf.set(id, writes);
              return;
            }
            const [pageRows, pageWrites] = await Promise.all([
              checkpoints.getAll(checkpointsBetween(threadId, ns, from, id)),
              writeStore.getAll(writesBetween(threadId, ns, from, id)),
            ]);
            for (const row of pageRows) {
              rows.set(row.checkpoint_id, row);
              writesOf.set(row.checkpoint_id, []);
            }
            for (const write of pageWrites) writesOf.get(write.checkpoint_id)?.push(write);
          };
          const found: Step[] = [];
          const remaining = new Set(channels);
          const visited = new Set<string>();
          while (parentId !== null && remaining.size > 0 && !visited.has(parentId)) {
            if (!rows.has(parentId)) await readPage(parentId);
            const row = rows.get(parentId);
            if (row === undefined) break;
            visited.add(parentId);
            const seeds = await Promise.all(
              [...remaining].flatMap((ch) => {
                const version = row.channel_versions?.[ch];
                if (version === undefined || !seedVersions.get(ch)?.has(String(version))) return [];
                return [readBlob((v) => blobStore.get([threadId, ns, ch, v]), String(version))];
              }),
            );
            const stored = seeds.filter((seed): seed is StoredBlob => seed !== undefined);
            // An ancestor's own writes count even for channels whose seed it holds.
            found.push({
              checkpointId: row.checkpoint_id,
              writes: (writesOf.get(row.checkpoint_id) ?? []).filter((write) => remaining.has(write.channel)),
              seeds: stored,
            });
            for (const seed of stored) remaining.delete(seed.row.channel);
            parentId = row.parent_checkpoint_id;
          }
          return found;
        });
  return assemble(serde, chains, channels, steps);
}

/** Per channel: writes oldest → newest, in `writesSortKey` order within each step, and the seed if any. */
async function assemble(serde: SerializerProtocol, chains: SnapshotChains, channels: string[], steps: Step[]): Promise<Record<string, DeltaChannelHistory>> {
  const result: Record<string, DeltaChannelHistory> = {};
  for (const channel of channels) result[channel] = { writes: [] };
  for (const step of [...steps].reverse()) {
    const what = `checkpoint "${step.checkpointId}"`;
    for (const write of await loadWrites(serde, sortWrites(step.writes), what)) result[write[1]]?.writes.push(write);
  }
  for (const step of steps) {
    for (const seed of step.seeds) {
      const entry = result[seed.row.channel];
      if (!entry) continue;
      entry.seed = await loadBlob(serde, seed, `channel "${seed.row.channel}" of checkpoint "${step.checkpointId}"`);
      chains.read(seed, entry.seed);
    }
  }
  return result;
}
