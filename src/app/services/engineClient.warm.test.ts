// Warming the engine client starts its worker once, ahead of the first run, which then goes to
// that same worker instead of waiting for a new one to load.
import { expect, it } from "vitest";
import type { ToWorker } from "../../worker/protocol";
import { minimalDocument } from "../../schema/fixtures/minimalDocument.js";
import { assertValid } from "../../schema/index.js";
import { createEngineClient, endWithPage, type WorkerLike } from "./engineClient";

class RecordingWorker implements WorkerLike {
  readonly posted: ToWorker[] = [];
  terminated = false;
  postMessage(message: ToWorker): void {
    this.posted.push(message);
  }
  addEventListener(): void {}
  terminate(): void {
    this.terminated = true;
  }
}

/** A `pagehide` as the browser fires it: `persisted` when the page goes into the back/forward cache. */
function pagehide(persisted: boolean): Event {
  return Object.assign(new Event("pagehide"), { persisted });
}

it("starts the worker on warm, once, and runs the first message on it", () => {
  const started: RecordingWorker[] = [];
  const engine = createEngineClient(() => {
    const worker = new RecordingWorker();
    started.push(worker);
    return worker;
  });
  expect(started).toHaveLength(0);
  engine.warm?.();
  engine.warm?.();
  expect(started).toHaveLength(1);
  expect(started[0]!.posted).toEqual([]);

  const handlers = { onEvents: () => undefined, onDone: () => undefined, onFailed: () => undefined };
  engine.run({ runId: "run-1", threadId: "t-1", graphId: "g-1", document: assertValid(minimalDocument()), message: "hi" }, handlers);
  expect(started).toHaveLength(1);
  expect(started[0]!.posted.map((message) => message.type)).toEqual(["run"]);
});

it("ends the worker when the page is unloaded, so its thread locks go at once, and starts a new one if asked again", () => {
  const started: RecordingWorker[] = [];
  const engine = createEngineClient(() => {
    const worker = new RecordingWorker();
    started.push(worker);
    return worker;
  });
  const page = new EventTarget();
  endWithPage(engine, page);
  engine.warm?.();
  page.dispatchEvent(pagehide(true));
  expect(started[0]!.terminated).toBe(false);
  page.dispatchEvent(pagehide(false));
  expect(started[0]!.terminated).toBe(true);
  engine.warm?.();
  expect(started).toHaveLength(2);
});
