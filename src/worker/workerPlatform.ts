/**
 * What the engine worker needs from persistence: the checkpoint saver on the app database
 * (so threads resume after a reload) and the per-thread lock (one run per thread, across tabs).
 */
import { JsonPlusSerializer } from "@langchain/langgraph-checkpoint";
import type { BaseCheckpointSaver } from "@langchain/langgraph/web";
import type { Database } from "../persistence/db.js";
import { withThreadLock as persistenceLock } from "../persistence/locks.js";
import { IdbSaver } from "../persistence/saver/IdbSaver.js";
import type { ThreadLock } from "./protocol";
import { createWorkerThreadLock } from "./threadLocks";
import { redactingSerde, type WorkerRedaction } from "./redaction";

/** The saver on the app database; with `redaction`, nothing it stores holds a secret. */
export function createCheckpointer(database: Database, redaction?: WorkerRedaction): BaseCheckpointSaver {
  return new IdbSaver({ database, ...(redaction ? { serde: redactingSerde(new JsonPlusSerializer(), redaction) } : {}) });
}

/**
 * Web Locks, one per thread: taken without waiting (a thread running in another tab fails fast
 * with THREAD_BUSY), or queued for a run the page asked for (see threadLocks.ts).
 */
export const withThreadLock: ThreadLock = createWorkerThreadLock((threadId, work, waitMs) => persistenceLock(threadId, work, { waitMs }));
