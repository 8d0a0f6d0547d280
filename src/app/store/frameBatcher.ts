/**
 * Buffers stream updates and applies them once per animation frame, so a fast token
 * stream costs at most one store update (and one React commit) per frame.
 */

export interface FrameScheduler {
  request(callback: () => void): number;
  cancel(handle: number): void;
}

/** requestAnimationFrame where there is one; a 16 ms timer elsewhere (tests, Node). */
export const animationFrames: FrameScheduler =
  typeof requestAnimationFrame === "function"
    ? { request: (cb) => requestAnimationFrame(() => cb()), cancel: (h) => cancelAnimationFrame(h) }
    : { request: (cb) => setTimeout(cb, 16) as unknown as number, cancel: (h) => clearTimeout(h) };

export interface FrameBatcher<T> {
  /** Queues items; the first push of a frame schedules the flush. */
  push(items: readonly T[]): void;
  /** Applies pending items now (before a run ends or the thread switches). */
  flush(): void;
  /** Forgets pending items and the scheduled frame. */
  cancel(): void;
}

/**
 * @example
 * const batcher = createFrameBatcher<RunEvent>((events) => store.setState((s) => ({ events: [...s.events, ...events] })));
 * worker.onmessage = (m) => batcher.push(m.data.events);
 */
export function createFrameBatcher<T>(apply: (items: T[]) => void, scheduler: FrameScheduler = animationFrames): FrameBatcher<T> {
  let pending: T[] = [];
  let handle: number | null = null;

  const flush = () => {
    if (handle !== null) {
      scheduler.cancel(handle);
      handle = null;
    }
    if (pending.length === 0) return;
    const items = pending;
    pending = [];
    apply(items);
  };

  return {
    push(items) {
      if (items.length === 0) return;
      for (const item of items) pending.push(item);
      handle ??= scheduler.request(() => {
        handle = null;
        flush();
      });
    },
    flush,
    cancel() {
      if (handle !== null) scheduler.cancel(handle);
      handle = null;
      pending = [];
    },
  };
}
