// IdbStore: LangGraph's BaseStore on IndexedDB, behaving as InMemoryStore does, per namespace,
// across a reopened database, and failing loudly when IndexedDB does.
import "fake-indexeddb/auto";
import { IDBFactory, IDBObjectStore, forceCloseDatabase } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { InvalidNamespaceError, type GetOperation, type Item, type PutOperation, type SearchOperation } from "@langchain/langgraph-checkpoint";
import { Database, STORES } from "../db.js";
import { PersistenceError } from "../errors.js";
import { IdbStore } from "./IdbStore.js";

const AGENT_A = ["graph", "g1", "agent", "A"];
const AGENT_B = ["graph", "g1", "agent", "B"];

let factory: IDBFactory;
let now: number;
let store: IdbStore;

beforeEach(() => {
  factory = new IDBFactory();
  now = 1_000;
  store = new IdbStore({ name: "memory", indexedDB: factory, clock: () => now });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const keys = (items: Item[]): string[] => items.map((item) => `${item.namespace.join("/")}#${item.key}`);

async function rejection(promise: Promise<unknown>): Promise<PersistenceError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PersistenceError);
  return error as PersistenceError;
}

describe("put, get and delete", () => {
  it("returns a stored item with its namespace, key, value and timestamps", async () => {
    await store.put(AGENT_A, "language", { text: "Prefers French", kind: "preference" });
    expect(await store.get(AGENT_A, "language")).toEqual({
      namespace: AGENT_A,
      key: "language",
      value: { text: "Prefers French", kind: "preference" },
      createdAt: new Date(1_000),
      updatedAt: new Date(1_000),
    });
  });

  it("returns null for a key never stored or deleted", async () => {
    await store.put(AGENT_A, "language", { text: "French" });
    expect(await store.get(AGENT_A, "timezone")).toBeNull();
    await store.delete(AGENT_A, "language");
    expect(await store.get(AGENT_A, "language")).toBeNull();
  });

  it("deletes an item through a batch put with a null value", async () => {
    await store.put(AGENT_A, "language", { text: "French" });
    await store.batch([{ namespace: AGENT_A, key: "language", value: null }]);
    expect(await store.get(AGENT_A, "language")).toBeNull();
  });

  it("keeps createdAt and moves updatedAt when an item is overwritten", async () => {
    await store.put(AGENT_A, "language", { text: "French" });
    now = 5_000;
    await store.put(AGENT_A, "language", { text: "German" });
    const item = await store.get(AGENT_A, "language");
    expect(item?.value).toEqual({ text: "German" });
    expect(item?.createdAt).toEqual(new Date(1_000));
    expect(item?.updatedAt).toEqual(new Date(5_000));
  });

  it("gives an item put again after a delete a new createdAt", async () => {
    await store.put(AGENT_A, "language", { text: "French" });
    await store.delete(AGENT_A, "language");
    now = 7_000;
    await store.put(AGENT_A, "language", { text: "German" });
    expect((await store.get(AGENT_A, "language"))?.createdAt).toEqual(new Date(7_000));
  });

  it("rejects namespaces LangGraph rejects, before touching the database", async () => {
    await expect(store.put([], "k", { a: 1 })).rejects.toBeInstanceOf(InvalidNamespaceError);
    await expect(store.put(["a:b"], "k", { a: 1 })).rejects.toBeInstanceOf(InvalidNamespaceError);
    await expect(store.put(["a.b"], "k", { a: 1 })).rejects.toBeInstanceOf(InvalidNamespaceError);
    await expect(store.put(["langgraph"], "k", { a: 1 })).rejects.toBeInstanceOf(InvalidNamespaceError);
  });
});

