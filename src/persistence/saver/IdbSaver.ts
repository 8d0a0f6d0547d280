/**
 * LangGraph's checkpoint saver on the shared IndexedDB database. Channel values
 * are stored once per (channel, version) in `blobs`, so a step rewrites only
 * the channels it changed; each put, putWrites and deleteThread is one
 * readwrite transaction whose failure rejects with a PersistenceError.
 */
import type { RunnableConfig } from "@langchain/core/runnables";
import {
  BaseCheckpointSaver,
  TASKS,
  WRITES_IDX_MAP,
  copyCheckpoint,
  type ChannelVersions,
  type Checkpoint,
  type CheckpointListOptions,
  type CheckpointMetadata,
  type CheckpointTuple,
  type DeltaChannelHistory,
  type PendingWrite,
  type SerializerProtocol,
} from "@langchain/langgraph-checkpoint";
import { Database, STORES, type BlobRow, type CheckpointRow, type WriteRow } from "../db.js";
import { PersistenceError } from "../errors.js";
import { nextChannelVersion } from "./channelVersion.js";
import { dump } from "./codec.js";
import { readDeltaChannelHistory } from "./deltaHistory.js";
import { addressOf, checkpointRange, requireThread, threadRange } from "./keys.js";
import { listCheckpoints } from "./listCheckpoints.js";
import { ReadAhead } from "./readAhead.js";
import { SnapshotChains, isListSnapshot, type BlobPlan } from "./snapshotChain.js";
import { SAVER_STORES, readCheckpointRow, readStored, toTuple, type TupleContext } from "./storedCheckpoint.js";
import { writeCheckpoint, writeTaskWrites } from "./writeStep.js";

export interface IdbSaverOptions {
  /** The IndexedDB database name. This and the options below but `serde` are ignored when `database` is given. */
  name?: string;
  /** Share one connection with the workspace stores. */
  database?: Database;
  /** Test seam: the IndexedDB factory (fake-indexeddb in Node). */
  indexedDB?: IDBFactory;
  serde?: SerializerProtocol;
  /** Another tab is upgrading the database; our connection was closed. */
  onVersionChange?: () => void;
  /** Our upgrade waits for another tab to close the database. */
  onBlocked?: () => void;
}

/**
 * @example
 * const checkpointer = new IdbSaver({ name: "graphwright" });
 * const graph = builder.compile({ checkpointer });
 * await graph.invoke(input, { configurable: { thread_id: "t-1" } });
 */
export class IdbSaver extends BaseCheckpointSaver {
  readonly database: Database;
  private readonly ownsDatabase: boolean;
  private readonly chains: SnapshotChains;
  private readonly context: TupleContext;
  private readonly ahead = new ReadAhead();

  constructor(options: IdbSaverOptions = {}) {
    super(options.serde);
    this.ownsDatabase = options.database === undefined;
    this.database =
      options.database ??
      new Database({ name: options.name, indexedDB: options.indexedDB, onVersionChange: options.onVersionChange, onBlocked: options.onBlocked });
    this.chains = new SnapshotChains(this.serde);
    this.context = {
      serde: this.serde,
      chains: this.chains,
      parentSends: (row) => this.parentSends(row),
      nextVersion: (current) => this.getNextVersion(current),
    };
  }

  /** Closes the connection if this saver opened it; a shared Database is the owner's to close. */
  async close(): Promise<void> {
    if (this.ownsDatabase) await this.database.close();
  }

  override getNextVersion(current: number | undefined): number {
    return nextChannelVersion(current);
  }

