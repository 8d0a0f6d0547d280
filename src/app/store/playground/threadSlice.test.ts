// The thread slice decides which thread is shown; the controller only reads and writes.
import { describe, expect, it } from "vitest";
import { toolRun } from "../../timeline/eventFixtures";
import { createPlaygroundStore } from "./playgroundStore";
import { memoryController, threadRecord } from "./testing/memoryController";

const frames = { request: (cb: () => void) => setTimeout(cb, 0) as unknown as number, cancel: (h: number) => clearTimeout(h) };

describe("thread slice", () => {
  it("opens a graph on the thread the controller remembers, with that thread's events", async () => {
    const controller = memoryController([threadRecord("a", "g"), threadRecord("b", "g"), threadRecord("x", "other")]);
    controller.remembered.set("g", "b");
    controller.events.set("b", toolRun({ threadId: "b" }));
    const playground = createPlaygroundStore({ controller, frames });
    await playground.getState().openGraph("g");
    const state = playground.getState();
    expect(state.threads.map((t) => t.id)).toEqual(["a", "b"]);
    expect(state.activeThreadId).toBe("b");
    expect(state.events).toEqual(controller.events.get("b"));
    expect(state.loading).toBe(false);
  });

  it("drops a thread's events that arrive after the user switched to another thread", async () => {
    const controller = memoryController([threadRecord("a", "g"), threadRecord("b", "g")]);
    controller.events.set("a", toolRun({ threadId: "a", runId: "run_a" }));
    controller.events.set("b", toolRun({ threadId: "b", runId: "run_b" }));
    const playground = createPlaygroundStore({ controller, frames });
    await playground.getState().openGraph("g");
    let releaseA = () => {};
    controller.gate = (threadId) => (threadId === "a" ? new Promise<void>((resolve) => (releaseA = resolve)) : Promise.resolve());
    await playground.getState().switchThread("b");
    const slowRead = playground.getState().switchThread("a");
    const fastRead = playground.getState().switchThread("b");
    await fastRead;
    releaseA();
    await slowRead;
    expect(playground.getState().activeThreadId).toBe("b");
    expect(new Set(playground.getState().events.map((e) => e.run_id))).toEqual(new Set(["run_b"]));
  });

  it("moves to the first remaining thread when the active one is deleted", async () => {
    const controller = memoryController([threadRecord("a", "g"), threadRecord("b", "g")]);
    const playground = createPlaygroundStore({ controller, frames });
    await playground.getState().openGraph("g");
    await playground.getState().switchThread("b");
    await playground.getState().deleteThread("b");
    expect(playground.getState().threads.map((t) => t.id)).toEqual(["a"]);
    expect(playground.getState().activeThreadId).toBe("a");
  });

  it("adopts a thread kept on a server with its history and shows it; adopting it again only shows it", async () => {
    const controller = memoryController([threadRecord("a", "g")]);
    const playground = createPlaygroundStore({ controller, frames });
    await playground.getState().openGraph("g");
    const history = toolRun({ threadId: "thread_srv", runId: "run_history_0" });
    await playground.getState().adoptThread({ id: "thread_srv", title: "From the server" }, history);
    expect(
      playground
        .getState()
        .threads.map((t) => t.id)
        .sort(),
    ).toEqual(["a", "thread_srv"]);
    expect(playground.getState().activeThreadId).toBe("thread_srv");
    expect(playground.getState().events.map((e) => e.type)).toEqual(history.map((e) => e.type));

    await playground.getState().switchThread("a");
    await playground.getState().adoptThread({ id: "thread_srv", title: "From the server" }, []);
    expect(playground.getState().threads.filter((t) => t.id === "thread_srv")).toHaveLength(1);
    expect(playground.getState().activeThreadId).toBe("thread_srv");
    expect(playground.getState().events).toHaveLength(history.length);
  });
});