describe("namespaces", () => {
  it("keeps an agent's items from another agent of the same graph", async () => {
    await store.put(AGENT_A, "language", { text: "French" });
    await store.put(AGENT_B, "language", { text: "German" });
    await store.delete(AGENT_B, "language");

    expect((await store.get(AGENT_A, "language"))?.value).toEqual({ text: "French" });
    expect(await store.get(AGENT_B, "language")).toBeNull();
    expect(keys(await store.search(AGENT_A))).toEqual(["graph/g1/agent/A#language"]);
    expect(await store.search(AGENT_B)).toEqual([]);
  });

  it("does not treat a namespace whose last label extends the prefix's as under it", async () => {
    await store.put(["graph", "g1"], "topic", { text: "billing" });
    await store.put(["graph", "g10"], "topic", { text: "refunds" });
    await store.put(["graph", "g1", "agent", "A"], "topic", { text: "shipping" });
    expect(keys(await store.search(["graph", "g1"]))).toEqual(["graph/g1#topic", "graph/g1/agent/A#topic"]);
  });

  it("lists namespaces under a prefix, ending in a suffix, and cut to a depth", async () => {
    for (const namespace of [AGENT_A, AGENT_B, ["graph", "g2", "agent", "A"], ["users", "u1"]]) await store.put(namespace, "k", { a: 1 });

    expect(await store.listNamespaces({ prefix: ["graph", "g1"] })).toEqual([AGENT_A, AGENT_B]);
    expect(await store.listNamespaces({ suffix: ["agent", "A"] })).toEqual([AGENT_A, ["graph", "g2", "agent", "A"]]);
    expect(await store.listNamespaces({ prefix: ["graph", "*", "agent"], suffix: ["B"] })).toEqual([AGENT_B]);
    expect(await store.listNamespaces({ maxDepth: 2 })).toEqual([
      ["graph", "g1"],
      ["graph", "g2"],
      ["users", "u1"],
    ]);
    expect(await store.listNamespaces({ limit: 2, offset: 1 })).toEqual([AGENT_B, ["graph", "g2", "agent", "A"]]);
  });

  it("stops listing a namespace once its last item is deleted", async () => {
    await store.put(AGENT_A, "k", { a: 1 });
    await store.put(AGENT_B, "k", { a: 1 });
    await store.delete(AGENT_B, "k");
    expect(await store.listNamespaces({})).toEqual([AGENT_A]);
  });
});

describe("search", () => {
  beforeEach(async () => {
    await store.put(AGENT_A, "language", { kind: "preference", score: 5, text: "French" });
    await store.put(AGENT_A, "timezone", { kind: "preference", score: 2, text: "CET" });
    await store.put(AGENT_A, "order", { kind: "fact", score: 4, text: "Order 42 shipped" });
    await store.put(AGENT_B, "language", { kind: "preference", score: 3, text: "German" });
  });

  it("finds items by equality and comparison filters within a namespace prefix", async () => {
    expect(keys(await store.search(AGENT_A, { filter: { kind: "preference" } }))).toEqual(["graph/g1/agent/A#language", "graph/g1/agent/A#timezone"]);
    expect(keys(await store.search(["graph", "g1"], { filter: { score: { $gte: 3 } } }))).toEqual([
      "graph/g1/agent/A#language",
      "graph/g1/agent/A#order",
      "graph/g1/agent/B#language",
    ]);
    expect(keys(await store.search(["graph"], { filter: { kind: { $ne: "fact" }, score: { $gt: 2, $lt: 5 } } }))).toEqual(["graph/g1/agent/B#language"]);
    expect(keys(await store.search([], { filter: { score: { $lte: 2 } } }))).toEqual(["graph/g1/agent/A#timezone"]);
    expect(keys(await store.search([], { filter: { kind: { $eq: "fact" } } }))).toEqual(["graph/g1/agent/A#order"]);
  });

  it("pages results with limit and offset in insertion order", async () => {
    expect(keys(await store.search(["graph"], { limit: 2 }))).toEqual(["graph/g1/agent/A#language", "graph/g1/agent/A#timezone"]);
    expect(keys(await store.search(["graph"], { limit: 2, offset: 2 }))).toEqual(["graph/g1/agent/A#order", "graph/g1/agent/B#language"]);
    expect(await store.search(["graph"], { offset: 4 })).toEqual([]);
  });

  it("keeps an overwritten item in its place", async () => {
    await store.put(AGENT_A, "language", { kind: "preference", score: 1, text: "Spanish" });
    expect(keys(await store.search(AGENT_A))).toEqual(["graph/g1/agent/A#language", "graph/g1/agent/A#timezone", "graph/g1/agent/A#order"]);
  });

  it("returns items with no score, as InMemoryStore does without an index", async () => {
    const [first] = await store.search(AGENT_B, { query: "which language" });
    expect(first).toMatchObject({ key: "language", value: { text: "German" }, score: undefined });
  });
});

describe("batch", () => {
  it("reads the store as it was before the batch's writes, and keeps the last put of a key", async () => {
    await store.put(AGENT_A, "language", { text: "French" });
    const operations: [PutOperation, GetOperation, PutOperation, SearchOperation] = [
      { namespace: AGENT_A, key: "language", value: { text: "German" } },
      { namespace: AGENT_A, key: "language" },
      { namespace: AGENT_A, key: "language", value: { text: "Spanish" } },
      { namespacePrefix: AGENT_A, limit: 10, offset: 0 },
    ];
    const [put, got, , found] = await store.batch(operations);
    expect(put).toBeNull();
    expect(got?.value).toEqual({ text: "French" });
    expect(found.map((item) => item.value)).toEqual([{ text: "French" }]);
    expect((await store.get(AGENT_A, "language"))?.value).toEqual({ text: "Spanish" });
  });
});

