import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it } from "vitest";
import { assertValid, type GraphDocument } from "../../schema/index.js";
import { minimalDocument } from "../../schema/fixtures/minimalDocument.js";
import { scopedThreadId, type BackgroundTask, type RunEvent } from "../../engine/index.js";
import { subgraphThreadId } from "../../engine/nodes/subgraph.js";
import { SCOPED_THREAD_SEPARATOR, SUBGRAPH_THREAD_SEPARATOR } from "./cascade.js";
import { Database, STORES } from "../db.js";
import { PersistenceError } from "../errors.js";
import { createWorkspace, maskSecret, type Workspace, type WorkspaceClock } from "./index.js";
import { rootEvent } from "../../engine/testing/rootEvents.js";

function doc(id: string, name = "Support bot"): GraphDocument {
  const input = minimalDocument();
  return assertValid({ ...input, meta: { ...input.meta, id, name } });
}

const event = (runId: string, threadId: string, seq: number): RunEvent => rootEvent(runId, threadId, { seq }, { type: "node_start" });

let factory: IDBFactory;
let db: Database;
let ws: Workspace;
let tick: number;
const clock: WorkspaceClock = { now: () => tick, iso: () => new Date(tick).toISOString() };

beforeEach(() => {
  factory = new IDBFactory();
  db = new Database({ name: "ws-test", indexedDB: factory });
  tick = Date.UTC(2026, 0, 1);
  ws = createWorkspace(db, clock);
});

async function reopen(): Promise<Workspace> {
  await db.close();
  db = new Database({ name: "ws-test", indexedDB: factory });
  return createWorkspace(db, clock);
}

