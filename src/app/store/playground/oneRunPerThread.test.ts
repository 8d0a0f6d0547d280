// One run per thread, from the page's side: a send the engine refuses because another tab runs the
// thread is taken back and kept for the box, a double click is one run, and a cut run found busy
// is resumed once its holder is gone.
import { describe, expect, it } from "vitest";
import { blankDocument } from "../nodeFactory";
import { toolRun } from "../../timeline/eventFixtures";
import { createPlaygroundStore } from "./playgroundStore";
import type { RunRecord } from "../../../persistence/workspace/index.js";
import type { RunEvent } from "../../../engine/index.js";
import { asRunId } from "../../../schema/index.js";
import { THREAD_BUSY_TEXT } from "./runSlice";
import { memoryController, threadRecord } from "./testing/memoryController";

const frames = { request: (cb: () => void) => setTimeout(cb, 0) as unknown as number, cancel: (h: number) => clearTimeout(h) };
const document = blankDocument("g");

function onThread() {
  const controller = memoryController([threadRecord("t1", "g")]);
  controller.remembered.set("g", "t1");
  let ids = 0;
  const playground = createPlaygroundStore({ controller, frames, newId: (prefix) => `${prefix}_${++ids}` });
  return { controller, playground };
}

const inputs = (events: readonly { type: string; input?: string }[]) => events.flatMap((e) => (e.type === "run_start" ? [e.input] : []));

describe("one run per thread", () => {
  it("takes a sent message back, from the thread and the chat, when the engine refuses its run as busy", async () => {
    const { controller, playground } = onThread();
    await playground.getState().openGraph("g");
    expect(await playground.getState().send(document, "raced")).toBe(true);
    expect(inputs(controller.events.get("t1") ?? [])).toEqual(["raced"]);

    controller.runs[0]!.handlers.onFailed("THREAD_BUSY", 'The run could not start: Thread "t1" is running in another tab');
    await expect.poll(() => playground.getState().run).toEqual({ state: "error", message: THREAD_BUSY_TEXT, unsent: "raced" });
    expect(inputs(controller.events.get("t1") ?? [])).toEqual([]);
    expect(inputs(playground.getState().events)).toEqual([]);
  });

  it("keeps a sent message when its run fails for another reason", async () => {
    const { controller, playground } = onThread();
    await playground.getState().openGraph("g");
    await playground.getState().send(document, "hello");
    controller.runs[0]!.handlers.onFailed("RUN_FAILED", "The run could not start: quota exceeded");
    await expect.poll(() => playground.getState().run).toEqual({ state: "error", message: "The run could not start: quota exceeded" });
    expect(inputs(playground.getState().events)).toEqual(["hello"]);
  });

  it("starts one run, in one new thread, for two sends made before the first has started", async () => {
    const controller = memoryController();
    let ids = 0;
    const playground = createPlaygroundStore({ controller, frames, newId: (prefix) => `${prefix}_${++ids}` });
    await playground.getState().openGraph("g");
    // The first send creates the thread: the second comes while it is being written.
    const first = playground.getState().send(document, "once");
    const second = playground.getState().send(document, "once");
    expect(await Promise.all([first, second])).toEqual([true, false]);
    expect(controller.threads).toHaveLength(1);
    expect(controller.runs).toHaveLength(1);
  });

  it("resumes a cut run found busy once the engine that held the thread is gone without ending it", async () => {
    const { controller, playground } = onThread();
    const run: RunRecord = { id: "run_a", v: 1, thread_id: "t1", graph_id: "g", input: "hi", status: "running", started: 1, ended: null, error: null };
    controller.events.set("t1", toolRun({ runId: "run_a", threadId: "t1" }).slice(0, 3));
    controller.cutRuns = async () => [run];
    const asked: string[] = [];
    controller.resumeRun = ({ runId }, handlers) => {
      asked.push(runId);
      // The previous page's worker holds the thread at first; then it is torn down, leaving the run cut.
      if (asked.length === 1) handlers.onFailed("THREAD_BUSY", 'Thread "t1" is running in another tab');
      else handlers.onDone("completed", null);
    };
    await playground.getState().openGraph("g");
    await expect.poll(() => asked).toEqual(["run_a", "run_a"]);
    await expect.poll(() => playground.getState().run).toEqual({ state: "idle" });
  });

  it("stops showing a follow-up turn a reload cut once the worker tells its task again", async () => {
    const controller = memoryController([threadRecord("t1", "g")]);
    controller.remembered.set("g", "t1");
    let listener: Parameters<typeof controller.onBackgroundRun>[0] | undefined;
    controller.onBackgroundRun = (l) => void (listener = l);
    const cut = toolRun({ runId: "run_bg_cut", threadId: "t1" }).slice(0, 4);
    controller.events.set("t1", cut);
    const playground = createPlaygroundStore({ controller, frames });
    await playground.getState().openGraph("g");
    expect(playground.getState().events).toHaveLength(4);

    listener?.({ runId: "run_bg_new", threadId: "t1", graphId: "g", taskId: "task_1", replaces: [asRunId("run_bg_cut")] });
    expect(playground.getState().events).toEqual([]);
  });

  /**
   * A reloaded page opening thread t1 whose read of `stored` is held until `release()`: the worker's
   * background-run messages go to `background` meanwhile. Resolves once the read has begun.
   */
  async function openingWithHeldRead(stored: RunEvent[]) {
    const controller = memoryController([threadRecord("t1", "g")]);
    controller.remembered.set("g", "t1");
    let listener: Parameters<typeof controller.onBackgroundRun>[0] | undefined;
    controller.onBackgroundRun = (l) => void (listener = l);
    controller.events.set("t1", stored);
    let reading = false;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    controller.gate = () => {
      reading = true;
      return gate;
    };
    const playground = createPlaygroundStore({ controller, frames });
    const opening = playground.getState().openGraph("g");
    await expect.poll(() => reading).toBe(true);
    const background: NonNullable<typeof listener> = (run) => listener?.(run);
    /** Lets the read finish; resolves with the ids of the events shown once it has. */
    const finish = async () => {
      release();
      await opening;
      await expect.poll(() => playground.getState().loading).toBe(false);
      return playground.getState().events.map((e) => e.id);
    };
    return { playground, background, finish };
  }

  it("does not show a cut follow-up turn that the worker told again while the reloaded page was reading the thread", async () => {
    const earlier = toolRun({ runId: "run_a", threadId: "t1" });
    // What the read finds: the worker deletes the cut run only after the read began.
    const { background, finish } = await openingWithHeldRead([...earlier, ...toolRun({ runId: "run_bg_cut", threadId: "t1" }).slice(0, 4)]);
    background({ runId: "run_bg_new", threadId: "t1", graphId: "g", taskId: "task_1", replaces: [asRunId("run_bg_cut")] });
    expect(await finish()).toEqual(earlier.map((e) => e.id));
  });

  it("keeps the events of a background turn that streamed in while the reloaded page was reading the thread", async () => {
    const earlier = toolRun({ runId: "run_a", threadId: "t1" });
    const { playground, background, finish } = await openingWithHeldRead(earlier);
    // The worker's follow-up turn starts streaming before the read ends; the read did not find its events.
    const told = toolRun({ runId: "run_bg_new", threadId: "t1" }).slice(0, 3);
    background({ runId: "run_bg_new", threadId: "t1", graphId: "g", taskId: "task_1" })?.onEvents(told);
    await expect.poll(() => playground.getState().events.length).toBe(3);
    expect(await finish()).toEqual([...earlier, ...told].map((e) => e.id));
  });
});
