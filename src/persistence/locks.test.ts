import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { Annotation, END, START, StateGraph } from "@langchain/langgraph/web";
import { PersistenceError } from "./errors.js";
import { createMemoryLocks, withThreadLock, type ThreadLocks } from "./locks.js";
import { IdbSaver } from "./saver/IdbSaver.js";

/** A promise the test settles by hand: a run that is "still going" until released. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** A one-node graph whose node waits for `gate`, on its own saver — one "tab". */
function tab(factory: IDBFactory, gate: Promise<void>) {
  const State = Annotation.Root({ turns: Annotation<number>({ reducer: (a, b) => a + b, default: () => 0 }) });
  const saver = new IdbSaver({ name: "locks", indexedDB: factory });
  const graph = new StateGraph(State)
    .addNode("work", async () => {
      await gate;
      return { turns: 1 };
    })
    .addEdge(START, "work")
    .addEdge("work", END)
    .compile({ checkpointer: saver });
  return { saver, run: () => graph.invoke({ turns: 0 }, { configurable: { thread_id: "t-1" } }) };
}

async function busyError(promise: Promise<unknown>): Promise<PersistenceError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PersistenceError);
  return error as PersistenceError;
}

describe("withThreadLock", () => {
  it("lets one of two savers run a thread and tells the other it is running in another tab", async () => {
    const factory = new IDBFactory();
    const locks = createMemoryLocks();
    const gate = deferred();
    const first = tab(factory, gate.promise);
    const second = tab(factory, Promise.resolve());

    const running = withThreadLock("t-1", first.run, { locks });
    const error = await busyError(withThreadLock("t-1", second.run, { locks }));
    expect(error.code).toBe("THREAD_BUSY");
    expect(error.message).toBe('Thread "t-1" is running in another tab; wait for it to finish or stop it there.');

    gate.resolve();
    await expect(running).resolves.toEqual({ turns: 1 });
    // The lock is free again: the second tab now runs, on the state the first one saved.
    await expect(withThreadLock("t-1", second.run, { locks })).resolves.toEqual({ turns: 2 });
  });

  it("does not run the second caller's function while the thread is busy", async () => {
    const locks = createMemoryLocks();
    const gate = deferred();
    const running = withThreadLock("t-1", () => gate.promise, { locks });
    let ran = false;
    await busyError(withThreadLock("t-1", async () => void (ran = true), { locks }));
    expect(ran).toBe(false);
    gate.resolve();
    await running;
  });

  it("releases the lock when the run throws", async () => {
    const locks = createMemoryLocks();
    await expect(withThreadLock("t-1", () => Promise.reject(new Error("model failed")), { locks })).rejects.toThrow("model failed");
    await expect(withThreadLock("t-1", async () => "ran", { locks })).resolves.toBe("ran");
  });

  it("locks each thread separately", async () => {
    const locks = createMemoryLocks();
    const gate = deferred();
    const running = withThreadLock("t-1", () => gate.promise, { locks });
    await expect(withThreadLock("t-2", async () => "ran", { locks })).resolves.toBe("ran");
    gate.resolve();
    await running;
  });

  it("does not start a run whose signal is already aborted", async () => {
    const controller = new AbortController();
    controller.abort(new Error("stopped"));
    let ran = false;
    await expect(withThreadLock("t-1", async () => void (ran = true), { locks: createMemoryLocks(), signal: controller.signal })).rejects.toThrow("stopped");
    expect(ran).toBe(false);
  });

  it("shares one lock table per process when no lock manager is given", async () => {
    const gate = deferred();
    const running = withThreadLock("t-default", () => gate.promise);
    expect((await busyError(withThreadLock("t-default", async () => "ran"))).code).toBe("THREAD_BUSY");
    gate.resolve();
    await running;
  });

  it("with waitMs, runs once the holder lets go within the wait", async () => {
    const locks = createMemoryLocks();
    const gate = deferred();
    const order: string[] = [];
    const running = withThreadLock("t-1", () => gate.promise.then(() => void order.push("first")), { locks });
    const waiting = withThreadLock("t-1", async () => void order.push("second"), { locks, waitMs: 60_000 });
    gate.resolve();
    await Promise.all([running, waiting]);
    expect(order).toEqual(["first", "second"]);
  });

  it("with waitMs, answers THREAD_BUSY without running when the holder keeps the thread past the wait", async () => {
    const locks = createMemoryLocks();
    const gate = deferred();
    const running = withThreadLock("t-1", () => gate.promise, { locks });
    let ran = false;
    expect((await busyError(withThreadLock("t-1", async () => void (ran = true), { locks, waitMs: 20 }))).code).toBe("THREAD_BUSY");
    expect(ran).toBe(false);
    gate.resolve();
    await running;
    // The one that gave up left the line: the thread is free for the next.
    await expect(withThreadLock("t-1", async () => "ran", { locks, waitMs: 20 })).resolves.toBe("ran");
  });

  it("with waitMs, passes on the run's own failure, not THREAD_BUSY", async () => {
    await expect(withThreadLock("t-1", () => Promise.reject(new Error("model failed")), { locks: createMemoryLocks(), waitMs: 1_000 })).rejects.toThrow(
      "model failed",
    );
  });

  it("asks the lock manager for the thread's lock without waiting", async () => {
    const requests: { name: string; ifAvailable: boolean }[] = [];
    const locks: ThreadLocks = {
      request: (name, options, callback) => {
        requests.push({ name, ifAvailable: "ifAvailable" in options });
        return callback({ name });
      },
    };
    await withThreadLock("t-1", async () => undefined, { locks });
    expect(requests).toEqual([{ name: "graphwright:thread:t-1", ifAvailable: true }]);
  });
});
