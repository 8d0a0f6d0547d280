/**
 * Reads a saver does ahead of a run, while the run's thread lock is held: the newest checkpoint
 * of the thread's root namespace and its delta channels' history, the two reads a LangGraph run
 * starts with. They go out with the run's own bookkeeping (its record, its task list) instead of
 * after it. Each is handed out once, and only while nothing was written to the thread since it
 * was read: under the lock nobody else writes the thread, so it is what a read then would give.
 */
import type { CheckpointTuple, DeltaChannelHistory } from "@langchain/langgraph-checkpoint";

interface Ahead {
  tuple: Promise<CheckpointTuple | undefined> | null;
  history: Promise<Record<string, DeltaChannelHistory>> | null;
  channels: readonly string[];
  /** The id of the checkpoint read ahead: the history read ahead is up to it. */
  newest: Promise<string | undefined>;
}

export interface AheadReads {
  /** The thread's newest checkpoint in the root namespace. */
  tuple(): Promise<CheckpointTuple | undefined>;
  /** The history of `channels` up to that checkpoint. */
  history(channels: readonly string[]): Promise<Record<string, DeltaChannelHistory>>;
}

export class ReadAhead {
  private readonly threads = new Map<string, Ahead>();

  /** Starts the reads for `threadId`; the returned function drops what was not taken. */
  start(threadId: string, channels: readonly string[], reads: AheadReads): () => void {
    const tuple = reads.tuple();
    const history = reads.history(channels);
    // A failed read ahead is simply read again when asked: no rejection goes unhandled here.
    tuple.catch(() => undefined);
    history.catch(() => undefined);
    const newest = tuple.then(
      (read) => read?.config.configurable?.checkpoint_id as string | undefined,
      () => undefined,
    );
    const ahead: Ahead = { tuple, history, channels, newest };
    this.threads.set(threadId, ahead);
    return () => {
      if (this.threads.get(threadId) === ahead) this.threads.delete(threadId);
    };
  }

  /** A write to the thread makes what was read ahead stale. */
  written(threadId: string): void {
    this.threads.delete(threadId);
  }

  /** The newest checkpoint read ahead for `threadId`, once; null when there is none to take. */
  takeTuple(threadId: string): Promise<CheckpointTuple | undefined> | null {
    const ahead = this.threads.get(threadId);
    const tuple = ahead?.tuple ?? null;
    if (ahead) ahead.tuple = null;
    return tuple;
  }

  /**
   * The history read ahead, once, when it is the one asked for: `checkpointId` is the newest
   * checkpoint read ahead and `channels` were all read. Null otherwise (read it again).
   */
  async takeHistory(threadId: string, checkpointId: string | undefined, channels: readonly string[]): Promise<Record<string, DeltaChannelHistory> | null> {
    const ahead = this.threads.get(threadId);
    if (!ahead?.history || !channels.every((channel) => ahead.channels.includes(channel))) return null;
    const { history, newest } = ahead;
    ahead.history = null;
    const [read, newestId] = await Promise.all([history.catch(() => null), newest]);
    if (!read || checkpointId === undefined || newestId !== checkpointId) return null;
    return Object.fromEntries(channels.flatMap((channel) => (read[channel] ? [[channel, read[channel]]] : [])));
  }
}