  async getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    const { threadId, ns = "", checkpointId } = addressOf(config);
    if (threadId === undefined) return undefined;
    const ahead = ns === "" && checkpointId === undefined ? this.ahead.takeTuple(threadId) : null;
    return ahead ? ahead.catch(() => this.readTuple(threadId, ns, checkpointId)) : this.readTuple(threadId, ns, checkpointId);
  }

  /**
   * Reads the newest checkpoint of `threadId` and its delta channels' history now, for a run that
   * holds the thread's lock and is about to ask for them (see readAhead.ts); the returned function
   * drops what the run did not take.
   * @example
   * const done = saver.readAhead("t1", ["messages"]);
   * try { await graph.invoke(input, { configurable: { thread_id: "t1" } }); } finally { done(); }
   */
  readAhead(threadId: string, channels: readonly string[]): () => void {
    const config = { configurable: { thread_id: threadId, checkpoint_ns: "" } };
    return this.ahead.start(threadId, channels, {
      tuple: () => this.readTuple(threadId, "", undefined),
      history: () => readDeltaChannelHistory(this.database, this.serde, this.chains, config, [...channels]),
    });
  }

  private async readTuple(threadId: string, ns: string, checkpointId: string | undefined): Promise<CheckpointTuple | undefined> {
    const stored = await this.database.tx(SAVER_STORES, "readonly", `reading a checkpoint of thread "${threadId}"`, async (tx) => {
      const row = await readCheckpointRow(tx, threadId, ns, checkpointId);
      return row && readStored(tx, row);
    });
    return stored && toTuple(this.context, stored);
  }

  /** Newest first within each thread and namespace; `filter` matches metadata values. */
  list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    return listCheckpoints(this.database, this.context, config, options);
  }

  async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, newVersions: ChannelVersions): Promise<RunnableConfig> {
    const { threadId, ns } = requireThread(config, "save a checkpoint");
    this.ahead.written(threadId);
    const what = `checkpoint "${checkpoint.id}" of thread "${threadId}"`;
    const { channel_values: values, ...skeleton } = copyCheckpoint(checkpoint);
    const [serialized, meta, plans] = await Promise.all([
      dump(this.serde, skeleton, what),
      dump(this.serde, metadata, `metadata of ${what}`),
      this.planBlobs(threadId, ns, values, newVersions, what),
    ]);
    const row: CheckpointRow = {
      thread_id: threadId,
      checkpoint_ns: ns,
      checkpoint_id: checkpoint.id,
      parent_checkpoint_id: addressOf(config).checkpointId ?? null,
      channel_versions: { ...checkpoint.channel_versions },
      type: serialized.type,
      checkpoint: serialized.bytes,
      metadata_type: meta.type,
      metadata: meta.bytes,
    };
    // One transaction, committed as its requests go out; all or nothing: a failed blob takes the row back.
    const written = await this.database.tx([STORES.checkpoints, STORES.blobs], "readwrite", `saving ${what}`, (tx) => writeCheckpoint(tx, row, plans));
    plans.forEach((plan, i) => this.chains.stored(plan, written[i] ?? plan.full));
    return { configurable: { thread_id: threadId, checkpoint_ns: ns, checkpoint_id: checkpoint.id } };
  }

  /** Only channels with a new version get a blob; a channel absent from values is empty at that version. */
  private planBlobs(threadId: string, ns: string, values: Record<string, unknown>, newVersions: ChannelVersions, what: string): Promise<BlobPlan[]> {
    const changed = Object.entries(newVersions).filter(([channel]) => channel in values);
    return Promise.all(
      changed.map(async ([channel, version]) => {
        const value = values[channel];
        const where = `channel "${channel}" of ${what}`;
        const { type, bytes } = await dump(this.serde, value, where);
        const full: BlobRow = { thread_id: threadId, checkpoint_ns: ns, channel, version: String(version), type, value: bytes };
        return isListSnapshot(value) ? this.chains.plan(full, value, where) : { full };
      }),
    );
  }

  /**
   * Regular writes keep their first value (a retried task must not replace
   * them); special channels (errors, interrupts, resumes) take fixed negative
   * indexes and are replaced, as in LangGraph's own savers.
   */
  async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string): Promise<void> {
    const { threadId, ns } = requireThread(config, "save writes");
    this.ahead.written(threadId);
    const checkpointId = addressOf(config).checkpointId;
    if (checkpointId === undefined) throw new PersistenceError("INVALID_DATA", "Cannot save writes: config.configurable.checkpoint_id is missing.");
    const what = `writes of task "${taskId}" to checkpoint "${checkpointId}" of thread "${threadId}"`;
    const rows = await Promise.all(
      writes.map(async ([channel, value], index): Promise<WriteRow> => {
        const { type, bytes } = await dump(this.serde, value, what);
        const idx = WRITES_IDX_MAP[channel] ?? index;
        return {
          thread_id: threadId,
          checkpoint_ns: ns,
          checkpoint_id: checkpointId,
          task_id: taskId,
          idx,
          task_path: taskPath ?? "",
          channel,
          type,
          value: bytes,
        };
      }),
    );
    await writeTaskWrites(this.database, rows, `saving ${what}`);
  }

  /** Removes the thread's checkpoints, writes and blobs in every namespace, in one transaction. */
  async deleteThread(threadId: string): Promise<void> {
    this.ahead.written(threadId);
    await this.database.tx(SAVER_STORES, "readwrite", `deleting the checkpoints of thread "${threadId}"`, async (tx) => {
      const range = threadRange(threadId);
      await Promise.all(SAVER_STORES.map((name) => tx.objectStore(name).delete(range)));
    });
    this.chains.forgetThread(threadId);
  }

  /**
   * The threads with checkpoints whose ids start with `prefix`, from the thread index alone (no
   * checkpoint is read): a fork finds a thread's sub-agents' and subgraphs' threads by it.
   * @example await saver.threadIds("t1::agent::") // ["t1::agent::Emails"]
   */
  async threadIds(prefix: string): Promise<string[]> {
    return this.database.tx([STORES.checkpoints], "readonly", `listing the threads under "${prefix}"`, async (tx) => {
      const ids: string[] = [];
      const range = IDBKeyRange.bound(prefix, `${prefix}\uffff`);
      let cursor = await tx.objectStore(STORES.checkpoints).index("thread_id").openKeyCursor(range, "nextunique");
      while (cursor) {
        ids.push(String(cursor.key));
        cursor = await cursor.continue();
      }
      return ids;
    });
  }

  override async getDeltaChannelHistory(options: { config: RunnableConfig; channels: string[] }): Promise<Record<string, DeltaChannelHistory>> {
    const { threadId, ns = "", checkpointId } = addressOf(options.config);
    const ahead = threadId !== undefined && ns === "" ? await this.ahead.takeHistory(threadId, checkpointId, options.channels) : null;
    return ahead ?? readDeltaChannelHistory(this.database, this.serde, this.chains, options.config, options.channels);
  }

  /** Format < v4 only: the parent's TASKS writes, which held pending sends. */
  private async parentSends(row: CheckpointRow): Promise<WriteRow[]> {
    const parentId = row.parent_checkpoint_id;
    if (parentId === null) return [];
    const writes = await this.database.tx([STORES.writes], "readonly", `reading pending sends of ${row.checkpoint_id}`, (tx) =>
      tx.objectStore(STORES.writes).getAll(checkpointRange(row.thread_id, row.checkpoint_ns, parentId)),
    );
    return writes.filter((write) => write.channel === TASKS);
  }
}
