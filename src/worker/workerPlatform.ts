/**
 * What the engine worker needs from persistence: the checkpoint saver on the app database
 * (so threads resume after a reload) and the per-thread lock (one run per thread, across tabs).
 */
import type { BaseCheckpointSaver } from "@langchain/langgraph/web";
import type { Database } from "../persistence/db.js";
import { withThreadLock as persistenceLock } from "../persistence/locks.js";
import { IdbSaver } from "../persistence/saver/IdbSaver.js";
import type { ThreadLock } from "./protocol";

export function createCheckpointer(database: Database): BaseCheckpointSaver {
  return new IdbSaver({ database });
}

/** Taken without waiting: a thread running in another tab fails fast with THREAD_BUSY. */
export const withThreadLock: ThreadLock = (threadId, work) => persistenceLock(threadId, work);
