// IdbStore's vector index: what a put embeds, how a query ranks, that vectors live and die
// with their item across a reopened database, and that a failing model writes nothing.
import "fake-indexeddb/auto";
import { IDBFactory, IDBObjectStore } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SearchItem, SearchOperation } from "@langchain/langgraph-checkpoint";
import { Database, STORES } from "../db.js";
import { PersistenceError } from "../errors.js";
import { IdbStore } from "./IdbStore.js";
import { WordEmbeddings } from "./fixtures/WordEmbeddings.js";

const AGENT_A = ["graph", "g1", "agent", "A"];
const AGENT_B = ["graph", "g1", "agent", "B"];
const VOCABULARY = ["french", "german", "language", "order", "shipped", "refund"];

let factory: IDBFactory;
let words: WordEmbeddings;
let store: IdbStore;

const open = (fields?: string[], embeddings = words) =>
  new IdbStore({ name: "memory", indexedDB: factory, index: { dims: embeddings.dims, embeddings, ...(fields ? { fields } : {}) } });

beforeEach(() => {
  factory = new IDBFactory();
  words = new WordEmbeddings(VOCABULARY);
  store = open(["text"]);
});

afterEach(() => {
  vi.restoreAllMocks();
});

const ranking = (items: SearchItem[]) => items.map((item) => [item.key, item.score === undefined ? undefined : Number(item.score.toFixed(4))]);

async function vectorRows(database: Database): Promise<string[]> {
  const rows = await database.tx([STORES.storeVectors], "readonly", "reading vectors", (tx) => tx.objectStore(STORES.storeVectors).getAll());
  return rows.map((row) => `${row.namespace.join("/")}#${row.key}:${row.field}`);
}

async function rejection(promise: Promise<unknown>): Promise<PersistenceError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PersistenceError);
  return error as PersistenceError;
}

describe("search with a query", () => {
  beforeEach(async () => {
    await store.put(AGENT_A, "language", { text: "Speaks French", kind: "preference" });
    await store.put(AGENT_A, "second", { text: "Learning the German language", kind: "preference" });
    await store.put(AGENT_A, "order", { text: "Order shipped", kind: "fact" });
    await store.put(AGENT_B, "language", { text: "German", kind: "preference" });
  });

  it("ranks items by cosine similarity to the query and gives each its score", async () => {
    expect(ranking(await store.search(AGENT_A, { query: "french language" }))).toEqual([
      ["language", 0.7071],
      ["second", 0.5],
      ["order", 0],
    ]);
  });

  it("ranks only the items the namespace prefix and the filter let through", async () => {
    const found = await store.search(["graph", "g1"], { query: "german", filter: { kind: "preference" } });
    expect(found.map((item) => [item.namespace.at(-1), item.key, Number(item.score?.toFixed(4))])).toEqual([
      ["B", "language", 1],
      ["A", "second", 0.7071],
      ["A", "language", 0],
    ]);
    expect(ranking(await store.search(AGENT_B, { query: "french" }))).toEqual([["language", 0]]);
  });

  it("pages the ranking with limit and offset", async () => {
    expect(ranking(await store.search(AGENT_A, { query: "french language", limit: 1, offset: 1 }))).toEqual([["second", 0.5]]);
  });

  it("keeps insertion order and no score without a query, and embeds no query", async () => {
    expect(ranking(await store.search(AGENT_A))).toEqual([
      ["language", undefined],
      ["second", undefined],
      ["order", undefined],
    ]);
    expect(words.queries).toEqual([]);
  });

  it("embeds each distinct query of a batch once", async () => {
    const search: SearchOperation = { namespacePrefix: AGENT_A, query: "german", limit: 10, offset: 0 };
    const [first, second] = await store.batch([search, { ...search, limit: 1 }] as [SearchOperation, SearchOperation]);
    expect(ranking(first)[0]).toEqual(["second", 0.7071]);
    expect(second).toHaveLength(1);
    expect(words.queries).toEqual(["german"]);
  });
});

