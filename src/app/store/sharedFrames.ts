/**
 * One animation-frame callback for all the work the app does per frame: the stream's events,
 * parsed markdown arriving, a reply rendering more of itself. Run in separate callbacks, each
 * would be its own React commit (a store update renders in the microtask after its callback);
 * run together in one callback, React renders them together: one commit per frame.
 */
import type { FrameScheduler } from "./frameBatcher";

type Raf = (callback: () => void) => number;

/**
 * A scheduler whose callbacks of one frame run together, in the order they were asked for,
 * under `batch` (one React commit). A callback asked for while they run goes to the next frame.
 * @example const frames = sharedFrameScheduler((cb) => requestAnimationFrame(cb), (h) => cancelAnimationFrame(h));
 */
export function sharedFrameScheduler(raf: Raf, caf: (handle: number) => void, batch: (run: () => void) => void = (run) => run()): FrameScheduler {
  let queue = new Map<number, () => void>();
  /** The callbacks of the frame being run; one cancelled meanwhile is skipped, as with cancelAnimationFrame. */
  let running: Map<number, () => void> | null = null;
  let nextHandle = 1;
  let frame: number | null = null;
  const runFrame = () => {
    frame = null;
    const due = queue;
    queue = new Map();
    running = due;
    const failures: unknown[] = [];
    batch(() => {
      // A Map visits entries added or kept, never ones deleted during the walk.
      for (const [handle, callback] of due) {
        due.delete(handle);
        try {
          callback();
        } catch (error) {
          failures.push(error);
        }
      }
    });
    running = null;
    // One failing callback never keeps the others of its frame from running; it still surfaces.
    for (const error of failures)
      queueMicrotask(() => {
        throw error;
      });
  };
  return {
    request(callback) {
      const handle = nextHandle++;
      queue.set(handle, callback);
      frame ??= raf(runFrame);
      return handle;
    },
    cancel(handle) {
      running?.delete(handle);
      queue.delete(handle);
      if (queue.size === 0 && frame !== null) {
        caf(frame);
        frame = null;
      }
    },
  };
}

/** The app's per-frame scheduler: the browser's animation frames, one commit per frame; a 16 ms timer elsewhere. */
export const appFrames: FrameScheduler =
  typeof requestAnimationFrame === "function"
    ? sharedFrameScheduler(
        (cb) => requestAnimationFrame(cb),
        (h) => cancelAnimationFrame(h),
      )
    : sharedFrameScheduler(
        (cb) => setTimeout(cb, 16) as unknown as number,
        (h) => clearTimeout(h),
      );
