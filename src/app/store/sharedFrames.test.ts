import { describe, expect, it } from "vitest";
import { sharedFrameScheduler } from "./sharedFrames";

function fakeFrames() {
  const frames = new Map<number, () => void>();
  let next = 1;
  return {
    raf: (cb: () => void) => {
      frames.set(next, cb);
      return next++;
    },
    caf: (h: number) => void frames.delete(h),
    pending: () => frames.size,
    tick() {
      const due = [...frames.values()];
      frames.clear();
      for (const cb of due) cb();
    },
  };
}

describe("sharedFrameScheduler", () => {
  it("runs every callback of a frame in one browser frame callback, inside one batch, in order", () => {
    const frames = fakeFrames();
    const batches: string[][] = [];
    let current: string[] | null = null;
    const scheduler = sharedFrameScheduler(frames.raf, frames.caf, (run) => {
      current = [];
      run();
      batches.push(current);
      current = null;
    });
    scheduler.request(() => current?.push("events"));
    scheduler.request(() => current?.push("markdown"));
    scheduler.request(() => current?.push("reply"));
    expect(frames.pending()).toBe(1);
    frames.tick();
    expect(batches).toEqual([["events", "markdown", "reply"]]);
  });

  it("puts a callback asked for while a frame runs into the next frame", () => {
    const frames = fakeFrames();
    const ran: string[] = [];
    const scheduler = sharedFrameScheduler(frames.raf, frames.caf);
    scheduler.request(() => {
      ran.push("first");
      scheduler.request(() => ran.push("again"));
    });
    frames.tick();
    expect(ran).toEqual(["first"]);
    expect(frames.pending()).toBe(1);
    frames.tick();
    expect(ran).toEqual(["first", "again"]);
  });

  it("cancels one callback, and the browser frame when none is left", () => {
    const frames = fakeFrames();
    const ran: string[] = [];
    const scheduler = sharedFrameScheduler(frames.raf, frames.caf);
    const a = scheduler.request(() => ran.push("a"));
    const b = scheduler.request(() => ran.push("b"));
    scheduler.cancel(a);
    expect(frames.pending()).toBe(1);
    scheduler.cancel(b);
    expect(frames.pending()).toBe(0);
    frames.tick();
    expect(ran).toEqual([]);
  });

  it("skips a callback of the running frame that an earlier one cancels, as cancelAnimationFrame does", () => {
    const frames = fakeFrames();
    const ran: string[] = [];
    const scheduler = sharedFrameScheduler(frames.raf, frames.caf);
    let later = 0;
    scheduler.request(() => {
      ran.push("first");
      scheduler.cancel(later);
    });
    later = scheduler.request(() => ran.push("cancelled"));
    frames.tick();
    expect(ran).toEqual(["first"]);
  });

  it("runs the other callbacks of a frame when one throws, and reports the error", async () => {
    const frames = fakeFrames();
    const ran: string[] = [];
    const scheduler = sharedFrameScheduler(frames.raf, frames.caf);
    const reported = new Promise<unknown>((resolve) => {
      const previous = process.listeners("uncaughtException");
      process.removeAllListeners("uncaughtException");
      process.once("uncaughtException", (error) => {
        for (const l of previous) process.on("uncaughtException", l);
        resolve(error);
      });
    });
    scheduler.request(() => {
      throw new Error("broken");
    });
    scheduler.request(() => ran.push("after"));
    frames.tick();
    expect(ran).toEqual(["after"]);
    expect(await reported).toMatchObject({ message: "broken" });
  });
});
