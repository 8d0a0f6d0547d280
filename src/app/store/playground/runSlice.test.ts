// The run slice decides when a run starts and what its state is; the controller starts and stops it.
import { describe, expect, it } from "vitest";
import { blankDocument } from "../nodeFactory";
import { toolRun } from "../../timeline/eventFixtures";
import { createPlaygroundStore } from "./playgroundStore";
import { memoryController } from "./testing/memoryController";

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
    expect(playground.getState().run).toEqual({ state: "idle" });
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
    expect(playground.getState().run).toEqual({ state: "error", message: "This graph cannot run: no model" });
  });

  it("asks the controller to stop only the run in progress", async () => {
    const { controller, playground } = playgroundOnMemory();
    playground.getState().stop();
    expect(controller.stopped).toEqual([]);
    await playground.getState().send(document, "hi");
    playground.getState().stop();
    expect(controller.stopped).toEqual(["run_2"]);
  });
});
