/**
 * Collects items and hands them over in batches, at most once per interval: the worker
 * posts run events this way so a 200 tok/s stream costs one message per frame, not 200.
 * An item arriving after a quiet interval is handed over at once (a reply's first token).
 */

export interface Timer {
  now(): number;
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export const systemTimer: Timer = {
  now: () => performance.now(),
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface Batcher<T> {
  push(item: T): void;
  /** Hands over whatever is pending now (used at the end of a run). */
  flush(): void;
  /** Drops the timer; pending items are flushed first. */
  close(): void;
}

/**
 * @example
 * const batcher = createIntervalBatcher<RunEvent>((events) => post({ type: "events", events }), 16);
 * for await (const e of runGraph(...)) batcher.push(e);
 * batcher.close();
 */
export function createIntervalBatcher<T>(deliver: (items: T[]) => void, intervalMs = 16, timer: Timer = systemTimer): Batcher<T> {
  let pending: T[] = [];
  let handle: unknown = null;
  let last = -Infinity;

  const flush = () => {
    if (handle !== null) {
      timer.clear(handle);
      handle = null;
    }
    if (pending.length === 0) return;
    const items = pending;
    pending = [];
    last = timer.now();
    deliver(items);
  };

  return {
    push(item) {
      pending.push(item);
      if (handle !== null) return;
      const wait = last + intervalMs - timer.now();
      // A quiet stream's first item goes at once: a timer, even of 0 ms, would queue it behind
      // whatever tasks the run has queued meanwhile (storage callbacks, the next step).
      if (wait <= 0) return flush();
      handle = timer.set(() => {
        handle = null;
        flush();
      }, wait);
    },
    flush,
    close: flush,
  };
}