describe("what a put embeds", () => {
  it("embeds the whole value as indented JSON when the index names no fields", async () => {
    store = open();
    await store.put(AGENT_A, "language", { text: "French" });
    expect(words.documentCalls).toEqual([[JSON.stringify({ text: "French" }, null, 2)]]);
    expect(await vectorRows(store.database)).toEqual(["graph/g1/agent/A#language:$"]);
  });

  it("embeds each element of a [*] path under its own field and scores the item by its best one", async () => {
    store = open(["tags[*].name"]);
    await store.put(AGENT_A, "profile", { tags: [{ name: "order" }, { name: "french" }] });
    await store.put(AGENT_A, "other", { tags: [{ name: "french german" }] });
    expect(await vectorRows(store.database)).toEqual([
      "graph/g1/agent/A#other:tags[*].name",
      "graph/g1/agent/A#profile:tags[*].name.0",
      "graph/g1/agent/A#profile:tags[*].name.1",
    ]);
    expect(ranking(await store.search(AGENT_A, { query: "french" }))).toEqual([
      ["profile", 1],
      ["other", 0.7071],
    ]);
  });

  it("embeds a put's own index paths instead of the configured fields", async () => {
    await store.put(AGENT_A, "note", { text: "French", title: "Refund order" }, ["title"]);
    expect(words.documentCalls).toEqual([["Refund order"]]);
    expect(ranking(await store.search(AGENT_A, { query: "refund" }))).toEqual([["note", 0.7071]]);
  });

  it("stores an item put with index: false without vectors, listed after the scored ones", async () => {
    await store.put(AGENT_A, "plain", { text: "French" }, false);
    await store.put(AGENT_A, "indexed", { text: "German" });
    expect(words.documentCalls).toEqual([["German"]]);
    expect(ranking(await store.search(AGENT_A, { query: "french" }))).toEqual([
      ["indexed", 0],
      ["plain", undefined],
    ]);
  });

  it("embeds a batch's puts in one call, each distinct text once, and skips deletes", async () => {
    await store.batch([
      { namespace: AGENT_A, key: "a", value: { text: "French" } },
      { namespace: AGENT_B, key: "b", value: { text: "French" } },
      { namespace: AGENT_A, key: "c", value: { text: "German" } },
      { namespace: AGENT_A, key: "gone", value: null },
    ]);
    expect(words.documentCalls).toEqual([["French", "German"]]);
    expect(ranking(await store.search(["graph"], { query: "french" }))).toEqual([
      ["a", 1],
      ["b", 1],
      ["c", 0],
    ]);
  });
});

describe("vectors live and die with their item", () => {
  it("replaces an item's vectors when it is put again", async () => {
    store = open(["title", "text"]);
    await store.put(AGENT_A, "note", { title: "French", text: "French" });
    await store.put(AGENT_A, "note", { text: "German" });
    expect(await vectorRows(store.database)).toEqual(["graph/g1/agent/A#note:text"]);
    expect(ranking(await store.search(AGENT_A, { query: "french" }))).toEqual([["note", 0]]);
    await store.put(AGENT_A, "note", { text: "French" }, false);
    expect(ranking(await store.search(AGENT_A, { query: "french" }))).toEqual([["note", undefined]]);
  });

  it("deletes an item's vectors with it", async () => {
    await store.put(AGENT_A, "language", { text: "French" });
    await store.put(AGENT_A, "order", { text: "Order" });
    await store.delete(AGENT_A, "language");
    expect(await vectorRows(store.database)).toEqual(["graph/g1/agent/A#order:text"]);
  });

  it("drops an item's vectors when a store opened without an index overwrites it", async () => {
    await store.put(AGENT_A, "language", { text: "French" });
    await store.close();
    const plain = new IdbStore({ name: "memory", indexedDB: factory });
    await plain.put(AGENT_A, "language", { text: "German" });
    expect(await vectorRows(plain.database)).toEqual([]);
  });

  it("ranks by the stored vectors after the database is reopened, embedding only the query", async () => {
    await store.put(AGENT_A, "language", { text: "French" });
    await store.put(AGENT_A, "order", { text: "Order shipped" });
    await store.close();
    const fresh = new WordEmbeddings(VOCABULARY);
    const reopened = open(["text"], fresh);
    expect(ranking(await reopened.search(AGENT_A, { query: "shipped" }))).toEqual([
      ["order", 0.7071],
      ["language", 0],
    ]);
    expect(fresh.documentCalls).toEqual([]);
  });

  it("counts vectors stored under another size as none", async () => {
    await store.put(AGENT_A, "language", { text: "French" });
    await store.close();
    const smaller = new WordEmbeddings(["french"]);
    expect(ranking(await open(["text"], smaller).search(AGENT_A, { query: "french" }))).toEqual([["language", undefined]]);
  });

  it("counts vectors another model made as none, even of the same size, until the item is put again", async () => {
    const withSignature = (signature: string) =>
      new IdbStore({ name: "memory", indexedDB: factory, index: { dims: words.dims, embeddings: words, fields: ["text"], signature } });
    const first = withSignature("model-a @ http://127.0.0.1:1/v1");
    await first.put(AGENT_A, "language", { text: "French" });
    await first.close();
    const second = withSignature("model-b @ http://127.0.0.1:1/v1");
    expect(ranking(await second.search(AGENT_A, { query: "french" }))).toEqual([["language", undefined]]);
    await second.put(AGENT_A, "language", { text: "French" });
    expect(ranking(await second.search(AGENT_A, { query: "french" }))).toEqual([["language", 1]]);
    await second.close();
    expect(ranking(await open(["text"]).search(AGENT_A, { query: "french" }))).toEqual([["language", undefined]]);
  });

  it("keeps items of a version-4 database and indexes new ones once upgraded", async () => {
    const v4 = new Database({ name: "memory", indexedDB: factory, version: 4 });
    // As the version-4 IdbStore wrote it.
    const row = { namespace: AGENT_A, key: "old", v: 1 as const, seq: 1, value: { text: "French" }, created: 1_000, updated: 1_000 };
    await v4.tx([STORES.storeItems], "readwrite", "seeding", (tx) => tx.objectStore(STORES.storeItems).put(row));
    expect((await v4.open()).objectStoreNames.contains(STORES.storeVectors)).toBe(false);
    await v4.close();

    const upgraded = open(["text"]);
    expect(await upgraded.get(AGENT_A, "old")).toMatchObject({ value: { text: "French" }, createdAt: new Date(1_000) });
    await upgraded.put(AGENT_A, "new", { text: "French" });
    expect(ranking(await upgraded.search(AGENT_A, { query: "french" }))).toEqual([
      ["new", 1],
      ["old", undefined],
    ]);
  });
});

