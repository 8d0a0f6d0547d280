/**
 * Closing the records of runs whose worker the app terminated. The worker is gone, so the
 * main thread writes what the run recorder would have: the run ended (cancelled, or error
 * when it was cut off because another run hung the worker). Otherwise the thread would show
 * the run as running until its next turn. A browser frees a terminated worker's Web Locks
 * only once its thread has shut down (seconds, for one that was spinning), so the next run
 * of such a thread waits for the close instead of failing as "running in another tab".
 */
import type { RunStore } from "../../persistence/workspace/index.js";
import { threadLockName } from "../../persistence/threadLockName.js";
import { appWorkspace } from "./workspace";

/** A run that was in flight on a terminated worker. */
export interface KilledRun {
  runId: string;
  threadId: string;
  status: "cancelled" | "error";
  /** Recorded with the run: why it ended. */
  error: string;
}

/** The part of the Web Locks API used here; `navigator.locks` satisfies it. */
export interface WaitingLocks {
  request<T>(name: string, options: { signal?: AbortSignal }, callback: () => Promise<T>): Promise<T>;
}

export interface KilledRunOptions {
  runs: Pick<RunStore, "get" | "finish">;
  /** Absent (Node) means no other holder exists to wait for. */
  locks?: WaitingLocks;
  now?: () => number;
  /** How long to wait for the dead worker's lock to go. */
  lockWaitMs?: number;
}

/**
 * Marks the run ended in its record, under the thread's lock. Terminating a worker releases
 * the Web Locks it held; waiting for the lock proves it did, and keeps a new run of the thread
 * from starting while the record is being closed.
 * @example await closeKilledRun({ runId, threadId, status: "cancelled", error: "Stopped: …" }, { runs: appWorkspace().runs, locks: navigator.locks });
 */
export async function closeKilledRun(run: KilledRun, options: KilledRunOptions): Promise<void> {
  const close = async () => {
    const record = await options.runs.get(run.runId);
    // No record: the worker died before it started recording; a finished run keeps its outcome.
    if (record?.status !== "running") return;
    await options.runs.finish(run.runId, { status: run.status, ended: (options.now ?? Date.now)(), error: run.error });
  };
  if (!options.locks) return close();
  await options.locks.request(threadLockName(run.threadId), { signal: AbortSignal.timeout(options.lockWaitMs ?? 10_000) }, close);
}

/** The app's closer: the browser workspace, under `navigator.locks`. */
export function closeInWorkspace(run: KilledRun): Promise<void> {
  const locks = (globalThis as { navigator?: { locks?: WaitingLocks } }).navigator?.locks;
  return closeKilledRun(run, { runs: appWorkspace().runs, ...(locks ? { locks } : {}) });
}

/**
 * Threads whose killed runs are still being closed; a new run of one waits for it.
 * @example closing.track(threadId, closeRun(run)); await closing.settled(threadId);
 */
export class ClosingThreads {
  private readonly closing = new Map<string, Promise<void>>();

  /** Remembers the close of a thread's killed run; failures are reported, never thrown. */
  track(threadId: string, close: Promise<void>, runId: string): void {
    const done: Promise<void> = close
      .catch((failure: unknown) => console.error(`Graphwright: could not close run "${runId}" after restarting the engine:`, failure))
      .finally(() => {
        if (this.closing.get(threadId) === done) this.closing.delete(threadId);
      });
    this.closing.set(threadId, done);
  }

  /** Resolves once the thread's killed runs are closed; null when none is pending. */
  settled(threadId: string): Promise<void> | null {
    return this.closing.get(threadId) ?? null;
  }
}
