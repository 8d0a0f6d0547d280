// The engine client's watchdog with a fake worker that can hang: Stop ends the run even when the
// worker never answers, the worker is replaced, its runs are closed in IndexedDB, its thread
// locks are free again and the next run starts on a fresh worker at once.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Database } from "../../persistence/db.js";
import { threadLockName } from "../../persistence/threadLockName.js";
import { createWorkspace, type Workspace } from "../../persistence/workspace/index.js";
import type { FromWorker, ToWorker } from "../../worker/protocol";
import { createEngineClient, type RunHandlers, type WorkerLike } from "./engineClient";
import { closeKilledRun, type WaitingLocks } from "./killedRuns";
import { minimalDocument } from "../../schema/fixtures/minimalDocument.js";
import { assertValid } from "../../schema/index.js";

const document = assertValid(minimalDocument());

/** A Web Locks table: a lock is held until released; requests wait for it. */
function lockTable() {
  const held = new Map<string, Promise<void>>();
  const hold = (name: string) => {
    let release!: () => void;
    held.set(
      name,
      new Promise<void>((resolve) => (release = resolve)).then(() => void held.delete(name)),
    );
    return release;
  };
  const locks: WaitingLocks = {
    async request(name, _options, callback) {
      while (held.has(name)) await held.get(name);
      const release = hold(name);
      try {
        return await callback();
      } finally {
        release();
      }
    },
  };
  return { locks, hold, isHeld: (name: string) => held.has(name) };
}

/** A worker that records what it is sent; `stuck` ones never answer, like one spinning in a loop. */
class FakeWorker implements WorkerLike {
  readonly posted: ToWorker[] = [];
  terminated = false;
  private readonly listeners: ((event: MessageEvent<FromWorker>) => void)[] = [];
  constructor(readonly stuck: boolean) {}
  postMessage(message: ToWorker): void {
    this.posted.push(message);
    if (!this.stuck && message.type === "stop") this.emit({ type: "stopped", runId: message.runId });
    if (!this.stuck && message.type === "ping") this.emit({ type: "pong", seq: message.seq });
  }
  addEventListener(type: string, listener: unknown): void {
    if (type === "message") this.listeners.push(listener as (event: MessageEvent<FromWorker>) => void);
  }
  terminate(): void {
    this.terminated = true;
  }
  emit(data: FromWorker): void {
    for (const listener of this.listeners) listener({ data } as MessageEvent<FromWorker>);
  }
}

function recorder() {
  const ended: { status: string; error: string | null }[] = [];
  const failed: string[] = [];
  const handlers: RunHandlers = {
    onEvents: () => {},
    onDone: (status, error) => ended.push({ status, error }),
    onFailed: (_code, message) => failed.push(message),
  };
  return { handlers, ended, failed };
}