describe("persistence", () => {
  it("keeps items, timestamps and order across a closed and reopened database", async () => {
    await store.put(AGENT_A, "language", { text: "French" });
    now = 2_000;
    await store.put(AGENT_A, "timezone", { text: "CET" });
    await store.close();

    const reopened = new IdbStore({ name: "memory", indexedDB: factory });
    expect(await reopened.get(AGENT_A, "timezone")).toMatchObject({ value: { text: "CET" }, createdAt: new Date(2_000) });
    expect(keys(await reopened.search(AGENT_A))).toEqual(["graph/g1/agent/A#language", "graph/g1/agent/A#timezone"]);
    await reopened.put(AGENT_A, "order", { text: "42" });
    expect(keys(await reopened.search(AGENT_A))).toEqual(["graph/g1/agent/A#language", "graph/g1/agent/A#timezone", "graph/g1/agent/A#order"]);
  });

  it("shares a Database with other stores and leaves closing it to its owner", async () => {
    const database = new Database({ name: "shared", indexedDB: factory });
    const shared = new IdbStore({ database });
    await shared.put(AGENT_A, "k", { a: 1 });
    await shared.close();
    expect(await database.tx([STORES.storeItems], "readonly", "counting", (tx) => tx.objectStore(STORES.storeItems).count())).toBe(1);
  });

  it("adds its object store to a version-2 database without touching its data", async () => {
    const v2 = new Database({ name: "upgrade", indexedDB: factory, version: 2 });
    await v2.tx([STORES.settings], "readwrite", "seeding", (tx) => tx.objectStore(STORES.settings).put({ id: "theme", value: "dark" }));
    expect((await v2.open()).objectStoreNames.contains(STORES.storeItems)).toBe(false);
    await v2.close();

    const upgraded = new Database({ name: "upgrade", indexedDB: factory });
    await new IdbStore({ database: upgraded }).put(AGENT_A, "k", { a: 1 });
    expect((await new IdbStore({ database: upgraded }).get(AGENT_A, "k"))?.value).toEqual({ a: 1 });
    expect(await upgraded.tx([STORES.settings], "readonly", "reading", (tx) => tx.objectStore(STORES.settings).get("theme"))).toEqual({
      id: "theme",
      value: "dark",
    });
  });

  it("reports a row it cannot read as INVALID_DATA", async () => {
    const raw = await store.database.open();
    await raw.put(STORES.storeItems, { namespace: AGENT_A, key: "bad", v: 9, seq: 1, value: {}, created: 0, updated: 0 } as never);
    expect((await rejection(store.get(AGENT_A, "bad"))).code).toBe("INVALID_DATA");
  });
});

describe("failures", () => {
  it("rejects a put that hits the storage quota with QUOTA_EXCEEDED and stores nothing of the batch", async () => {
    const put = IDBObjectStore.prototype.put;
    let calls = 0;
    vi.spyOn(IDBObjectStore.prototype, "put").mockImplementation(function (this: IDBObjectStore, ...args: Parameters<typeof put>) {
      // The second write of the batch fails: the abort must take back the first.
      if (this.name === STORES.storeItems && calls++ === 1) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      return put.apply(this, args);
    });

    const error = await rejection(
      store.batch([
        { namespace: AGENT_A, key: "language", value: { text: "French" } },
        { namespace: AGENT_A, key: "timezone", value: { text: "CET" } },
      ]),
    );

    expect(error.code).toBe("QUOTA_EXCEEDED");
    expect(error.message).toMatch(/storage is full/);
    vi.restoreAllMocks();
    expect(await store.search(AGENT_A)).toEqual([]);
  });

  it("rejects a put whose connection the browser closed with CONNECTION_LOST, naming the item, and the next put succeeds", async () => {
    await store.put(AGENT_A, "language", { text: "French" });
    const put = IDBObjectStore.prototype.put;
    const spy = vi.spyOn(IDBObjectStore.prototype, "put").mockImplementationOnce(function (this: IDBObjectStore) {
      // As in a browser's forced close: the connection closes and its transactions abort.
      forceCloseDatabase(this.transaction.db as unknown as Parameters<typeof forceCloseDatabase>[0]);
      this.transaction.abort();
      throw new DOMException("The transaction was aborted.", "AbortError");
    });

    const error = await rejection(store.put(AGENT_A, "timezone", { text: "CET" }));

    expect(error.code).toBe("CONNECTION_LOST");
    expect(error.message).toMatch(/saving item "timezone" in \["graph","g1","agent","A"\]/);
    expect(await store.get(AGENT_A, "timezone")).toBeNull();
    spy.mockImplementation(put);
    await store.put(AGENT_A, "timezone", { text: "CET" });
    expect((await store.get(AGENT_A, "timezone"))?.value).toEqual({ text: "CET" });
  });

  it("rejects a value IndexedDB cannot store instead of pretending it saved", async () => {
    const error = await rejection(store.put(AGENT_A, "callback", { run: () => "not data" }));
    expect(error.code).toBe("TRANSACTION_FAILED");
    expect(await store.get(AGENT_A, "callback")).toBeNull();
  });
});
