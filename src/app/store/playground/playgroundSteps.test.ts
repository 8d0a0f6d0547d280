// Store updates made while a run streams join the run's frame, so each frame is one store update.
import { describe, expect, it } from "vitest";
import { blankDocument } from "../nodeFactory";
import { toolRun } from "../../timeline/eventFixtures";
import { createPlaygroundSteps } from "./playgroundSteps";
import { createPlaygroundStore } from "./playgroundStore";
import { memoryController, threadRecord } from "./testing/memoryController";
import type { PlaygroundState } from "./types";

const document = blankDocument("g");

/** Frames stepped by the test; `changes` lists the state keys each update changed, and whether it came in a frame. */
function manualFrames() {
  const queue: (() => void)[] = [];
  let inFrame = false;
  return {
    frames: { request: (cb: () => void) => queue.push(cb), cancel: (h: number) => void (queue[h - 1] = () => {}) },
    get inFrame() {
      return inFrame;
    },
    pending: () => queue.length,
    step() {
      inFrame = true;
      for (const callback of queue.splice(0)) callback();
      inFrame = false;
    },
  };
}

const changedKeys = (state: PlaygroundState, previous: PlaygroundState) =>
  (Object.keys(state) as (keyof PlaygroundState)[]).filter((key) => state[key] !== previous[key]);

describe("playground steps", () => {
  it("applies a thread list refreshed while a run streams in the run's next frame, and the awaiting caller reads it", async () => {
    const clock = manualFrames();
    const controller = memoryController([threadRecord("t1", "g", "Before")]);
    const playground = createPlaygroundStore({ controller, frames: clock.frames });
    await playground.getState().openGraph("g");
    const steps = createPlaygroundSteps(playground.setState, playground.getState, { controller, frames: clock.frames });
    playground.setState({ run: { state: "running", runId: "r1", threadId: "t1" } });
    controller.threads = [threadRecord("t1", "g", "After")];

    let settled = false;
    const refreshing = steps.refreshThreads("g").then((threads) => {
      settled = true;
      return threads;
    });
    await expect.poll(() => clock.pending()).toBe(1);
    expect(playground.getState().threads.map((t) => t.title)).toEqual(["Before"]);
    expect(settled).toBe(false);

    clock.step();
    await refreshing;
    expect(playground.getState().threads.map((t) => t.title)).toEqual(["After"]);
  });

  it("applies a thread list at once when no run is in progress", async () => {
    const clock = manualFrames();
    const controller = memoryController([threadRecord("t1", "g", "Before")]);
    const playground = createPlaygroundStore({ controller, frames: clock.frames });
    await playground.getState().openGraph("g");
    const steps = createPlaygroundSteps(playground.setState, playground.getState, { controller, frames: clock.frames });
    controller.threads = [threadRecord("t1", "g", "After")];
    await steps.refreshThreads("g");
    expect(playground.getState().threads.map((t) => t.title)).toEqual(["After"]);
    expect(clock.pending()).toBe(0);
  });

  it("changes nothing outside the frames once a message is sent, while the previous run's end still refreshes threads", async () => {
    const clock = manualFrames();
    const controller = memoryController();
    let ids = 0;
    const playground = createPlaygroundStore({ controller, frames: clock.frames, newId: (prefix) => `${prefix}_${++ids}` });
    await playground.getState().send(document, "first");
    controller.runs[0]!.handlers.onDone("completed", null);
    controller.threads = controller.threads.map((t) => ({ ...t, title: "Renamed in another tab" }));
    const outside: string[] = [];
    playground.subscribe((state, previous) => {
      if (!clock.inFrame) outside.push(...changedKeys(state, previous));
    });
    // The first run ends in a frame; its thread list is read while the next message is sent.
    clock.step();
    const sending = playground.getState().send(document, "second");
    // The send shows its message and run at once (the key press's own update)…
    expect(outside.sort()).toEqual(["events", "run"]);
    expect(await sending).toBe(true);
    await expect.poll(() => clock.pending()).toBeGreaterThan(0);
    // …and nothing more until a frame: neither the refreshed threads nor the run's start again.
    expect(outside.sort()).toEqual(["events", "run"]);

    // The next frame applies the refreshed list with the run's first events: one commit.
    const inFrame: string[] = [];
    playground.subscribe((state, previous) => {
      if (clock.inFrame) inFrame.push(...changedKeys(state, previous));
    });
    const [, second] = controller.runs;
    second!.handlers.onEvents(toolRun({ runId: second!.request.runId, threadId: "thread_1" }).slice(1, 3));
    clock.step();
    expect(inFrame.sort()).toEqual(["events", "threads"]);
    expect(outside.sort()).toEqual(["events", "run"]);
    expect(playground.getState().threads.map((t) => t.title)).toEqual(["Renamed in another tab"]);
  });

  it("applies the thread list a finished run refreshes in a frame, never between frames", async () => {
    const clock = manualFrames();
    const controller = memoryController();
    let ids = 0;
    const playground = createPlaygroundStore({ controller, frames: clock.frames, newId: (prefix) => `${prefix}_${++ids}` });
    await playground.getState().send(document, "only");
    controller.runs[0]!.handlers.onDone("completed", null);
    controller.threads = controller.threads.map((t) => ({ ...t, title: "Touched" }));
    const outside: string[] = [];
    playground.subscribe((state, previous) => {
      if (!clock.inFrame) outside.push(...changedKeys(state, previous));
    });
    clock.step();
    expect(playground.getState().run).toEqual({ state: "idle" });
    await expect.poll(() => clock.pending()).toBe(1);
    expect(playground.getState().threads.map((t) => t.title)).toEqual(["only"]);
    clock.step();
    expect(playground.getState().threads.map((t) => t.title)).toEqual(["Touched"]);
    expect(outside).toEqual([]);
  });

  it("never replaces a thread list with one read before it that waited for a frame", async () => {
    const clock = manualFrames();
    const controller = memoryController([threadRecord("t1", "g", "Older")]);
    const playground = createPlaygroundStore({ controller, frames: clock.frames });
    await playground.getState().openGraph("g");
    const steps = createPlaygroundSteps(playground.setState, playground.getState, { controller, frames: clock.frames });
    controller.threads = [threadRecord("t1", "g", "Old")];
    const waiting = steps.refreshThreads("g", { inFrame: true });
    await expect.poll(() => clock.pending()).toBe(1);
    controller.threads = [threadRecord("t1", "g", "Newest")];
    await steps.refreshThreads("g");
    clock.step();
    await waiting;
    expect(playground.getState().threads.map((t) => t.title)).toEqual(["Newest"]);
  });
});
