/**
 * One running run per thread, across tabs: a Web Lock per thread, taken without waiting (a
 * second tab is told at once that the thread is busy) or waiting a bounded time for its holder
 * to let go (a reloaded page's previous worker, still being torn down).
 */
import { PersistenceError } from "./errors.js";
import { threadLockName } from "./threadLockName.js";

/** The part of the Web Locks API used here; `navigator.locks` satisfies it. */
export interface ThreadLocks {
  request<T>(name: string, options: { ifAvailable: true } | { signal: AbortSignal }, callback: (lock: object | null) => Promise<T>): Promise<T>;
}

export interface ThreadLockOptions {
  /** Defaults to `navigator.locks`, or to one lock table per process where there is none (Node). */
  locks?: ThreadLocks;
  /** An aborted signal stops the run from starting; a started run stops itself. */
  signal?: AbortSignal;
  /** How long to wait for the holder to let go before THREAD_BUSY; 0 (the default) does not wait. */
  waitMs?: number;
}

const busy = (threadId: string) =>
  new PersistenceError("THREAD_BUSY", `Thread "${threadId}" is running in another tab; wait for it to finish or stop it there.`);

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
  const holding = async (lock: object | null) => {
    if (lock === null) throw busy(threadId);
    options.signal?.throwIfAborted();
    return fn();
  };
  if (!options.waitMs) return locks.request(threadLockName(threadId), { ifAvailable: true }, holding);
  let granted = false;
  try {
    return await locks.request(threadLockName(threadId), { signal: AbortSignal.timeout(options.waitMs) }, (lock) => {
      granted = true;
      return holding(lock);
    });
  } catch (error) {
    // The wait timed out: the holder kept the thread. A failure of `fn` itself is its own.
    if (!granted) throw busy(threadId);
    throw error;
  }
}

/**
 * An in-memory lock table with the semantics of Web Locks used here (`ifAvailable`, or waiting
 * in line until a signal aborts): for Node (the CLI) and tests, where the locks of one process
 * are all there is.
 */
export function createMemoryLocks(): ThreadLocks {
  /** Held names, each with the requests waiting for it, in order. */
  const held = new Map<string, (() => void)[]>();
  const release = (name: string) => {
    const next = held.get(name)?.shift();
    if (next) next();
    else held.delete(name);
  };
  /** Resolves once `name` is this request's; rejects with the signal's reason if it aborts first. */
  const acquire = (name: string, signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      signal.throwIfAborted();
      const line = held.get(name);
      if (!line) {
        held.set(name, []);
        return resolve();
      }
      const granted = () => {
        signal.removeEventListener("abort", aborted);
        resolve();
      };
      const aborted = () => {
        line.splice(line.indexOf(granted), 1);
        reject(signal.reason);
      };
      line.push(granted);
      signal.addEventListener("abort", aborted, { once: true });
    });
  return {
    async request(name, options, callback) {
      if ("ifAvailable" in options) {
        if (held.has(name)) return callback(null);
        held.set(name, []);
      } else {
        await acquire(name, options.signal);
      }
      try {
        return await callback({ name });
      } finally {
        release(name);
      }
    },
  };
}

let processLocks: ThreadLocks | undefined;

function defaultLocks(): ThreadLocks {
  const browser = (globalThis as { navigator?: { locks?: ThreadLocks } }).navigator?.locks;
  return browser ?? (processLocks ??= createMemoryLocks());
}
