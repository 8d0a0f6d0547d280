// The worker's thread lock: a queued run waits behind the worker's own run of the thread, and only
// briefly behind another holder; an unqueued one never waits.
import { describe, expect, it } from "vitest";
import { createMemoryLocks, withThreadLock } from "../persistence/locks.js";
import { createWorkerThreadLock } from "./threadLocks";

/** Two workers (two tabs) over one lock table, each with its own view of the threads it runs. */
function twoWorkers(waits = { otherMs: 30, ownMs: 60_000 }) {
  const locks = createMemoryLocks();
  const worker = () => createWorkerThreadLock((threadId, work, waitMs) => withThreadLock(threadId, work, { locks, waitMs }), waits);
  return { a: worker(), b: worker() };
}

function gate() {
  let open!: () => void;
  const closed = new Promise<void>((resolve) => (open = resolve));
  return { closed, open };
}

describe("worker thread lock", () => {
  it("queues a run behind the same worker's run of the thread, where another tab's would be refused at once", async () => {
    // No wait at all for another holder: only knowing the holder is its own lets the run wait.
    const { a, b } = twoWorkers({ otherMs: 0, ownMs: 60_000 });
    const followUp = gate();
    const order: string[] = [];
    const running = a("t1", () => followUp.closed.then(() => void order.push("follow-up")));
    await expect(b("t1", async () => void order.push("other tab"), { queue: true })).rejects.toMatchObject({ code: "THREAD_BUSY" });
    const send = a("t1", async () => void order.push("send"), { queue: true });
    followUp.open();
    await Promise.all([running, send]);
    expect(order).toEqual(["follow-up", "send"]);
  });

  it("refuses a queued run with THREAD_BUSY when another worker keeps the thread past the wait", async () => {
    const { a, b } = twoWorkers();
    const longTurn = gate();
    const running = a("t1", () => longTurn.closed);
    let ran = false;
    await expect(b("t1", async () => void (ran = true), { queue: true })).rejects.toMatchObject({ code: "THREAD_BUSY" });
    expect(ran).toBe(false);
    longTurn.open();
    await running;
  });

  it("runs a queued run once another worker lets go within the wait (a reloaded page's previous worker)", async () => {
    const { a, b } = twoWorkers({ otherMs: 60_000, ownMs: 60_000 });
    const teardown = gate();
    const stale = a("t1", () => teardown.closed);
    const send = b("t1", async () => "ran", { queue: true });
    teardown.open();
    await stale;
    await expect(send).resolves.toBe("ran");
  });

  it("does not wait at all for a run that is not queued", async () => {
    const { a } = twoWorkers({ otherMs: 60_000, ownMs: 60_000 });
    const longTurn = gate();
    const running = a("t1", () => longTurn.closed);
    await expect(a("t1", async () => "ran")).rejects.toMatchObject({ code: "THREAD_BUSY" });
    longTurn.open();
    await running;
  });
});
