// Storage faults surface as PersistenceErrors, never as silent success, and
// leave nothing half-written; a lost connection is reopened on the next use.
import "fake-indexeddb/auto";
import { IDBFactory, IDBObjectStore, forceCloseDatabase } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STORES } from "../db.js";
import { PersistenceError } from "../errors.js";
import { IdbSaver } from "./IdbSaver.js";
import { putStep, threadConfig } from "./testing/checkpoints.js";

let saver: IdbSaver;

beforeEach(() => {
  saver = new IdbSaver({ name: "faults", indexedDB: new IDBFactory() });
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Makes writes (`put` and `add`) on one store fail the way the browser does: once, or every time. */
function failPuts(store: string, fail: (objectStore: IDBObjectStore) => never, times = Infinity): void {
  let failures = 0;
  for (const method of ["put", "add"] as const) {
    const write = IDBObjectStore.prototype[method];
    vi.spyOn(IDBObjectStore.prototype, method).mockImplementation(function (this: IDBObjectStore, ...args: Parameters<typeof write>) {
      if (this.name === store && failures++ < times) fail(this);
      return write.apply(this, args);
    });
  }
}

/** fake-indexeddb types its argument as the IDBDatabase class; it takes a connection. */
const forceClose = (connection: unknown): void => forceCloseDatabase(connection as Parameters<typeof forceCloseDatabase>[0]);

const quotaExceeded = (): never => {
  throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
};

async function rejection(promise: Promise<unknown>): Promise<PersistenceError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PersistenceError);
  return error as PersistenceError;
}

async function checkpointIds(threadId: string): Promise<string[]> {
  const ids: string[] = [];
  for await (const tuple of saver.list(threadConfig(threadId))) ids.push(tuple.checkpoint.id);
  return ids;
}

describe("a full disk", () => {
  it("rejects a put with QUOTA_EXCEEDED and keeps no part of the checkpoint", async () => {
    const first = await putStep(saver, threadConfig("t-1"), { topic: "a" }, { topic: 1 }, ["topic"]);
    // The checkpoint row is written before the blob that fails: the abort must take it back.
    failPuts(STORES.blobs, quotaExceeded);

    const error = await rejection(putStep(saver, first, { topic: "b" }, { topic: 2 }, ["topic"], 1));

    expect(error.code).toBe("QUOTA_EXCEEDED");
    expect(error.message).toMatch(/storage is full/);
    expect(await checkpointIds("t-1")).toEqual([first.configurable?.checkpoint_id]);
  });

  it("rejects putWrites with QUOTA_EXCEEDED and stores none of the task's writes", async () => {
    const config = await putStep(saver, threadConfig("t-1"), {}, {}, []);
    failPuts(STORES.writes, quotaExceeded);
    // Whichever write fails, the abort takes back the other one too.
    const error = await rejection(
      saver.putWrites(
        config,
        [
          ["a", 1],
          ["b", 2],
        ],
        "task-1",
      ),
    );
    expect(error.code).toBe("QUOTA_EXCEEDED");
    vi.restoreAllMocks();
    expect((await saver.getTuple(config))?.pendingWrites).toEqual([]);
  });

  it("saves again once space is free", async () => {
    failPuts(STORES.checkpoints, quotaExceeded, 1);
    await rejection(putStep(saver, threadConfig("t-1"), {}, {}, []));
    const saved = await putStep(saver, threadConfig("t-1"), {}, {}, []);
    expect(await checkpointIds("t-1")).toEqual([saved.configurable?.checkpoint_id]);
  });
});

describe("a lost connection", () => {
  it("is reopened by the next operation after the connection was closed", async () => {
    const first = await putStep(saver, threadConfig("t-1"), {}, {}, []);
    (await saver.database.open()).close();
    const second = await putStep(saver, first, {}, {}, [], 1);
    expect(await checkpointIds("t-1")).toEqual([second.configurable?.checkpoint_id, first.configurable?.checkpoint_id]);
  });

  it("is reopened by the next operation after the browser closed it (site data cleared)", async () => {
    await putStep(saver, threadConfig("t-1"), {}, {}, []);
    forceClose(await saver.database.open());
    await expect(saver.getTuple(threadConfig("t-1"))).resolves.toBeDefined();
  });

  it("rejects the write whose transaction it killed with CONNECTION_LOST, and the next write succeeds", async () => {
    const first = await putStep(saver, threadConfig("t-1"), { topic: "a" }, { topic: 1 }, ["topic"]);
    // As in a browser's forced close: the connection closes and its transactions abort.
    failPuts(
      STORES.blobs,
      (store) => {
        forceClose(store.transaction.db);
        store.transaction.abort();
        throw new DOMException("The transaction was aborted.", "AbortError");
      },
      1,
    );

    const error = await rejection(putStep(saver, first, { topic: "b" }, { topic: 2 }, ["topic"], 1));
    expect(error.code).toBe("CONNECTION_LOST");
    expect(await checkpointIds("t-1")).toEqual([first.configurable?.checkpoint_id]);

    const retried = await putStep(saver, first, { topic: "b" }, { topic: 2 }, ["topic"], 1);
    expect((await saver.getTuple(retried))?.checkpoint.channel_values).toEqual({ topic: "b" });
  });
});
