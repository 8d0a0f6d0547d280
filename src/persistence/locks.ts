/**
 * One running run per thread, across tabs: a Web Lock per thread, taken
 * without waiting, so a second tab is told at once that the thread is busy.
 */
import { PersistenceError } from "./errors.js";
import { threadLockName } from "./threadLockName.js";

/** The part of the Web Locks API used here; `navigator.locks` satisfies it. */
export interface ThreadLocks {
  request<T>(name: string, options: { ifAvailable: true }, callback: (lock: object | null) => Promise<T>): Promise<T>;
}

export interface ThreadLockOptions {
  /** Defaults to `navigator.locks`, or to one lock table per process where there is none (Node). */
  locks?: ThreadLocks;
  /** An aborted signal stops the run from starting; a started run stops itself. */
  signal?: AbortSignal;
}

/**
 * Runs `fn` while holding the thread's lock. Rejects with THREAD_BUSY, without
 * running `fn`, when another tab (or run) holds it; the lock is released when
 * `fn` settles, whether it resolves or throws.
 *
 * @example
 * await withThreadLock(threadId, () => graph.invoke(input, { configurable: { thread_id: threadId } }));
 */
export async function withThreadLock<T>(threadId: string, fn: () => Promise<T>, options: ThreadLockOptions = {}): Promise<T> {
  options.signal?.throwIfAborted();
  const locks = options.locks ?? defaultLocks();
  return locks.request(threadLockName(threadId), { ifAvailable: true }, async (lock) => {
    if (lock === null) {
      throw new PersistenceError("THREAD_BUSY", `Thread "${threadId}" is running in another tab; wait for it to finish or stop it there.`);
    }
    options.signal?.throwIfAborted();
    return fn();
  });
}

/**
 * An in-memory lock table with the `ifAvailable` semantics of Web Locks: for
 * Node (the CLI) and tests, where the locks of one process are all there is.
 */
export function createMemoryLocks(): ThreadLocks {
  const held = new Set<string>();
  return {
    async request(name, _options, callback) {
      if (held.has(name)) return callback(null);
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
      }
    },
  };
}

let processLocks: ThreadLocks | undefined;

function defaultLocks(): ThreadLocks {
  const browser = (globalThis as { navigator?: { locks?: ThreadLocks } }).navigator?.locks;
  return browser ?? (processLocks ??= createMemoryLocks());
}