let ws: Workspace;
beforeEach(() => {
  ws = createWorkspace(new Database({ name: "watchdog-test", indexedDB: new IDBFactory() }));
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

/**
 * A client over fake workers (`kinds[i]`: whether the i-th is stuck) that hold thread locks as
 * the real one does. A terminated worker's locks go when `shutdown` is called (browsers free
 * them once the worker's thread has stopped), or at once with `freeOnTerminate`.
 */
function setup(kinds: boolean[], freeOnTerminate = true) {
  const table = lockTable();
  const workers: FakeWorker[] = [];
  const releases = new Map<FakeWorker, (() => void)[]>();
  const engine = createEngineClient(
    () => {
      const worker = new FakeWorker(kinds[workers.length] ?? false);
      const terminate = worker.terminate.bind(worker);
      // Terminating a worker releases the Web Locks it held, as browsers do.
      worker.terminate = () => {
        terminate();
        if (freeOnTerminate) shutdown(worker);
      };
      workers.push(worker);
      return worker;
    },
    { closeRun: (run) => closeKilledRun(run, { runs: ws.runs, locks: table.locks, now: () => 42 }) },
  );
  const shutdown = (worker: FakeWorker) => {
    for (const release of releases.get(worker) ?? []) release();
  };
  /** What the worker does when a run starts: record it and take the thread's lock. */
  const startRun = async (worker: FakeWorker, runId: string, threadId: string) => {
    await ws.runs.start({ id: runId, threadId, graphId: document.meta.id, input: "hi", started: 1 });
    releases.set(worker, [...(releases.get(worker) ?? []), table.hold(threadLockName(threadId))]);
  };
  return { engine, workers, table, startRun, shutdown };
}

describe("engine client watchdog", () => {
  it("terminates a worker that does not acknowledge Stop within 1 s and ends the run at once, cancelled", async () => {
    const { engine, workers, table, startRun } = setup([true]);
    const first = recorder();
    engine.run({ runId: "run_1", threadId: "t1", graphId: document.meta.id, document, message: "hi" }, first.handlers);
    await startRun(workers[0]!, "run_1", "t1");
    engine.stop("run_1");
    expect(workers[0]!.posted.map((m) => m.type)).toEqual(["run", "stop"]);

    await vi.advanceTimersByTimeAsync(999);
    expect(workers[0]!.terminated).toBe(false);
    expect(first.ended).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(workers[0]!.terminated).toBe(true);
    expect(first.ended).toEqual([{ status: "cancelled", error: null }]);
    await vi.waitFor(async () =>
      expect(await ws.runs.get("run_1")).toMatchObject({
        status: "cancelled",
        ended: 42,
        error: expect.stringMatching(/^Stopped\. The engine did not answer Stop within 1 s/),
      }),
    );
    expect(table.isHeld(threadLockName("t1"))).toBe(false);

    const second = recorder();
    engine.run({ runId: "run_2", threadId: "t1", graphId: document.meta.id, document, message: "again" }, second.handlers);
    expect(workers).toHaveLength(2);
    expect(workers[1]!.posted.map((m) => m.type)).toEqual(["run"]);
    workers[1]!.emit({ type: "done", runId: "run_2" as never, status: "completed", error: null });
    expect(second.ended).toEqual([{ status: "completed", error: null }]);
  });

  it("holds the next run of the thread until the dead worker's lock is free, then records the stop and starts it", async () => {
    const { engine, workers, table, startRun, shutdown } = setup([true], false);
    const first = recorder();
    engine.run({ runId: "run_1", threadId: "t1", graphId: "g", document, message: "hi" }, first.handlers);
    await startRun(workers[0]!, "run_1", "t1");
    engine.stop("run_1");
    await vi.advanceTimersByTimeAsync(1_000);
    expect(first.ended).toEqual([{ status: "cancelled", error: null }]);

    const second = recorder();
    engine.run({ runId: "run_2", threadId: "t1", graphId: "g", document, message: "again" }, second.handlers);
    const other = recorder();
    engine.run({ runId: "run_3", threadId: "t2", graphId: "g", document, message: "elsewhere" }, other.handlers);
    // Another thread starts at once on the fresh worker; this one waits for its lock.
    expect(workers[1]!.posted.map((m) => m.type === "run" && m.runId)).toEqual(["run_3"]);
    expect(await ws.runs.get("run_1")).toMatchObject({ status: "running" });

    shutdown(workers[0]!);
    await vi.waitFor(() => expect(workers[1]!.posted.map((m) => m.type === "run" && m.runId)).toEqual(["run_3", "run_2"]));
    expect(await ws.runs.get("run_1")).toMatchObject({ status: "cancelled" });
    expect(table.isHeld(threadLockName("t1"))).toBe(false);
  });

  it("ends the other runs on the killed worker with an error saying why, and rejects its pending requests", async () => {
    const { engine, workers, startRun } = setup([true]);
    const stopped = recorder();
    const other = recorder();
    engine.run({ runId: "run_a", threadId: "ta", graphId: "g1", document, message: "hi" }, stopped.handlers);
    engine.run({ runId: "run_b", threadId: "tb", graphId: "g2", document, message: "hi" }, other.handlers);
    await startRun(workers[0]!, "run_a", "ta");
    await startRun(workers[0]!, "run_b", "tb");
    const checkpoint = engine.checkpointState({ threadId: "tb", checkpointId: "c1", document }).catch((error: unknown) => error);
    engine.stop("run_a");
    await vi.advanceTimersByTimeAsync(1_000);
    expect(((await checkpoint) as Error).message).toMatch(/this run was cut off/);
    await vi.waitFor(() => expect(other.ended).toHaveLength(1));
    expect(other.ended[0]).toEqual({ status: "error", error: expect.stringMatching(/restarted; this run was cut off with it\. Send your message again\.$/) });
    await vi.waitFor(async () => expect(await ws.runs.get("run_b")).toMatchObject({ status: "error" }));
    expect(stopped.ended).toEqual([{ status: "cancelled", error: null }]);
  });

  it("keeps a worker that acknowledges Stop and ends the run itself", async () => {
    const { engine, workers } = setup([false]);
    const run = recorder();
    engine.run({ runId: "run_1", threadId: "t1", graphId: "g", document, message: "hi" }, run.handlers);
    engine.stop("run_1");
    await vi.advanceTimersByTimeAsync(500);
    workers[0]!.emit({ type: "done", runId: "run_1" as never, status: "cancelled", error: null });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(workers[0]!.terminated).toBe(false);
    expect(run.ended).toEqual([{ status: "cancelled", error: null }]);
  });

  it("restarts a worker that acknowledged Stop but never ended the run", async () => {
    const { engine, workers } = setup([false]);
    const run = recorder();
    engine.run({ runId: "run_1", threadId: "t1", graphId: "g", document, message: "hi" }, run.handlers);
    engine.stop("run_1");
    await vi.advanceTimersByTimeAsync(4_999);
    expect(workers[0]!.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(workers[0]!.terminated).toBe(true);
    await vi.waitFor(() => expect(run.ended).toEqual([{ status: "cancelled", error: null }]));
  });

  it("restarts a worker that stops answering heartbeats during a run nobody stopped", async () => {
    const { engine, workers, startRun } = setup([true]);
    const run = recorder();
    engine.run({ runId: "run_1", threadId: "t1", graphId: "g", document, message: "hi" }, run.handlers);
    await startRun(workers[0]!, "run_1", "t1");
    // It spoke once (so it has loaded), then went silent.
    workers[0]!.emit({ type: "events", runId: "run_1" as never, events: [] });
    await vi.advanceTimersByTimeAsync(9_000);
    expect(workers[0]!.terminated).toBe(false);
    expect(workers[0]!.posted.filter((m) => m.type === "ping").length).toBeGreaterThan(5);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(workers[0]!.terminated).toBe(true);
    await vi.waitFor(() => expect(run.ended).toHaveLength(1));
    expect(run.ended[0]).toEqual({ status: "error", error: expect.stringMatching(/^The engine did not respond for 1\d s/) });
    await vi.waitFor(async () => expect(await ws.runs.get("run_1")).toMatchObject({ status: "error" }));
  });

  it("leaves a worker alone that answers heartbeats through a long run", async () => {
    const { engine, workers } = setup([false]);
    const run = recorder();
    engine.run({ runId: "run_1", threadId: "t1", graphId: "g", document, message: "hi" }, run.handlers);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(workers[0]!.terminated).toBe(false);
    expect(run.ended).toEqual([]);
  });

  it("ignores what a terminated worker still had queued", async () => {
    const { engine, workers } = setup([true]);
    const run = recorder();
    engine.run({ runId: "run_1", threadId: "t1", graphId: "g", document, message: "hi" }, run.handlers);
    engine.stop("run_1");
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect(run.ended).toHaveLength(1));
    workers[0]!.emit({ type: "done", runId: "run_1" as never, status: "completed", error: null });
    expect(run.ended).toEqual([{ status: "cancelled", error: null }]);
  });
});
