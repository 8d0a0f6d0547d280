/**
 * `getDeltaChannelHistory` on the stores directly: one read transaction walks
 * the parent chain, reading per ancestor only its row, its writes and the blobs
 * of channels still unresolved — nothing is deserialized that is not returned.
 */
import type { RunnableConfig } from "@langchain/core/runnables";
import type { DeltaChannelHistory, SerializerProtocol } from "@langchain/langgraph-checkpoint";
import { STORES, type Database, type WriteRow } from "../db.js";
import { addressOf, checkpointRange } from "./keys.js";
import { loadBlob, readBlob, type SnapshotChains, type StoredBlob } from "./snapshotChain.js";
import { SAVER_STORES, loadWrites, readCheckpointRow, sortWrites } from "./storedCheckpoint.js";

/** One ancestor's contribution: its writes to unresolved channels and any seeds it holds. */
interface Step {
  checkpointId: string;
  writes: WriteRow[];
  seeds: StoredBlob[];
}

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
          const target = await readCheckpointRow(tx, threadId, ns, checkpointId);
          const found: Step[] = [];
          const remaining = new Set(channels);
          const visited = new Set<string>();
          let parentId = target?.parent_checkpoint_id ?? null;
          // Writes stored on the target are pending for its next step: the walk starts at its parent.
          while (parentId !== null && remaining.size > 0 && !visited.has(parentId)) {
            visited.add(parentId);
            const row = await checkpoints.get([threadId, ns, parentId]);
            if (row === undefined) break;
            const blobStore = tx.objectStore(STORES.blobs);
            const [writes, seeds] = await Promise.all([
              tx.objectStore(STORES.writes).getAll(checkpointRange(threadId, ns, row.checkpoint_id)),
              Promise.all(
                [...remaining].flatMap((ch) => {
                  const version = row.channel_versions?.[ch];
                  return version === undefined ? [] : [readBlob((v) => blobStore.get([threadId, ns, ch, v]), String(version))];
                }),
              ),
            ]);
            const stored = seeds.filter((seed): seed is StoredBlob => seed !== undefined);
            // An ancestor's own writes count even for channels whose seed it holds.
            found.push({ checkpointId: row.checkpoint_id, writes: writes.filter((write) => remaining.has(write.channel)), seeds: stored });
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
