// A step's writes ask for their commit as their requests go out, so no result has to come back
// to a busy thread before the transaction can commit; a retried task's writes still keep its first.
import "fake-indexeddb/auto";
import { IDBFactory, IDBObjectStore, IDBRequest, IDBTransaction } from "fake-indexeddb";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { ERROR } from "@langchain/langgraph-checkpoint";
import { STORES } from "../db.js";
import { IdbSaver } from "./IdbSaver.js";
import { putStep, threadConfig } from "./testing/checkpoints.js";

let saver: IdbSaver;
/** Per readwrite commit: the stores written and how many of its write requests had a result. */
let commits: { stores: string[]; requests: number; answered: number }[];

beforeEach(() => {
  saver = new IdbSaver({ name: "write-step", indexedDB: new IDBFactory() });
  commits = [];
  const issued = new Map<IDBTransaction, IDBRequest[]>();
  for (const method of ["put", "add"] as const) {
    const write = IDBObjectStore.prototype[method];
    vi.spyOn(IDBObjectStore.prototype, method).mockImplementation(function (this: IDBObjectStore, ...args: Parameters<typeof write>) {
      const request = write.apply(this, args);
      issued.set(this.transaction, [...(issued.get(this.transaction) ?? []), request]);
      return request;
    });
  }
  const commit = IDBTransaction.prototype.commit;
  vi.spyOn(IDBTransaction.prototype, "commit").mockImplementation(function (this: IDBTransaction) {
    const requests = issued.get(this) ?? [];
    commits.push({ stores: [...this.objectStoreNames], requests: requests.length, answered: requests.filter((r) => r.readyState === "done").length });
    return commit.call(this);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

it("asks to commit a checkpoint and its blobs before any of their results has come back", async () => {
  await putStep(saver, threadConfig("t-1"), { topic: "a", notes: "b" }, { topic: 1, notes: 1 }, ["topic", "notes"]);

  expect(commits).toEqual([{ stores: [STORES.blobs, STORES.checkpoints], requests: 3, answered: 0 }]);
  const tuple = await saver.getTuple(threadConfig("t-1"));
  expect(tuple?.checkpoint.channel_values).toEqual({ topic: "a", notes: "b" });
});

it("asks to commit a task's writes before any of their results has come back", async () => {
  const config = await putStep(saver, threadConfig("t-1"), {}, {}, []);
  commits = [];

  await saver.putWrites(
    config,
    [
      ["answer", 42],
      [ERROR, "timeout"],
    ],
    "task-1",
  );

  expect(commits).toEqual([{ stores: [STORES.writes], requests: 2, answered: 0 }]);
  expect((await saver.getTuple(config))?.pendingWrites).toEqual([
    ["task-1", ERROR, "timeout"],
    ["task-1", "answer", 42],
  ]);
});

it("writes a retried task's writes again after their first transaction fails on the stored one, keeping it", async () => {
  const config = await putStep(saver, threadConfig("t-1"), {}, {}, []);
  await saver.putWrites(config, [["answer", "first"]], "task-1");
  commits = [];

  await saver.putWrites(
    config,
    [
      ["answer", "retry"],
      ["notes", "added on retry"],
    ],
    "task-1",
  );

  // The first attempt's add of the stored write aborts it; the second reads each result before its commit.
  expect(commits).toEqual([
    { stores: [STORES.writes], requests: 2, answered: 0 },
    { stores: [STORES.writes], requests: 2, answered: 2 },
  ]);
  expect((await saver.getTuple(config))?.pendingWrites).toEqual([
    ["task-1", "answer", "first"],
    ["task-1", "notes", "added on retry"],
  ]);
});
