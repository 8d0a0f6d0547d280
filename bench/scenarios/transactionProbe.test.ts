import { IDBFactory } from "fake-indexeddb";
import { expect, it } from "vitest";
import { PROBE_STORE, openProbeDatabase, timeOneRowTransaction } from "./oneRowTransaction.js";
import { eventLoopWait, startIdleWorkerProbe } from "./transactionProbe.js";

const now = () => performance.now();

/** Keeps this thread busy for `ms` of the clock, as a run's step chain does. */
function holdThread(ms: number): void {
  const until = now() + ms;
  while (now() < until);
}

it("reads how long the thread was held after each mark, not the time the mark took", async () => {
  const waits = eventLoopWait(now);
  waits.mark();
  holdThread(50);
  waits.mark();
  const [first = 0, second = 0, ...more] = await waits.stop();
  expect(more).toEqual([]);
  // Both tasks ran at once, after the hold: only the first mark waited through it.
  expect(first).toBeGreaterThanOrEqual(50);
  expect(first - second).toBeGreaterThanOrEqual(49);
});

it("times a one-row transaction until it commits, and the row is stored", async () => {
  const factory = new IDBFactory();
  const db = await openProbeDatabase(factory, "probe");
  const ms = await timeOneRowTransaction(db, 7, now);
  expect(ms).toBeGreaterThanOrEqual(0);
  const stored = await new Promise<unknown>((resolve) => {
    const request = db.transaction(PROBE_STORE).objectStore(PROBE_STORE).get(7);
    request.onsuccess = () => resolve(request.result);
  });
  expect(stored).toEqual(new Uint8Array(512).fill(7));
  db.close();
});

it("starts no idle-worker probe where there are no workers", () => {
  expect(typeof Worker).toBe("undefined");
  expect(startIdleWorkerProbe()).toBeNull();
});
