// A long thread shows its latest runs first and its earlier runs before them once read; what
// needs the whole history (a fork, a replay, the exported trace) waits for it.
import { describe, expect, it } from "vitest";
import type { RunEvent } from "../../../engine/index.js";
import { blankDocument } from "../nodeFactory";
import { toolRun } from "../../timeline/eventFixtures";
import { LATEST_RUNS } from "./playgroundSteps";
import { createPlaygroundStore } from "./playgroundStore";
import { memoryController, threadRecord, type MemoryController } from "./testing/memoryController";
import type { ThreadFork } from "./playgroundController";

const document = blankDocument("g");
const TURNS = LATEST_RUNS + 5;

/** A thread of `turns` runs, `run_1` … `run_<turns>`, one minute apart. */
function longThread(threadId: string, turns = TURNS): RunEvent[] {
  return Array.from({ length: turns }, (_, i) => toolRun({ runId: `run_${i + 1}`, threadId, input: `turn ${i + 1}`, start: i * 60_000 })).flat();
}

const runsOf = (events: readonly RunEvent[]) => [...new Set(events.map((e) => e.run_id))];

/** Holds every read of the earlier runs (a read of the whole thread, or of some of its runs) until `release`. */
function holdEarlierReads(controller: MemoryController) {
  const held: (() => void)[] = [];
  const read = controller.threadEvents.bind(controller);
  controller.threadEvents = async (threadId, runs) => {
    await new Promise<void>((resolve) => held.push(resolve));
    return read(threadId, runs);
  };
  return {
    waiting: () => held.length,
    release: () => held.splice(0).forEach((resolve) => resolve()),
  };
}

describe("opening a long thread", () => {
  it("shows the latest runs first, then every run in order with nothing repeated", async () => {
    const controller = memoryController([threadRecord("t1", "g")]);
    const stored = longThread("t1");
    controller.events.set("t1", stored);
    const earlier = holdEarlierReads(controller);
    const playground = createPlaygroundStore({ controller });

    const opening = playground.getState().openGraph("g");
    await expect.poll(() => earlier.waiting()).toBe(1);
    const first = playground.getState();
    expect(runsOf(first.events)).toEqual(runsOf(stored).slice(-LATEST_RUNS));
    expect(first.loading).toBe(true);

    earlier.release();
    await opening;
    expect(playground.getState().events.map((e) => e.id)).toEqual(stored.map((e) => e.id));
    expect(playground.getState().loading).toBe(false);
  });

  it("reads a thread of few runs at once, with no second read", async () => {
    const controller = memoryController([threadRecord("t1", "g")]);
    const stored = longThread("t1", 3);
    controller.events.set("t1", stored);
    const earlier = holdEarlierReads(controller);
    const playground = createPlaygroundStore({ controller });
    await playground.getState().openGraph("g");
    expect(playground.getState().events).toEqual(stored);
    expect(earlier.waiting()).toBe(0);
  });

  it("keeps a run sent while the earlier runs are read after them", async () => {
    const controller = memoryController([threadRecord("t1", "g")]);
    const stored = longThread("t1");
    controller.events.set("t1", stored);
    const earlier = holdEarlierReads(controller);
    const playground = createPlaygroundStore({ controller, frames: { request: (cb) => (cb(), 1), cancel: () => undefined } });
    const opening = playground.getState().openGraph("g");
    await expect.poll(() => earlier.waiting()).toBe(1);

    expect(await playground.getState().send(document, "one more")).toBe(true);
    earlier.release();
    await opening;
    const events = playground.getState().events;
    expect(runsOf(events).slice(0, TURNS)).toEqual(runsOf(stored));
    expect(events.at(-1)).toMatchObject({ type: "run_start", input: "one more" });
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
  });

  it("drops the earlier runs of a thread switched away from while they were read", async () => {
    const controller = memoryController([threadRecord("t1", "g"), threadRecord("t2", "g")]);
    controller.events.set("t1", longThread("t1"));
    controller.events.set("t2", toolRun({ runId: "other", threadId: "t2" }));
    controller.remembered.set("g", "t1");
    const earlier = holdEarlierReads(controller);
    const playground = createPlaygroundStore({ controller });
    const opening = playground.getState().openGraph("g");
    await expect.poll(() => earlier.waiting()).toBe(1);

    const switching = playground.getState().switchThread("t2");
    earlier.release();
    await Promise.all([opening, switching]);
    expect(playground.getState().activeThreadId).toBe("t2");
    expect(runsOf(playground.getState().events)).toEqual(["other"]);
  });

  it("forks from a latest run with the whole history, once the earlier runs are read", async () => {
    const controller = memoryController([threadRecord("t1", "g")]);
    const stored = longThread("t1");
    controller.events.set("t1", stored);
    const forks: ThreadFork[] = [];
    controller.forkThread = async (fork) => {
      forks.push(fork);
      controller.threads.push(threadRecord(fork.thread.id, fork.thread.graphId, fork.thread.title));
      return fork.thread.id;
    };
    const earlier = holdEarlierReads(controller);
    const playground = createPlaygroundStore({ controller });
    const opening = playground.getState().openGraph("g");
    await expect.poll(() => earlier.waiting()).toBe(1);

    const last = playground.getState().events.findLast((e) => e.type === "checkpoint_saved") as RunEvent;
    const forking = playground.getState().forkFrom(document, last);
    await Promise.resolve();
    expect(forks).toHaveLength(0);
    earlier.release();
    await Promise.all([opening, forking]);
    expect(forks).toHaveLength(1);
    expect(runsOf(forks[0]!.history)).toEqual(runsOf(stored));
  });

  it("resolves whenLoaded once every run of the thread is in the store", async () => {
    const controller = memoryController([threadRecord("t1", "g")]);
    const stored = longThread("t1");
    controller.events.set("t1", stored);
    const earlier = holdEarlierReads(controller);
    const playground = createPlaygroundStore({ controller });
    void playground.getState().openGraph("g");
    await expect.poll(() => earlier.waiting()).toBe(1);

    let loaded = false;
    const waiting = playground
      .getState()
      .whenLoaded()
      .then(() => (loaded = true));
    await Promise.resolve();
    expect(loaded).toBe(false);
    earlier.release();
    await waiting;
    expect(playground.getState().events).toHaveLength(stored.length);
  });
});
