import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { runScheduled, topologicalOrder, withTimeout } from "./schedule.js";

const item = (id: string, ...depends_on: string[]) => ({ id, depends_on });
// Work that takes time runs on fake timers: the tests advance the clock instead of waiting for it.
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("topologicalOrder", () => {
  it("puts dependencies first and keeps plan order among independent items", () => {
    const result = topologicalOrder([item("c", "b"), item("a"), item("b", "a"), item("d")]);
    expect("order" in result ? result.order.map((i) => i.id) : result).toEqual(["a", "b", "c", "d"]);
  });

  it("treats dependencies outside the list as already done", () => {
    const result = topologicalOrder([item("x", "planned_earlier")]);
    expect("order" in result ? result.order.map((i) => i.id) : result).toEqual(["x"]);
  });

  it("reports a cycle as the path that closes it", () => {
    expect(topologicalOrder([item("a", "b"), item("b", "a")])).toEqual({ cycle: ["a", "b", "a"] });
    expect(topologicalOrder([item("self", "self")])).toEqual({ cycle: ["self", "self"] });
  });
});

describe("runScheduled", () => {
  it("runs at most `workers` items at once and starts an item only after its dependencies", async () => {
    let active = 0;
    let peak = 0;
    const finished: string[] = [];
    const items = [item("a"), item("b"), item("c"), item("d", "a"), item("e"), item("f", "d")];
    const scheduled = runScheduled(items, 2, async (i) => {
      expect(i.depends_on.every((d) => finished.includes(d))).toBe(true);
      peak = Math.max(peak, ++active);
      await sleep(10);
      active--;
      finished.push(i.id);
    });
    await vi.runAllTimersAsync();
    await scheduled;
    expect(peak).toBe(2);
    expect(finished).toHaveLength(6);
  });

  it("runs one at a time in order with a single worker", async () => {
    const seen: string[] = [];
    await runScheduled([item("a"), item("b", "a"), item("c")], 1, async (i) => void seen.push(i.id));
    expect(seen).toEqual(["a", "b", "c"]);
  });

  it("rejects when a run rejects", async () => {
    await expect(runScheduled([item("a")], 3, async () => Promise.reject(new Error("cancelled")))).rejects.toThrow("cancelled");
  });
});

describe("withTimeout", () => {
  it("returns the value of work that finishes in time", async () => {
    expect(await withTimeout(async () => 42, 100)).toEqual({ ok: true, value: 42 });
  });

  it("reports a timeout and aborts the work's signal", async () => {
    let aborted = false;
    const timed = withTimeout(async (signal) => {
      signal.addEventListener("abort", () => (aborted = true));
      await sleep(200);
      return "late";
    }, 20);
    await vi.advanceTimersByTimeAsync(20);
    const result = await timed;
    expect(result).toEqual({ ok: false, timedOut: true });
    expect(aborted).toBe(true);
  });
});
