/**
 * The worker's thread lock. One run per thread across tabs is the persistence layer's Web Lock;
 * on top of it, the worker knows which threads it is running itself, so a run the page asks for
 * (`queue`) waits behind this worker's own run of the thread (a background task's follow-up turn,
 * which the page may not have heard of yet) rather than being refused as if another tab had it.
 * Another holder is waited for only briefly: a reloaded page's previous worker lets go as it is
 * torn down; a tab that is really running the thread keeps it, and the run is refused.
 */
import type { ThreadLock } from "./protocol";

export interface ThreadLockWaits {
  /** How long a queued run waits for a holder in another context (another tab, a previous page). */
  otherMs: number;
  /** How long it waits behind a run of this worker, which ends by itself (a bound, so nothing hangs). */
  ownMs: number;
}

export const DEFAULT_THREAD_LOCK_WAITS: ThreadLockWaits = { otherMs: 2_000, ownMs: 120_000 };

/** Takes the thread's lock, waiting up to `waitMs` (0: not at all), or rejects with THREAD_BUSY. */
export type TakeThreadLock = <T>(threadId: string, work: () => Promise<T>, waitMs: number) => Promise<T>;

/**
 * @example
 * const withThreadLock = createWorkerThreadLock((id, work, waitMs) => withPersistedLock(id, work, { waitMs }));
 * await withThreadLock(threadId, () => record(run), { queue: true });
 */
export function createWorkerThreadLock(take: TakeThreadLock, waits: ThreadLockWaits = DEFAULT_THREAD_LOCK_WAITS): ThreadLock {
  /** Threads this worker holds (or is about to), with how many of its runs hold or wait for each. */
  const mine = new Map<string, number>();
  const count = (threadId: string, delta: number) => {
    const next = (mine.get(threadId) ?? 0) + delta;
    if (next > 0) mine.set(threadId, next);
    else mine.delete(threadId);
  };
  return (threadId, work, options) => {
    const waitMs = options?.queue ? (mine.has(threadId) ? waits.ownMs : waits.otherMs) : 0;
    const held = () => {
      count(threadId, 1);
      return work().finally(() => count(threadId, -1));
    };
    return take(threadId, held, waitMs);
  };
}
