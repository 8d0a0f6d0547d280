// DeltaSnapshots stored as chains: a snapshot that extends the channel's last one
// stores only its new elements, and every chain reads back as the whole list.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it } from "vitest";
import type { RunnableConfig } from "@langchain/core/runnables";
import { DeltaSnapshot } from "@langchain/langgraph-checkpoint";
import { STORES, type BlobRow } from "../db.js";
import { IdbSaver } from "./IdbSaver.js";
import { MAX_CHAIN_LINKS } from "./snapshotChain.js";
import { putStep, threadConfig } from "./testing/checkpoints.js";

let factory: IDBFactory;
let saver: IdbSaver;
let parent: RunnableConfig;
let version: number;

beforeEach(() => {
  factory = new IDBFactory();
  saver = new IdbSaver({ name: "chains", indexedDB: factory });
  parent = threadConfig("t-1");
  version = 0;
});

/** Puts the next checkpoint with a new snapshot of `messages`. */
async function snapshot(messages: string[], on = saver): Promise<RunnableConfig> {
  version += 1;
  parent = await putStep(on, parent, { messages: new DeltaSnapshot(messages) }, { messages: version }, ["messages"], version);
  return parent;
}

async function blob(at: number): Promise<BlobRow | undefined> {
  return saver.database.tx([STORES.blobs], "readonly", "test", (tx) => tx.objectStore(STORES.blobs).get(["t-1", "", "messages", String(at)]));
}

async function messagesAt(config: RunnableConfig, on = saver): Promise<unknown> {
  const values = (await on.getTuple(config))?.checkpoint.channel_values as { messages?: DeltaSnapshot<string[]> };
  return values.messages?.value;
}

describe("snapshot chains", () => {
  it("store a snapshot that extends the last one as its new elements only, and read it back whole", async () => {
    await snapshot(["hi", "hello"]);
    const second = await snapshot(["hi", "hello", "how are you?", "fine"]);

    expect((await blob(1))?.parts).toBeUndefined();
    expect((await blob(2))?.parts).toEqual(["1"]);
    expect(await saver.getTuple(second).then((tuple) => tuple?.checkpoint.channel_values.messages)).toBeInstanceOf(DeltaSnapshot);
    expect(await messagesAt(second)).toEqual(["hi", "hello", "how are you?", "fine"]);
  });

  it("store a snapshot whole when an earlier element changed", async () => {
    await snapshot(["hi", "hello"]);
    const edited = await snapshot(["hi", "hello (edited)", "more"]);
    expect((await blob(2))?.parts).toBeUndefined();
    expect(await messagesAt(edited)).toEqual(["hi", "hello (edited)", "more"]);
  });

  it("continue a chain read back by a new saver instance, as after a reload", async () => {
    await snapshot(["a"]);
    const second = await snapshot(["a", "b"]);
    const reloaded = new IdbSaver({ name: "chains", indexedDB: factory });
    expect(await messagesAt(second, reloaded)).toEqual(["a", "b"]);

    const third = await snapshot(["a", "b", "c"], reloaded);

    expect((await blob(3))?.parts).toEqual(["1", "2"]);
    expect(await messagesAt(third, reloaded)).toEqual(["a", "b", "c"]);
  });

  it("store a snapshot whole when a row it would follow is gone", async () => {
    await snapshot(["a"]);
    await saver.database.tx([STORES.blobs], "readwrite", "test", (tx) => tx.objectStore(STORES.blobs).delete(["t-1", "", "messages", "1"]));
    const second = await snapshot(["a", "b"]);
    expect((await blob(2))?.parts).toBeUndefined();
    expect(await messagesAt(second)).toEqual(["a", "b"]);
  });

  it(`start a new chain after ${MAX_CHAIN_LINKS} links, bounding the rows one read needs`, async () => {
    const messages: string[] = [];
    for (let i = 0; i <= MAX_CHAIN_LINKS + 1; i++) {
      messages.push(`m${i}`);
      await snapshot([...messages]);
    }
    expect((await blob(MAX_CHAIN_LINKS + 1))?.parts).toHaveLength(MAX_CHAIN_LINKS);
    expect((await blob(MAX_CHAIN_LINKS + 2))?.parts).toBeUndefined();
    expect(await messagesAt(parent)).toEqual(messages);
  });
});
