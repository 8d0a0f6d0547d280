import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it } from "vitest";
import type { BackgroundTask } from "../../engine/index.js";
import { Database, STORES } from "../db.js";
import { PersistenceError } from "../errors.js";
import { TaskStore } from "./tasks.js";

function task(id: string, patch: Partial<BackgroundTask> = {}): BackgroundTask {
  return {
    id,
    thread_id: "t1",
    parent_agent: "Main",
    agent: "Research",
    tool_call_id: `call_${id}`,
    call_id: `sub_${id}`,
    message: "find news",
    overrides: {},
    depth: 1,
    status: "queued",
    result: null,
    error: null,
    created: 1,
    updated: 1,
    attempts: 0,
    inbox: [],
    progress: [],
    reported: false,
    ...patch,
  };
}

let factory: IDBFactory;
let db: Database;

beforeEach(() => {
  factory = new IDBFactory();
  db = new Database({ name: "tasks-test", indexedDB: factory });
});

describe("TaskStore", () => {
  it("keeps a task across a reopened database", async () => {
    await new TaskStore(db).put(task("a", { status: "running", progress: ["Research: searching"] }));
    await db.close();
    const reopened = new TaskStore(new Database({ name: "tasks-test", indexedDB: factory }));
    expect(await reopened.get("a")).toEqual(task("a", { status: "running", progress: ["Research: searching"] }));
  });

  it("lists open tasks — queued, running, or finished but unreported — across threads", async () => {
    const store = new TaskStore(db);
    await store.put(task("queued", { created: 1 }));
    await store.put(task("running", { status: "running", thread_id: "t2", created: 2 }));
    await store.put(task("unreported", { status: "completed", result: "done", created: 3 }));
    await store.put(task("reported", { status: "completed", result: "done", reported: true, created: 4 }));
    expect((await store.listOpen()).map((t) => t.id)).toEqual(["queued", "running", "unreported"]);
    await store.put(task("running", { status: "failed", error: "lost", reported: true, thread_id: "t2", created: 2 }));
    expect((await store.listOpen()).map((t) => t.id)).toEqual(["queued", "unreported"]);
  });

  it("lists a thread's tasks oldest first and deletes them with the thread", async () => {
    const store = new TaskStore(db);
    await store.put(task("b", { created: 5 }));
    await store.put(task("a", { created: 2 }));
    await store.put(task("c", { thread_id: "t2" }));
    expect((await store.listByThread("t1")).map((t) => t.id)).toEqual(["a", "b"]);
    await store.deleteThread("t1");
    expect(await store.listByThread("t1")).toEqual([]);
    expect((await store.listByThread("t2")).map((t) => t.id)).toEqual(["c"]);
  });

  it("reports a row it cannot read as INVALID_DATA", async () => {
    const raw = await db.open();
    await raw.put(STORES.tasks, { id: "bad", v: 1, thread_id: "t1", open: 1, task: { id: "bad", status: "dreaming" } });
    await expect(new TaskStore(db).get("bad")).rejects.toMatchObject({ code: "INVALID_DATA" });
    await expect(new TaskStore(db).get("bad")).rejects.toBeInstanceOf(PersistenceError);
  });

  it("adds the tasks store to a version-1 database without touching its data", async () => {
    const v1 = new Database({ name: "upgrade-test", indexedDB: factory, version: 1 });
    await v1.tx([STORES.settings], "readwrite", "seeding", (tx) => tx.objectStore(STORES.settings).put({ id: "theme", value: "dark" }));
    expect((await v1.open()).objectStoreNames.contains(STORES.tasks)).toBe(false);
    await v1.close();
    const upgraded = new Database({ name: "upgrade-test", indexedDB: factory });
    const store = new TaskStore(upgraded);
    await store.put(task("after-upgrade"));
    expect((await store.get("after-upgrade"))?.id).toBe("after-upgrade");
    expect(await upgraded.tx([STORES.settings], "readonly", "reading", (tx) => tx.objectStore(STORES.settings).get("theme"))).toEqual({
      id: "theme",
      value: "dark",
    });
  });
});
