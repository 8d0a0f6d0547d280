// A run's per-step writes commit relaxed (no wait for the disk flush); a user's own records strict.
import "fake-indexeddb/auto";
import { IDBDatabase, IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { Database } from "./db.js";
import { IdbSaver } from "./saver/IdbSaver.js";
import { putStep, threadConfig } from "./saver/testing/checkpoints.js";
import { createWorkspace } from "./workspace/index.js";

let db: Database;
let opened: { stores: string[]; mode: string; durability: string }[];

beforeEach(() => {
  db = new Database({ name: "durability", indexedDB: new IDBFactory() });
  opened = [];
  const transaction = IDBDatabase.prototype.transaction;
  vi.spyOn(IDBDatabase.prototype, "transaction").mockImplementation(function (this: IDBDatabase, ...args: Parameters<typeof transaction>) {
    const tx = transaction.apply(this, args);
    opened.push({ stores: [...tx.objectStoreNames], mode: tx.mode, durability: tx.durability });
    return tx;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const writes = () => opened.filter((tx) => tx.mode === "readwrite");

it("commits checkpoints, their writes, runs and run events with relaxed durability", async () => {
  const saver = new IdbSaver({ database: db });
  const config = await putStep(saver, threadConfig("t-1"), { topic: "a" }, { topic: 1 }, ["topic"]);
  await saver.putWrites(config, [["topic", "b"]], "task-1");
  const ws = createWorkspace(db);
  await ws.runs.start({ id: "r", threadId: "t-1", graphId: "g-1", input: "hi", started: 1 });
  await ws.runs.appendEvents([
    {
      id: "r:1",
      seq: 1,
      ts: 1,
      run_id: "r",
      thread_id: "t-1",
      call_id: "r",
      parent_call_id: null,
      root_call_id: "r",
      depth: 0,
      agent: null,
      node: null,
      checkpoint_id: null,
      type: "node_start",
    },
  ]);
  expect(writes().map((tx) => `${tx.stores.join("+")}: ${tx.durability}`)).toEqual([
    "blobs+checkpoints: relaxed",
    "writes: relaxed",
    "runs: relaxed",
    "events: relaxed",
  ]);
});

it("commits a thread, and a write touching it with run data, with strict durability", async () => {
  const ws = createWorkspace(db);
  await ws.threads.create({ id: "t-1", graphId: "g-1" });
  await ws.threads.delete("t-1");
  expect(writes().map((tx) => tx.durability)).toEqual(["strict", "strict"]);
});
