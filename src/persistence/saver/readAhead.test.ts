// A run's first reads of its thread, read ahead while it holds the thread's lock: the same
// answers as reads at the time, taken once, never after a write to the thread.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { HumanMessage } from "@langchain/core/messages";
import { describe, expect, it, vi } from "vitest";
import { IdbSaver } from "./IdbSaver.js";
import { chat, chatGraph, transcript } from "./testing/chatGraph.js";

const LATEST = { configurable: { thread_id: "t-1", checkpoint_ns: "" } };

async function chattedSaver(): Promise<{ saver: IdbSaver; reference: IdbSaver }> {
  const factory = new IDBFactory();
  const saver = new IdbSaver({ name: "ahead", indexedDB: factory });
  await chat(chatGraph(saver, { snapshotFrequency: 4 }), "t-1", 1, 6);
  return { saver, reference: new IdbSaver({ name: "ahead", indexedDB: factory }) };
}

/** Lets the reads ahead finish: they are the only transactions in flight. */
async function settled(saver: IdbSaver): Promise<void> {
  await saver.database.tx(["checkpoints"], "readonly", "waiting", () => undefined);
}

describe("reads ahead of a run", () => {
  it("answer the run's first checkpoint and history reads as the store would, with no read of their own", async () => {
    const { saver, reference } = await chattedSaver();
    const done = saver.readAhead("t-1", ["messages"]);
    await settled(saver);
    const tx = vi.spyOn(saver.database, "tx");
    const tuple = await saver.getTuple(LATEST);
    const history = await saver.getDeltaChannelHistory({ config: tuple!.config, channels: ["messages"] });
    expect(tx).not.toHaveBeenCalled();
    const expected = await reference.getTuple(LATEST);
    expect(tuple).toEqual(expected);
    expect(history).toEqual(await reference.getDeltaChannelHistory({ config: expected!.config, channels: ["messages"] }));
    done();
  });

  it("are taken once: a second read goes to the store", async () => {
    const { saver } = await chattedSaver();
    const done = saver.readAhead("t-1", ["messages"]);
    await saver.getTuple(LATEST);
    const tx = vi.spyOn(saver.database, "tx");
    await saver.getTuple(LATEST);
    expect(tx).toHaveBeenCalledTimes(1);
    done();
  });

  it("are dropped by a write to the thread: the read after it sees the write", async () => {
    const { saver, reference } = await chattedSaver();
    const done = saver.readAhead("t-1", ["messages"]);
    await settled(saver);
    const before = await reference.getTuple(LATEST);
    await saver.putWrites(before!.config, [["messages", [new HumanMessage("written after the read ahead")]]], "task-after");
    const tuple = await saver.getTuple(LATEST);
    expect(tuple?.pendingWrites?.map(([task]) => task)).toContain("task-after");
    done();
  });

  it("are not used for another checkpoint's history, nor once the run is done", async () => {
    const { saver, reference } = await chattedSaver();
    const done = saver.readAhead("t-1", ["messages"]);
    const parent = (await reference.getTuple(LATEST))!.parentConfig!;
    const tx = vi.spyOn(saver.database, "tx");
    expect(await saver.getDeltaChannelHistory({ config: parent, channels: ["messages"] })).toEqual(
      await reference.getDeltaChannelHistory({ config: parent, channels: ["messages"] }),
    );
    expect(tx).toHaveBeenCalledTimes(1);
    done();
    await saver.getTuple(LATEST);
    expect(tx).toHaveBeenCalledTimes(2);
  });

  it("leave the conversation as it was: a run on a thread read ahead goes on from its last turn", async () => {
    const { saver } = await chattedSaver();
    const graph = chatGraph(saver, { snapshotFrequency: 4 });
    const done = saver.readAhead("t-1", ["messages"]);
    await chat(graph, "t-1", 7, 7);
    done();
    const messages = await transcript(graph, "t-1");
    expect(messages).toHaveLength(14);
    expect(messages.slice(-2).map((text) => text.split(" — ")[0])).toEqual(["message 7", "reply 7"]);
  });
});
