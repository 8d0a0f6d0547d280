import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it } from "vitest";
import { ERROR, uuid6 } from "@langchain/langgraph-checkpoint";
import { Annotation, END, START, StateGraph } from "@langchain/langgraph/web";
import { Database, STORES, type BlobRow } from "../db.js";
import { PersistenceError } from "../errors.js";
import { IdbSaver } from "./IdbSaver.js";
import { checkpointWith, loopMetadata, putStep, threadConfig } from "./testing/checkpoints.js";

let factory: IDBFactory;
let saver: IdbSaver;

beforeEach(() => {
  factory = new IDBFactory();
  saver = new IdbSaver({ name: "saver", indexedDB: factory });
});

function blobRows(): Promise<BlobRow[]> {
  return saver.database.tx([STORES.blobs], "readonly", "test", (tx) => tx.objectStore(STORES.blobs).getAll());
}

async function listIds(config = threadConfig("t-1"), options?: Parameters<IdbSaver["list"]>[1]): Promise<string[]> {
  const ids: string[] = [];
  for await (const tuple of saver.list(config, options)) ids.push(tuple.checkpoint.id);
  return ids;
}

describe("put", () => {
  it("writes a blob only for the channels in newVersions and reads unchanged ones from earlier versions", async () => {
    const first = await putStep(saver, threadConfig("t-1"), { topic: "billing", notes: "long" }, { topic: 1, notes: 1 }, ["topic", "notes"]);
    const second = await putStep(saver, first, { topic: "refunds", notes: "long" }, { topic: 2, notes: 1 }, ["topic"], 1);

    expect((await blobRows()).map((blob) => `${blob.channel}@${blob.version}`).sort()).toEqual(["notes@1", "topic@1", "topic@2"]);
    expect((await saver.getTuple(second))?.checkpoint.channel_values).toEqual({ topic: "refunds", notes: "long" });
    expect((await saver.getTuple(first))?.checkpoint.channel_values).toEqual({ topic: "billing", notes: "long" });
  });

  it("stores no value for a channel that is new but empty, such as a delta channel between snapshots", async () => {
    const config = await putStep(saver, threadConfig("t-1"), {}, { messages: 1 }, ["messages"]);
    expect(await blobRows()).toEqual([]);
    expect((await saver.getTuple(config))?.checkpoint.channel_values).toEqual({});
  });

  it("rejects a checkpoint without a thread id with INVALID_DATA", async () => {
    const error = await saver.put({ configurable: {} }, checkpointWith({}, {}), loopMetadata(0), {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PersistenceError);
    expect((error as PersistenceError).code).toBe("INVALID_DATA");
  });
});

describe("putWrites", () => {
  it("keeps a task's first regular write and replaces its error write", async () => {
    const config = await putStep(saver, threadConfig("t-1"), {}, {}, []);
    await saver.putWrites(
      config,
      [
        ["answer", "first"],
        [ERROR, "timeout"],
      ],
      "task-1",
    );
    await saver.putWrites(
      config,
      [
        ["answer", "retry"],
        [ERROR, "rate limited"],
      ],
      "task-1",
    );
    expect((await saver.getTuple(config))?.pendingWrites).toEqual([
      ["task-1", ERROR, "rate limited"],
      ["task-1", "answer", "first"],
    ]);
  });

  it("adds a retried task's new writes in the transaction that keeps its stored ones", async () => {
    const config = await putStep(saver, threadConfig("t-1"), {}, {}, []);
    await saver.putWrites(config, [["answer", "first"]], "task-1");
    await saver.putWrites(
      config,
      [
        ["answer", "retry"],
        ["notes", "added on retry"],
      ],
      "task-1",
    );
    expect((await saver.getTuple(config))?.pendingWrites).toEqual([
      ["task-1", "answer", "first"],
      ["task-1", "notes", "added on retry"],
    ]);
  });

  it("returns pending writes in task path order, not in task id order", async () => {
    const config = await putStep(saver, threadConfig("t-1"), {}, {}, []);
    await saver.putWrites(config, [["messages", "from a"]], "task-a", "~__pregel_push, 2");
    await saver.putWrites(config, [["messages", "from b"]], "task-b", "~__pregel_push, 1");
    expect((await saver.getTuple(config))?.pendingWrites?.map(([taskId]) => taskId)).toEqual(["task-b", "task-a"]);
  });
});

describe("getTuple and list", () => {
  it("lists a long history newest first across pages, honouring before and limit", async () => {
    const ids: string[] = [];
    let parent = threadConfig("t-1");
    for (let step = 0; step < 40; step++) {
      parent = await putStep(saver, parent, {}, {}, [], step);
      ids.push(String(parent.configurable?.checkpoint_id));
    }
    const newestFirst = [...ids].reverse();
    expect(await listIds()).toEqual(newestFirst);
    expect(await listIds(threadConfig("t-1"), { before: { configurable: { checkpoint_id: ids[30] } }, limit: 20 })).toEqual(newestFirst.slice(10, 30));
    expect((await saver.getTuple(threadConfig("t-1")))?.checkpoint.id).toBe(ids[39]);
  });

  it("filters the list by metadata and by namespace", async () => {
    await saver.put(threadConfig("t-1"), checkpointWith({}, {}), { source: "input", step: -1, parents: {} }, {});
    const loop = await putStep(saver, threadConfig("t-1"), {}, {}, []);
    const child = await putStep(saver, threadConfig("t-1", "child:1"), {}, {}, []);
    expect(await listIds(threadConfig("t-1", ""), { filter: { source: "loop" } })).toEqual([loop.configurable?.checkpoint_id]);
    expect(await listIds({ configurable: { thread_id: "t-1", checkpoint_ns: "child:1" } })).toEqual([child.configurable?.checkpoint_id]);
    expect(await listIds({ configurable: { thread_id: "t-1" } })).toHaveLength(3);
  });

  it("reads what an earlier saver instance wrote to the same database", async () => {
    const config = await putStep(saver, threadConfig("t-1"), { topic: "billing" }, { topic: 1 }, ["topic"]);
    await saver.putWrites(config, [["topic", "refunds"]], "task-1");
    await saver.close();
    const reopened = new IdbSaver({ name: "saver", indexedDB: factory });
    const tuple = await reopened.getTuple(threadConfig("t-1"));
    expect(tuple?.checkpoint.channel_values).toEqual({ topic: "billing" });
    expect(tuple?.pendingWrites).toEqual([["task-1", "topic", "refunds"]]);
  });
});

describe("deleteThread", () => {
  it("removes the thread's checkpoints, writes and blobs in every namespace and keeps other threads", async () => {
    const root = await putStep(saver, threadConfig("t-1"), { topic: "a" }, { topic: 1 }, ["topic"]);
    await saver.putWrites(root, [["topic", "b"]], "task-1");
    await putStep(saver, threadConfig("t-1", "child:1"), { inner: 1 }, { inner: 1 }, ["inner"]);
    const other = await putStep(saver, threadConfig("t-2"), { topic: "c" }, { topic: 1 }, ["topic"]);

    await saver.deleteThread("t-1");

    expect(await listIds({ configurable: { thread_id: "t-1" } })).toEqual([]);
    expect((await blobRows()).map((blob) => blob.thread_id)).toEqual(["t-2"]);
    expect((await saver.getTuple(other))?.checkpoint.channel_values).toEqual({ topic: "c" });
  });
});

describe("threadIds", () => {
  it("names each thread under a prefix once, whatever its namespaces, and no thread outside it", async () => {
    await putStep(saver, threadConfig("t1::agent::Emails"), {}, {}, []);
    await putStep(saver, threadConfig("t1::agent::Emails", "Emails:1"), {}, {}, []);
    await putStep(saver, threadConfig("t1::agent::Research"), {}, {}, []);
    await putStep(saver, threadConfig("t1::subgraph::sub-1"), {}, {}, []);
    await putStep(saver, threadConfig("t10::agent::Emails"), {}, {}, []);
    await putStep(saver, threadConfig("t1"), {}, {}, []);

    expect(await saver.threadIds("t1::agent::")).toEqual(["t1::agent::Emails", "t1::agent::Research"]);
    expect(await saver.threadIds("t1::subgraph::")).toEqual(["t1::subgraph::sub-1"]);
    expect(await saver.threadIds("t2::agent::")).toEqual([]);
  });
});

describe("shared database", () => {
  it("uses a Database it is given, next to the workspace stores, and leaves it open on close", async () => {
    const database = new Database({ name: "shared", indexedDB: factory });
    const shared = new IdbSaver({ database });
    await putStep(shared, threadConfig("t-1"), {}, {}, []);
    await shared.close();
    await expect(database.tx([STORES.settings], "readonly", "test", (tx) => tx.objectStore(STORES.settings).count())).resolves.toBe(0);
  });
});

describe("channel versions", () => {
  it("increase by at least one per step and differ between two branches from the same version", () => {
    const a = saver.getNextVersion(7);
    const b = saver.getNextVersion(7);
    expect(Math.floor(a)).toBe(8);
    expect(a).not.toBe(b);
    expect(saver.getNextVersion(a)).toBeGreaterThan(a);
    expect(Math.floor(saver.getNextVersion(undefined))).toBe(1);
  });

  it("keep a branch's values intact when a run forks from an earlier checkpoint", async () => {
    const State = Annotation.Root({ answer: Annotation<string> });
    let reply = "first";
    const graph = new StateGraph(State)
      .addNode("reply", () => ({ answer: reply }))
      .addEdge(START, "reply")
      .addEdge("reply", END)
      .compile({ checkpointer: saver });
    const thread = { configurable: { thread_id: uuid6(-3) } };
    await graph.invoke({ answer: "question" }, thread);
    const original = await graph.getState(thread);
    const history = [];
    for await (const snapshot of graph.getStateHistory(thread)) history.push(snapshot);
    const beforeReply = history.find((snapshot) => snapshot.next.includes("reply"));

    reply = "second";
    await graph.invoke(null, beforeReply?.config);

    expect((await graph.getState(thread)).values).toEqual({ answer: "second" });
    expect((await graph.getState(original.config)).values).toEqual({ answer: "first" });
  });
});
