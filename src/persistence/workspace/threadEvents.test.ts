// Reading a thread's events: its latest runs on their own (a long thread opens at its latest
// turns), then the runs before them, each in run order and each run's events in order.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, expect, it } from "vitest";
import type { RunEvent } from "../../engine/index.js";
import { Database } from "../db.js";
import { createWorkspace, type Workspace } from "./index.js";
import { rootEvent } from "../../engine/testing/rootEvents.js";

let ws: Workspace;
let factory: IDBFactory;

beforeEach(() => {
  factory = new IDBFactory();
  ws = createWorkspace(new Database({ name: "thread-events", indexedDB: factory }));
});

const event = (runId: string, threadId: string, seq: number): RunEvent => rootEvent(runId, threadId, { seq }, { type: "run_start", input: `${runId} ${seq}` });

/** Runs started in this order, whose ids sort the other way (so key order is not run order). */
const RUNS = ["r-e", "r-d", "r-c", "r-b", "r-a"];

async function storeThread(threadId: string, runs = RUNS) {
  for (const [i, id] of runs.entries()) {
    await ws.runs.start({ id, threadId, graphId: "g", input: id, started: 1_000 + i });
    // Written out of order, as a resumed run's events can be.
    await ws.runs.appendEvents([event(id, threadId, 2), event(id, threadId, 0), event(id, threadId, 1)]);
  }
}

const ids = (events: readonly RunEvent[]) => events.map((e) => e.id);
const inOrder = (runs: readonly string[]) => runs.flatMap((run) => [0, 1, 2].map((seq) => `${run}:${seq}`));

it("reads the latest runs' events in run order and names the runs before them, oldest first", async () => {
  await storeThread("t1");
  await storeThread("t2", ["r-f", "r-g"]);
  const latest = await ws.runs.latestThreadEvents("t1", 2);
  expect(ids(latest.events)).toEqual(inOrder(["r-b", "r-a"]));
  expect(latest.events.every((e) => e.thread_id === "t1")).toBe(true);
  expect(latest.earlierRuns).toEqual(["r-e", "r-d", "r-c"]);
});

it("reads every run when the thread has no more than asked for, and nothing of a thread without runs", async () => {
  await storeThread("t1");
  expect(await ws.runs.latestThreadEvents("t1", 50)).toEqual({ events: await ws.runs.threadEvents("t1"), earlierRuns: [] });
  expect(await ws.runs.latestThreadEvents("nobody", 50)).toEqual({ events: [], earlierRuns: [] });
});

it("reads the named runs alone, in the order named, and the whole thread in run order", async () => {
  await storeThread("t1");
  expect(ids(await ws.runs.threadEvents("t1", ["r-e", "r-c"]))).toEqual(inOrder(["r-e", "r-c"]));
  expect(ids(await ws.runs.threadEvents("t1"))).toEqual(inOrder(RUNS));
});

it("puts the events of a run without a record before the recorded runs", async () => {
  await storeThread("t1");
  await ws.runs.appendEvents([event("r-orphan", "t1", 0)]);
  expect(ids(await ws.runs.threadEvents("t1"))).toEqual(["r-orphan:0", ...inOrder(RUNS)]);
});

it("says which run record is unreadable instead of showing part of the thread", async () => {
  await storeThread("t1");
  const db = await indexedDBOf();
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction("runs", "readwrite");
    tx.objectStore("runs").put({ id: "r-bad", v: 1, thread_id: "t1", started: 5_000 });
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  await expect(ws.runs.latestThreadEvents("t1", 2)).rejects.toThrow(/runs record "r-bad" is unreadable/);
});

/** The raw IndexedDB database under the workspace (to store a damaged record). */
function indexedDBOf(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open("thread-events");
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}
