// Threads whose messages live in LangGraph's DeltaChannel: resumable from a new saver
// instance, and stored in bytes that grow linearly with the conversation.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { IdbSaver } from "./IdbSaver.js";
import { storageBytes } from "./storageBytes.js";
import { chat, chatGraph, transcript } from "./testing/chatGraph.js";

describe("a DeltaChannel conversation", () => {
  it("resumes in a new saver instance on the same database with every message in order", async () => {
    const factory = new IDBFactory();
    // Frequent snapshots, so the resume needs both a snapshot seed and replayed writes.
    const first = chatGraph(new IdbSaver({ name: "chat", indexedDB: factory }), { snapshotFrequency: 8 });
    await chat(first, "t-1", 1, 30);

    const resumed = chatGraph(new IdbSaver({ name: "chat", indexedDB: factory }), { snapshotFrequency: 8 });
    const messages = await transcript(resumed, "t-1");
    expect(messages).toHaveLength(60);
    expect(messages.filter((_, i) => i % 2 === 0).map((text) => text.split(" — ")[0])).toEqual(Array.from({ length: 30 }, (_, i) => `message ${i + 1}`));
    expect(messages[59]).toMatch(/^reply 30 /);

    await chat(resumed, "t-1", 31, 31);
    expect((await transcript(resumed, "t-1")).slice(-2).map((text) => text.split(" — ")[0])).toEqual(["message 31", "reply 31"]);
  });

  it("stores at most 2.2 times the bytes after 80 turns as after 40, snapshots included", async () => {
    // A snapshot every 10 turns: stored whole, snapshots alone would make this about 2.7.
    const saver = new IdbSaver({ name: "chat", indexedDB: new IDBFactory() });
    const graph = chatGraph(saver, { snapshotFrequency: 20 });
    await chat(graph, "t-1", 1, 40);
    const at40 = await storageBytes(saver.database, "t-1");
    await chat(graph, "t-1", 41, 80);
    const at80 = await storageBytes(saver.database, "t-1");
    expect(at80 / at40).toBeLessThanOrEqual(2.2);
    expect(await transcript(graph, "t-1")).toHaveLength(160);
  });
});
