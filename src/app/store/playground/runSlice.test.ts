// The run slice decides when a run starts and what its state is; the controller starts and stops it.
import { describe, expect, it } from "vitest";
import { blankDocument } from "../nodeFactory";
import { toolRun } from "../../timeline/eventFixtures";
import { createPlaygroundStore } from "./playgroundStore";
import type { RunRecord } from "../../../persistence/workspace/index.js";
import type { RunHandlers } from "../../services/engineClient";
import { memoryController, threadRecord } from "./testing/memoryController";

const frames = { request: (cb: () => void) => setTimeout(cb, 0) as unknown as number, cancel: (h: number) => clearTimeout(h) };
const document = blankDocument("g");

function playgroundOnMemory() {
  const controller = memoryController();
  let ids = 0;
  const playground = createPlaygroundStore({ controller, frames, newId: (prefix) => `${prefix}_${++ids}` });
  return { controller, playground };
}

describe("run slice", () => {
  it("starts a run under ids the store chooses, and shows its streamed events in the new thread", async () => {
    const { controller, playground } = playgroundOnMemory();
    expect(await playground.getState().send(document, "  hello there ")).toBe(true);
    const [started] = controller.runs;
    expect(started?.request).toMatchObject({ runId: "run_2", threadId: "thread_1", graphId: "g", message: "hello there" });
    expect(playground.getState().run).toEqual({ state: "running", runId: "run_2", threadId: "thread_1" });
    expect(controller.threads.map((t) => t.title)).toEqual(["hello there"]);

    const events = toolRun({ runId: "run_2", threadId: "thread_1" });
    started?.handlers.onEvents(events);
    started?.handlers.onDone("completed", null);
    await expect.poll(() => playground.getState().run).toEqual({ state: "idle" });
    // The send showed its own run_start at once; the engine's (same id) is not shown twice.
    expect(playground.getState().events[0]).toMatchObject({ id: "run_2:0", type: "run_start", input: "hello there" });
    expect(playground.getState().events.slice(1)).toEqual(events.slice(1));
  });

  it("shows and stores the message before the run starts", async () => {
    const { controller, playground } = playgroundOnMemory();
    let shownAtStart: unknown[] = [];
    const startRun = controller.startRun;
    controller.startRun = (request, handlers) => {
      shownAtStart = [...(controller.events.get(request.threadId) ?? [])];
      startRun(request, handlers);
    };
    await playground.getState().send(document, "remember me");
    expect(shownAtStart).toEqual([expect.objectContaining({ id: "run_2:0", type: "run_start", input: "remember me" })]);
    await expect.poll(() => playground.getState().events.map((e) => e.id)).toEqual(["run_2:0"]);
  });

  it("starts the run as the message's write is issued, without waiting for it to commit", async () => {
    const { controller, playground } = playgroundOnMemory();
    await playground.getState().send(document, "first");
    controller.runs[0]?.handlers.onDone("completed", null);
    await expect.poll(() => playground.getState().run.state).toBe("idle");
    let commit = () => {};
    const written: string[] = [];
    controller.recordSend = ({ event }) => {
      written.push(event.id);
      return new Promise<void>((resolve) => (commit = resolve));
    };
    expect(await playground.getState().send(document, "second")).toBe(true);
    expect(written).toEqual(["run_3:0"]);
    expect(controller.runs.map((r) => r.request.message)).toEqual(["first", "second"]);
    commit();
  });

  it("still runs a message whose early write failed: the engine records the run itself", async () => {
    const { controller, playground } = playgroundOnMemory();
    await playground.getState().send(document, "first");
    controller.runs[0]?.handlers.onDone("completed", null);
    await expect.poll(() => playground.getState().run.state).toBe("idle");
    controller.recordSend = () => Promise.reject(new Error("quota exceeded"));
    expect(await playground.getState().send(document, "second")).toBe(true);
    expect(controller.runs.map((r) => r.request.message)).toEqual(["first", "second"]);
    expect(playground.getState().run).toMatchObject({ state: "running", runId: "run_3" });
  });

  it("refuses a second message while a run is going, and starts none", async () => {
    const { controller, playground } = playgroundOnMemory();
    await playground.getState().send(document, "first");
    expect(await playground.getState().send(document, "second")).toBe(false);
    expect(controller.runs).toHaveLength(1);
  });

  it("shows why a run could not start as the run's error", async () => {
    const { controller, playground } = playgroundOnMemory();
    await playground.getState().send(document, "hi");
    controller.runs[0]?.handlers.onFailed("COMPILE", "This graph cannot run: no model");
    await expect.poll(() => playground.getState().run).toEqual({ state: "error", message: "This graph cannot run: no model" });
  });

  it("applies a run's end in the same frame as its last events, so one render shows both", async () => {
    const queue: (() => void)[] = [];
    const manual = {
      request: (cb: () => void) => queue.push(cb),
      cancel: (h: number) => void (queue[h - 1] = () => {}),
    };
    const controller = memoryController();
    let ids = 0;
    const playground = createPlaygroundStore({ controller, frames: manual, newId: (prefix) => `${prefix}_${++ids}` });
    await playground.getState().send(document, "hello");
    const [started] = controller.runs;
    const events = toolRun({ runId: "run_2", threadId: "thread_1" });
    started?.handlers.onEvents(events);
    started?.handlers.onDone("completed", null);
    expect(playground.getState().run.state).toBe("running");
    expect(playground.getState().events).toHaveLength(1);
    for (const callback of queue.splice(0)) callback();
    expect(playground.getState().run).toEqual({ state: "idle" });
    expect(playground.getState().events.slice(1)).toEqual(events.slice(1));
  });

  it("asks the controller to stop only the run in progress", async () => {
    const { controller, playground } = playgroundOnMemory();
    playground.getState().stop();
    expect(controller.stopped).toEqual([]);
    await playground.getState().send(document, "hi");
    playground.getState().stop();
    expect(controller.stopped).toEqual(["run_2"]);
  });

  it("resumes every run a reload cut in the thread, oldest first, one at a time", async () => {
    const controller = memoryController([threadRecord("t1", "g")]);
    controller.remembered.set("g", "t1");
    const cutRun = (id: string, started: number): RunRecord => ({
      id,
      v: 1,
      thread_id: "t1",
      graph_id: "g",
      input: id,
      status: "running",
      started,
      ended: null,
      error: null,
    });
    let cut = [cutRun("run_a", 1), cutRun("run_b", 2)];
    controller.cutRuns = async () => cut;
    const resumed: { runId: string; handlers: RunHandlers }[] = [];
    controller.resumeRun = ({ runId }, handlers) => void resumed.push({ runId, handlers });
    const playground = createPlaygroundStore({ controller, frames });
    await playground.getState().openGraph("g");

    await expect.poll(() => resumed.map((r) => r.runId)).toEqual(["run_a"]);
    expect(playground.getState().run).toMatchObject({ state: "running", runId: "run_a" });
    // The engine closes it (continued, or interrupted), then the next one is resumed.
    cut = cut.filter((r) => r.id !== "run_a");
    resumed[0]?.handlers.onDone("cancelled", null);
    await expect.poll(() => resumed.map((r) => r.runId)).toEqual(["run_a", "run_b"]);
    cut = [];
    resumed[1]?.handlers.onDone("completed", null);
    await expect.poll(() => playground.getState().run).toEqual({ state: "idle" });
    expect(resumed).toHaveLength(2);
  });

  it("drops the shown events a resumed run tells again, so nothing shows twice", async () => {
    const controller = memoryController([threadRecord("t1", "g")]);
    controller.remembered.set("g", "t1");
    const stored = toolRun({ runId: "run_a", threadId: "t1" }).slice(0, 7);
    controller.events.set("t1", stored);
    const run: RunRecord = { id: "run_a", v: 1, thread_id: "t1", graph_id: "g", input: "hi", status: "running", started: 1, ended: null, error: null };
    controller.cutRuns = async () => [run];
    const resumed: RunHandlers[] = [];
    controller.resumeRun = (_run, handlers) => void resumed.push(handlers);
    const playground = createPlaygroundStore({ controller, frames });
    await playground.getState().openGraph("g");
    await expect.poll(() => resumed.length).toBe(1);
    expect(playground.getState().events).toHaveLength(7);

    // The engine continues from the checkpoint at seq 2: the agent's start and its streamed text come again.
    resumed[0]!.onContinues?.(2);
    expect(playground.getState().events.map((e) => e.seq)).toEqual([0, 1, 2]);
    const again = stored.slice(3).map((e, i) => ({ ...e, seq: 7 + i, id: `run_a:${7 + i}` }));
    resumed[0]!.onEvents(again);
    await expect.poll(() => playground.getState().events.length).toBe(7);
    expect(playground.getState().events.filter((e) => e.type === "message_delta")).toHaveLength(2);
  });

  it("reads a cut run's thread again only once the engine still finishing it has let go of the thread", async () => {
    const controller = memoryController([threadRecord("t1", "g")]);
    controller.remembered.set("g", "t1");
    const run: RunRecord = { id: "run_a", v: 1, thread_id: "t1", graph_id: "g", input: "hi", status: "running", started: 1, ended: null, error: null };
    const stored = toolRun({ runId: "run_a", threadId: "t1" });
    controller.events.set("t1", stored.slice(0, 4));
    let cut = [run];
    controller.cutRuns = async () => cut;
    // The previous page's worker still holds the thread: the resume is refused as busy.
    controller.resumeRun = (_run, handlers) => handlers.onFailed("THREAD_BUSY", 'Thread "t1" is running in another tab');
    let free!: () => void;
    controller.whenThreadFree = () => new Promise<void>((resolve) => (free = resolve));
    const playground = createPlaygroundStore({ controller, frames });
    await playground.getState().openGraph("g");
    await expect.poll(() => typeof free).toBe("function");
    expect(playground.getState().events).toHaveLength(4);

    // That worker writes the rest of the run, then lets go: the thread is read as stored.
    controller.events.set("t1", stored);
    cut = [];
    free();
    await expect.poll(() => playground.getState().events).toHaveLength(stored.length);
    expect(playground.getState().run).toEqual({ state: "idle" });
  });

  it("does not resume a cut run again when its resume failed", async () => {
    const controller = memoryController([threadRecord("t1", "g")]);
    controller.remembered.set("g", "t1");
    const run: RunRecord = { id: "run_a", v: 1, thread_id: "t1", graph_id: "g", input: "hi", status: "running", started: 1, ended: null, error: null };
    controller.cutRuns = async () => [run, { ...run, id: "run_b", started: 2 }];
    const resumed: string[] = [];
    controller.resumeRun = ({ runId }, handlers) => {
      resumed.push(runId);
      handlers.onFailed("RUN_FAILED", "The engine stopped unexpectedly");
    };
    const playground = createPlaygroundStore({ controller, frames });
    await playground.getState().openGraph("g");
    await expect.poll(() => resumed).toEqual(["run_a", "run_b"]);
    await playground.getState().openGraph("g");
    expect(resumed).toEqual(["run_a", "run_b"]);
  });
});
