import { describe, expect, it } from "vitest";
import { createIntervalBatcher, type Timer } from "./eventBatcher";

function fakeTimer() {
  let now = 0;
  const timers = new Map<number, { at: number; cb: () => void }>();
  let id = 0;
  const timer: Timer = {
    now: () => now,
    set(cb, ms) {
      timers.set(++id, { at: now + ms, cb });
      return id;
    },
    clear(handle) {
      timers.delete(handle as number);
    },
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = [...timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].cb();
    }
    now = until;
  };
  return { timer, advance };
}

describe("createIntervalBatcher", () => {
  it("posts at most once per interval, each post carrying everything since the last", () => {
    const { timer, advance } = fakeTimer();
    const posts: { at: number; items: number[] }[] = [];
    const batcher = createIntervalBatcher<number>((items) => posts.push({ at: timer.now(), items }), 16, timer);
    // 200 tokens per second for half a second: one every 5 ms.
    for (let i = 0; i < 100; i++) {
      batcher.push(i);
      advance(5);
    }
    batcher.close();
    const gaps = posts.slice(1).map((p, i) => p.at - (posts[i] as { at: number }).at);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(16);
    expect(posts.flatMap((p) => p.items)).toEqual([...Array(100).keys()]);
    expect(posts.length).toBeLessThanOrEqual(Math.ceil(500 / 16) + 1);
  });

  it("posts the first event of a quiet stream at once, not on a timer behind other tasks", () => {
    const { timer, advance } = fakeTimer();
    const posts: string[][] = [];
    const batcher = createIntervalBatcher<string>((items) => posts.push(items), 16, timer);
    batcher.push("a");
    expect(posts).toEqual([["a"]]);
    // Within the interval, the next ones wait for it and go together.
    batcher.push("b");
    batcher.push("c");
    expect(posts).toEqual([["a"]]);
    advance(16);
    expect(posts).toEqual([["a"], ["b", "c"]]);
    // After a quiet interval, at once again.
    advance(40);
    batcher.push("d");
    expect(posts).toEqual([["a"], ["b", "c"], ["d"]]);
  });

  it("hands over what is pending on close", () => {
    const { timer } = fakeTimer();
    const posts: string[][] = [];
    const batcher = createIntervalBatcher<string>((items) => posts.push(items), 16, timer);
    batcher.push("a");
    batcher.push("b");
    batcher.push("c");
    batcher.close();
    expect(posts).toEqual([["a"], ["b", "c"]]);
  });
});