describe("graphs", () => {
  it("saves the current document and reads it back after the database is reopened", async () => {
    await ws.graphs.save(doc("g1"));
    const again = await reopen();
    expect((await again.graphs.get("g1"))?.document).toEqual(doc("g1"));
  });

  it("keeps the creation time on autosave and lists the most recently edited first", async () => {
    await ws.graphs.save(doc("g1", "First"));
    tick += 1000;
    await ws.graphs.save(doc("g2", "Second"));
    tick += 1000;
    const saved = await ws.graphs.save(doc("g1", "First, edited"));
    expect(saved.created).toBe(new Date(Date.UTC(2026, 0, 1)).toISOString());
    expect((await ws.graphs.list()).map((g) => g.name)).toEqual(["First, edited", "Second"]);
  });

  it("restores a named version as the current document", async () => {
    await ws.graphs.save(doc("g1", "v1 name"));
    await ws.graphs.saveVersion(doc("g1", "v1 name"), "Before refactor", "ver1");
    tick += 1000;
    await ws.graphs.save(doc("g1", "v2 name"));
    tick += 1000;
    await ws.graphs.saveVersion(doc("g1", "v2 name"), "After refactor", "ver2");
    expect((await ws.graphs.listVersions("g1")).map((v) => v.name)).toEqual(["After refactor", "Before refactor"]);
    await ws.graphs.restoreVersion("ver1");
    expect((await ws.graphs.get("g1"))?.document.meta.name).toBe("v1 name");
  });

  it("reports a missing version instead of restoring nothing", async () => {
    await expect(ws.graphs.restoreVersion("nope")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("deletes a graph with its versions, threads, runs, events and checkpoint rows", async () => {
    await ws.graphs.save(doc("g1"));
    await ws.graphs.saveVersion(doc("g1"), "v", "ver1");
    await ws.threads.create({ id: "t1", graphId: "g1" });
    await ws.runs.start({ id: "r1", threadId: "t1", graphId: "g1", input: "hi", started: 1 });
    await ws.runs.appendEvents([event("r1", "t1", 0)]);
    await db.tx([STORES.checkpoints], "readwrite", "seeding", (tx) =>
      tx.objectStore(STORES.checkpoints).put({
        thread_id: "t1",
        checkpoint_ns: "",
        checkpoint_id: "c1",
        parent_checkpoint_id: null,
        type: "json",
        checkpoint: new Uint8Array(1),
        metadata_type: "json",
        metadata: new Uint8Array(1),
      }),
    );
    await ws.graphs.delete("g1");
    expect(await ws.graphs.get("g1")).toBeUndefined();
    expect(await ws.graphs.listVersions("g1")).toEqual([]);
    expect(await ws.threads.list("g1")).toEqual([]);
    expect(await ws.runs.events("r1")).toEqual([]);
    const left = await db.tx([STORES.checkpoints], "readonly", "counting", (tx) => tx.objectStore(STORES.checkpoints).count());
    expect(left).toBe(0);
  });

  it("refuses a corrupted record with the store and id in the message", async () => {
    await db.tx([STORES.graphs], "readwrite", "corrupting", (tx) => tx.objectStore(STORES.graphs).put({ id: "bad", v: 1, name: "x" }));
    await expect(ws.graphs.get("bad")).rejects.toThrow(/Stored graphs record "bad" is unreadable/);
  });
});

describe("saved keys in graphs", () => {
  const KEY = "sk-proj-Zq81mWx4vB7nTc2LpR9dKfYh";

  it("stores a piece of a saved key pasted into a graph as REDACTED, and says so", async () => {
    await ws.secrets.set("openai", KEY);
    const pasted = doc("g1", "Keyed");
    const withKey = { ...pasted, meta: { ...pasted.meta, description: `use ${KEY.slice(8)} here` } };
    const saved = await ws.graphs.save(withKey);
    expect(saved.keysRemoved).toBe(true);
    expect(saved.document.meta.description).toBe("use REDACTED here");
    const stored = await ws.graphs.get("g1");
    expect(JSON.stringify(stored)).not.toContain(KEY.slice(10, 22));
    assertValid(stored!.document);
  });

  it("stores a version without the saved key either", async () => {
    await ws.secrets.set("anthropic", KEY);
    const pasted = doc("g1");
    await ws.graphs.saveVersion({ ...pasted, meta: { ...pasted.meta, description: KEY } }, "v1", "ver1");
    expect((await ws.graphs.getVersion("ver1"))?.document.meta.description).toBe("REDACTED");
  });

  it("keeps a graph without saved keys as the very object given, and key-shaped text the user wrote", async () => {
    await ws.secrets.set("openai", KEY);
    const plain = doc("g1");
    const ownToken = { ...plain, meta: { ...plain.meta, description: "sk-other-0123456789abcdefghij" } };
    const saved = await ws.graphs.save(ownToken);
    expect(saved.keysRemoved).toBeUndefined();
    expect(saved.document).toBe(ownToken);
  });
});

describe("threads", () => {
  it("lists a graph's threads by last activity and renames them", async () => {
    await ws.threads.create({ id: "t1", graphId: "g1", title: "Refunds" });
    tick += 1000;
    await ws.threads.create({ id: "t2", graphId: "g1", title: "Shipping" });
    await ws.threads.create({ id: "other", graphId: "g2" });
    tick += 1000;
    await ws.threads.touch("t1");
    await ws.threads.rename("t2", "Shipping delays");
    expect((await ws.threads.list("g1")).map((t) => t.title)).toEqual(["Shipping delays", "Refunds"]);
  });

  it("deletes a thread with its runs and events but leaves other threads alone", async () => {
    await ws.threads.create({ id: "t1", graphId: "g1" });
    await ws.threads.create({ id: "t2", graphId: "g1" });
    await ws.runs.start({ id: "r1", threadId: "t1", graphId: "g1", input: "a", started: 1 });
    await ws.runs.start({ id: "r2", threadId: "t2", graphId: "g1", input: "b", started: 2 });
    await ws.runs.appendEvents([event("r1", "t1", 0), event("r2", "t2", 0)]);
    await ws.threads.delete("t1");
    expect(await ws.runs.list("t1")).toEqual([]);
    expect(await ws.runs.threadEvents("t1")).toEqual([]);
    expect(await ws.runs.threadEvents("t2")).toHaveLength(1);
  });

  it("deletes a thread's sub-agent checkpoints and background tasks, and nothing of a thread whose id only starts the same", async () => {
    const task = (id: string, threadId: string): BackgroundTask => ({
      id,
      thread_id: threadId,
      parent_agent: "Main",
      agent: "Research",
      tool_call_id: "tc",
      call_id: "c",
      message: "go",
      overrides: {},
      depth: 1,
      status: "running",
      result: null,
      error: null,
      created: 1,
      updated: 1,
      attempts: 1,
      inbox: [],
      progress: [],
      reported: false,
    });
    const checkpoint = (threadId: string, id: string) => ({
      thread_id: threadId,
      checkpoint_ns: "",
      checkpoint_id: id,
      parent_checkpoint_id: null,
      type: "json",
      checkpoint: new Uint8Array(1),
      metadata_type: "json",
      metadata: new Uint8Array(1),
    });
    await ws.threads.create({ id: "t1", graphId: "g1" });
    await ws.threads.create({ id: "t10", graphId: "g1" });
    await db.tx([STORES.checkpoints], "readwrite", "seeding", async (tx) => {
      for (const [thread, id] of [
        ["t1", "c1"],
        [scopedThreadId("t1", "Research"), "c2"],
        [subgraphThreadId("t1", "sub-1"), "c5"],
        ["t10", "c3"],
        [scopedThreadId("t10", "Research"), "c4"],
      ] as const) {
        await tx.objectStore(STORES.checkpoints).put(checkpoint(thread, id));
      }
    });
    await ws.tasks.put(task("task1", "t1"));
    await ws.tasks.put(task("task10", "t10"));
    await ws.threads.delete("t1");
    const left = await db.tx([STORES.checkpoints], "readonly", "listing", (tx) => tx.objectStore(STORES.checkpoints).getAll());
    expect(left.map((row) => row.thread_id).sort()).toEqual(["t10", "t10::agent::Research"]);
    expect(await ws.tasks.listByThread("t1")).toEqual([]);
    expect((await ws.tasks.listByThread("t10")).map((t) => t.id)).toEqual(["task10"]);
  });

  it("names scoped threads the way the engine does", () => {
    expect(scopedThreadId("t1", "Research")).toBe(`t1${SCOPED_THREAD_SEPARATOR}Research`);
    expect(subgraphThreadId("t1", "sub-1")).toBe(`t1${SUBGRAPH_THREAD_SEPARATOR}sub-1`);
  });

  it("says which thread is missing when renaming one that does not exist", async () => {
    await expect(ws.threads.rename("ghost", "x")).rejects.toThrow('Thread "ghost" does not exist');
  });
});

describe("runs and events", () => {
  it("records a run's outcome", async () => {
    await ws.runs.start({ id: "r1", threadId: "t1", graphId: "g1", input: "hi", started: 10 });
    await ws.runs.finish("r1", { status: "error", ended: 20, error: "model failed" });
    expect(await ws.runs.get("r1")).toMatchObject({ status: "error", ended: 20, error: "model failed" });
  });

  it("returns a thread's events in run order and sequence order after a reload", async () => {
    await ws.runs.start({ id: "rB", threadId: "t1", graphId: "g1", input: "first", started: 1 });
    await ws.runs.start({ id: "rA", threadId: "t1", graphId: "g1", input: "second", started: 2 });
    await ws.runs.appendEvents([event("rA", "t1", 1), event("rA", "t1", 0)]);
    await ws.runs.appendEvents([event("rB", "t1", 0), event("rB", "t1", 1)]);
    const again = await reopen();
    expect((await again.runs.threadEvents("t1")).map((e) => e.id)).toEqual(["rB:0", "rB:1", "rA:0", "rA:1"]);
  });
});

describe("settings and secrets", () => {
  it("returns the fallback for an unset setting and the saved value after", async () => {
    expect(await ws.settings.get("theme", "system")).toBe("system");
    await ws.settings.set("theme", "dark");
    expect(await ws.settings.get("theme", "system")).toBe("dark");
  });

  it("never returns a secret from listing, only its masked form", async () => {
    const key = "sk-live-0123456789abcdef";
    await ws.secrets.set("openai", key);
    const listed = await ws.secrets.list();
    expect(listed).toEqual([{ name: "openai", masked: "sk-…cdef" }]);
    expect(JSON.stringify(listed)).not.toContain("0123456789");
    expect(await ws.secrets.reveal("openai")).toBe(key);
  });

  it("removes a secret when it is saved empty", async () => {
    await ws.secrets.set("anthropic", "sk-ant-0123456789");
    await ws.secrets.set("anthropic", "   ");
    expect(await ws.secrets.has("anthropic")).toBe(false);
  });

  it("masks short secrets completely", () => {
    expect(maskSecret("abc123")).toBe("••••••");
  });
});

describe("faults", () => {
  it("rejects a save with QUOTA_EXCEEDED when storage is full, and keeps the previous document", async () => {
    await ws.graphs.save(doc("g1", "Saved before"));
    const store = Object.getPrototypeOf((await db.open()).transaction(STORES.graphs, "readwrite").objectStore(STORES.graphs)) as {
      put: (...args: unknown[]) => unknown;
    };
    const realPut = store.put;
    store.put = () => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    };
    try {
      const error = await ws.graphs.save(doc("g1", "Too big")).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PersistenceError);
      expect(error).toMatchObject({ code: "QUOTA_EXCEEDED" });
      expect((error as Error).message).toContain('storage is full, so saving graph "Too big" failed and nothing was saved');
    } finally {
      store.put = realPut;
    }
    expect((await ws.graphs.get("g1"))?.name).toBe("Saved before");
  });

  it("reopens the connection after it was closed under it", async () => {
    await ws.graphs.save(doc("g1"));
    (await db.open()).close();
    expect((await ws.graphs.get("g1"))?.id).toBe("g1");
  });
});
