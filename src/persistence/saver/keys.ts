/**
 * Where a config points in the saver's stores, and the key ranges that select
 * a thread, a namespace or one checkpoint's writes. Every saver key starts
 * with [thread_id, checkpoint_ns, ...], so one range reaches a whole prefix.
 */
import type { RunnableConfig } from "@langchain/core/runnables";
import { getCheckpointId } from "@langchain/langgraph-checkpoint";
import { PersistenceError } from "../errors.js";

/** IndexedDB sorts every array after every string, so `[...prefix, TOP]` bounds all keys under a prefix. */
const TOP: IDBValidKey = [];

export interface Address {
  threadId: string | undefined;
  /** `undefined` only where a list means "every namespace". */
  ns: string | undefined;
  checkpointId: string | undefined;
}

/** Reads thread, namespace and checkpoint id from a config, as LangGraph passes them. */
export function addressOf(config: RunnableConfig | undefined): Address {
  const configurable = config?.configurable ?? {};
  const threadId: unknown = configurable.thread_id;
  const ns: unknown = configurable.checkpoint_ns;
  return {
    threadId: threadId === undefined || threadId === null || threadId === "" ? undefined : String(threadId),
    ns: ns === undefined || ns === null ? undefined : String(ns),
    checkpointId: config ? getCheckpointId(config) || undefined : undefined,
  };
}

/** The thread a write goes to; a write without one is a caller's bug, reported as such. */
export function requireThread(config: RunnableConfig, what: string): { threadId: string; ns: string } {
  if (!config.configurable) throw new PersistenceError("INVALID_DATA", `Cannot ${what}: the config has no "configurable" field.`);
  const { threadId, ns } = addressOf(config);
  if (threadId === undefined) throw new PersistenceError("INVALID_DATA", `Cannot ${what}: config.configurable.thread_id is missing.`);
  return { threadId, ns: ns ?? "" };
}

/** Every row of a thread, in all namespaces. */
export function threadRange(threadId: string): IDBKeyRange {
  return IDBKeyRange.bound([threadId], [threadId, TOP]);
}

/** Every checkpoint of one namespace, or only those older than `beforeId`. */
export function namespaceRange(threadId: string, ns: string, beforeId?: string): IDBKeyRange {
  if (beforeId === undefined) return IDBKeyRange.bound([threadId, ns], [threadId, ns, TOP]);
  return IDBKeyRange.bound([threadId, ns], [threadId, ns, beforeId], false, true);
}

/** The checkpoints of one namespace from `fromId` to `toId`, both included. */
export function checkpointsBetween(threadId: string, ns: string, fromId: string, toId: string): IDBKeyRange {
  return IDBKeyRange.bound([threadId, ns, fromId], [threadId, ns, toId]);
}

/** The writes stored against the checkpoints from `fromId` to `toId`, both included. */
export function writesBetween(threadId: string, ns: string, fromId: string, toId: string): IDBKeyRange {
  return IDBKeyRange.bound([threadId, ns, fromId], [threadId, ns, toId, TOP]);
}

/** Every stored value (every version) of one channel in a namespace. */
export function channelRange(threadId: string, ns: string, channel: string): IDBKeyRange {
  return IDBKeyRange.bound([threadId, ns, channel], [threadId, ns, channel, TOP]);
}

/** The writes stored against one checkpoint. */
export function checkpointRange(threadId: string, ns: string, checkpointId: string): IDBKeyRange {
  return IDBKeyRange.bound([threadId, ns, checkpointId], [threadId, ns, checkpointId, TOP]);
}

/** `range` cut off at `upper` (exclusive): the next page of a newest-first walk. */
export function below(range: IDBKeyRange | undefined, upper: IDBValidKey | undefined): IDBKeyRange | undefined {
  if (upper === undefined) return range;
  if (range === undefined) return IDBKeyRange.upperBound(upper, true);
  return IDBKeyRange.bound(range.lower, upper, range.lowerOpen, true);
}
