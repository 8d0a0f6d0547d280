// The A2A task store's bound: the SDK's store contract (copies, scopes, listing) with idle tasks
// and the least recently used past the cap forgotten, and running tasks kept whatever their age.
import { describe, expect, it } from "vitest";
import { TaskState, type Task } from "@a2a-js/sdk";
import { ServerCallContext } from "@a2a-js/sdk/server";
import { BoundedTaskStore } from "./taskStore.js";

const anyone = new ServerCallContext();

function task(id: string, state: TaskState, timestamp = "2026-12-06T00:00:00.000Z"): Task {
  return { id, contextId: `context-${id}`, status: { state, message: undefined, timestamp }, artifacts: [], history: [], metadata: undefined };
}

const done = (id: string, timestamp?: string) => task(id, TaskState.TASK_STATE_COMPLETED, timestamp);

describe("BoundedTaskStore", () => {
  it("forgets a task nobody saved or read for longer than the idle limit, and says which", async () => {
    let now = 0;
    const forgotten: string[] = [];
    const store = new BoundedTaskStore({ idleMs: 1000, clock: () => now, onForget: (id) => forgotten.push(id) });
    await store.save(done("a"), anyone);
    await store.save(done("b"), anyone);
    now = 900;
    expect(await store.load("a", anyone)).toMatchObject({ id: "a" });
    now = 1500;
    expect(await store.load("b", anyone)).toBeUndefined();
    expect(await store.load("a", anyone)).toMatchObject({ id: "a" });
    expect(forgotten).toEqual(["b"]);
  });

  it("keeps at most maxTasks, forgetting the least recently used first", async () => {
    const store = new BoundedTaskStore({ maxTasks: 3 });
    for (const id of ["a", "b", "c"]) await store.save(done(id), anyone);
    await store.load("a", anyone);
    await store.save(done("d"), anyone);
    expect(store.size).toBe(3);
    expect(await store.load("b", anyone)).toBeUndefined();
    for (const id of ["a", "c", "d"]) expect(await store.load(id, anyone)).toMatchObject({ id });
  });

  it("never forgets a task that is still running, however old", async () => {
    let now = 0;
    const store = new BoundedTaskStore({ maxTasks: 1, idleMs: 1000, clock: () => now });
    await store.save(task("working", TaskState.TASK_STATE_WORKING), anyone);
    await store.save(task("submitted", TaskState.TASK_STATE_SUBMITTED), anyone);
    now = 10_000;
    await store.save(done("new"), anyone);
    expect(await store.load("working", anyone)).toMatchObject({ status: { state: TaskState.TASK_STATE_WORKING } });
    expect(await store.load("submitted", anyone)).toMatchObject({ status: { state: TaskState.TASK_STATE_SUBMITTED } });
    // Once it ends it is an ordinary task again.
    await store.save(done("working"), anyone);
    now = 20_000;
    expect(await store.load("working", anyone)).toBeUndefined();
  });

  it("hands out copies and keeps each caller's tasks to that caller", async () => {
    const store = new BoundedTaskStore({ ownerResolver: (context) => context.tenant ?? "nobody" });
    const mine = new ServerCallContext({ tenant: "mine" });
    const theirs = new ServerCallContext({ tenant: "theirs" });
    const saved = done("a");
    await store.save(saved, mine);
    saved.history.push({} as never);
    const loaded = await store.load("a", mine);
    expect(loaded?.history).toEqual([]);
    loaded!.artifacts.push({} as never);
    expect((await store.load("a", mine))?.artifacts).toEqual([]);
    expect(await store.load("a", theirs)).toBeUndefined();
  });

  it("lists with the SDK's filters and order over what is kept", async () => {
    const store = new BoundedTaskStore({ maxTasks: 3 });
    await store.save(done("old", "2026-12-06T00:00:01.000Z"), anyone);
    await store.save(done("a", "2026-12-06T00:00:02.000Z"), anyone);
    await store.save(task("b", TaskState.TASK_STATE_INPUT_REQUIRED, "2026-12-06T00:00:03.000Z"), anyone);
    await store.save(done("c", "2026-12-06T00:00:04.000Z"), anyone);
    const listed = async (status: TaskState) => {
      const request = {
        tenant: "",
        contextId: "",
        status,
        pageSize: 10,
        pageToken: "",
        historyLength: undefined,
        statusTimestampAfter: undefined,
        includeArtifacts: false,
      };
      return (await store.list(request, anyone)).tasks.map((t) => t.id);
    };
    expect(await listed(TaskState.TASK_STATE_UNSPECIFIED)).toEqual(["c", "b", "a"]);
    expect(await listed(TaskState.TASK_STATE_INPUT_REQUIRED)).toEqual(["b"]);
  });
});
