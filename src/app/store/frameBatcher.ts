/**
 * Buffers stream updates and applies them once per animation frame, so a fast token
 * stream costs at most one store update (and one React commit) per frame.
 */

import { appFrames } from "./sharedFrames";

export interface FrameScheduler {
  request(callback: () => void): number;
  cancel(handle: number): void;
}

/**
 * The app's animation frames, shared with all other per-frame work so a frame is one React
 * commit (see sharedFrames.ts); a 16 ms timer where there are none (tests, Node).
 */
export const animationFrames: FrameScheduler = appFrames;

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