describe("failures", () => {
  it("rejects with EMBEDDING_FAILED naming the item when the model fails, and writes nothing", async () => {
    await store.put(AGENT_A, "language", { text: "French" });
    words.failure = new Error("401 invalid API key");
    const error = await rejection(store.put(AGENT_A, "language", { text: "German" }));
    expect(error.code).toBe("EMBEDDING_FAILED");
    expect(error.message).toMatch(/saving item "language" in \["graph","g1","agent","A"\].*nothing was saved: 401 invalid API key/);

    const batch = store.batch([
      { namespace: AGENT_A, key: "order", value: { text: "Order" } },
      { namespace: AGENT_A, key: "language", value: null },
    ]);
    expect((await rejection(batch)).code).toBe("EMBEDDING_FAILED");
    words.failure = undefined;
    expect(ranking(await store.search(AGENT_A, { query: "french" }))).toEqual([["language", 1]]);
    expect(await vectorRows(store.database)).toEqual(["graph/g1/agent/A#language:text"]);
  });

  it("rejects vectors of the wrong size with EMBEDDING_FAILED and writes nothing", async () => {
    const wrong = new WordEmbeddings(VOCABULARY);
    store = new IdbStore({ name: "memory", indexedDB: factory, index: { dims: 3, embeddings: wrong } });
    const error = await rejection(store.put(AGENT_A, "language", { text: "French" }));
    expect(error.message).toMatch(/vector of 6 numbers where the index expects 3/);
    expect(await store.get(AGENT_A, "language")).toBeNull();
  });

  it("rejects a search whose query the model cannot embed with EMBEDDING_FAILED", async () => {
    await store.put(AGENT_A, "language", { text: "French" });
    words.failure = new Error("network down");
    const error = await rejection(store.search(AGENT_A, { query: "french" }));
    expect(error.code).toBe("EMBEDDING_FAILED");
    expect(error.message).toMatch(/searching for "french".*network down/);
  });

  it("takes back the batch's items when storing a vector fails", async () => {
    const put = IDBObjectStore.prototype.put;
    let vectorPuts = 0;
    vi.spyOn(IDBObjectStore.prototype, "put").mockImplementation(function (this: IDBObjectStore, ...args: Parameters<typeof put>) {
      // The second item's vector fails, after the first item and its vector were written.
      if (this.name === STORES.storeVectors && vectorPuts++ === 1) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      return put.apply(this, args);
    });
    const batch = store.batch([
      { namespace: AGENT_A, key: "language", value: { text: "French" } },
      { namespace: AGENT_A, key: "order", value: { text: "Order" } },
    ]);
    expect((await rejection(batch)).code).toBe("QUOTA_EXCEEDED");
    vi.restoreAllMocks();
    expect(await store.search(AGENT_A)).toEqual([]);
    expect(await vectorRows(store.database)).toEqual([]);
  });

  it("rejects a put whose own index is not a list of paths with INVALID_DATA, naming the item", async () => {
    const error = await rejection(store.batch([{ namespace: AGENT_A, key: "language", value: { text: "French" }, index: "text" as unknown as string[] }]));
    expect(error.code).toBe("INVALID_DATA");
    expect(error.message).toMatch(/index of item "language" in \["graph","g1","agent","A"\] must be false or a list of field paths/);
    expect(await store.get(AGENT_A, "language")).toBeNull();
  });

  it("refuses an index whose dims is not a positive whole number", () => {
    expect(() => new IdbStore({ name: "memory", indexedDB: factory, index: { dims: 0, embeddings: words } })).toThrow(
      expect.objectContaining({ code: "INVALID_DATA", message: expect.stringMatching(/dims/) }),
    );
  });
});
