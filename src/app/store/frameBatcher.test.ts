import { describe, expect, it } from "vitest";
import { createFrameBatcher, type FrameScheduler } from "./frameBatcher";

function manualFrames() {
  const queue = new Map<number, () => void>();
  let next = 1;
  const scheduler: FrameScheduler = {
    request(cb) {
      queue.set(next, cb);
      return next++;
    },
    cancel(handle) {
      queue.delete(handle);
    },
  };
  const frame = () => {
    const callbacks = [...queue.values()];
    queue.clear();
    for (const cb of callbacks) cb();
  };
  return { scheduler, frame, pending: () => queue.size };
}

describe("createFrameBatcher", () => {
  it("applies everything pushed during a frame in one update", () => {
    const frames = manualFrames();
    const applied: number[][] = [];
    const batcher = createFrameBatcher<number>((items) => applied.push(items), frames.scheduler);
    for (let i = 0; i < 200; i++) batcher.push([i]);
    expect(applied).toEqual([]);
    expect(frames.pending()).toBe(1);
    frames.frame();
    expect(applied).toHaveLength(1);
    expect(applied[0]).toHaveLength(200);
  });

  it("schedules nothing when idle and one frame per burst", () => {
    const frames = manualFrames();
    const applied: string[][] = [];
    const batcher = createFrameBatcher<string>((items) => applied.push(items), frames.scheduler);
    batcher.push([]);
    expect(frames.pending()).toBe(0);
    batcher.push(["a"]);
    frames.frame();
    batcher.push(["b", "c"]);
    batcher.push(["d"]);
    frames.frame();
    frames.frame();
    expect(applied).toEqual([["a"], ["b", "c", "d"]]);
  });

  it("flushes pending items at once and cancels the scheduled frame", () => {
    const frames = manualFrames();
    const applied: number[][] = [];
    const batcher = createFrameBatcher<number>((items) => applied.push(items), frames.scheduler);
    batcher.push([1, 2]);
    batcher.flush();
    expect(applied).toEqual([[1, 2]]);
    expect(frames.pending()).toBe(0);
    batcher.push([3]);
    batcher.cancel();
    frames.frame();
    expect(applied).toEqual([[1, 2]]);
  });
});
