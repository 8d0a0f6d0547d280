// IdbStore against LangGraph's own InMemoryStore: the same scripted operations, the same answers.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { InMemoryStore, type BaseStore, type IndexConfig } from "@langchain/langgraph-checkpoint";
import type { Embeddings } from "@langchain/core/embeddings";
import { SyntheticEmbeddings } from "@langchain/core/utils/testing";
import { STORES } from "../db.js";
import { IdbStore } from "./IdbStore.js";
import { WordEmbeddings } from "./fixtures/WordEmbeddings.js";

const AGENT_A = ["graph", "g1", "agent", "A"];
const AGENT_B = ["graph", "g1", "agent", "B"];

/** Timestamps differ by clock; InMemoryStore hands out live items, so each answer is copied when given. */
const snapshot = (answer: unknown): unknown =>
  JSON.parse(JSON.stringify(answer, (field, value: unknown) => (field === "createdAt" || field === "updatedAt" ? undefined : value)));

describe("the same operations as LangGraph's InMemoryStore", () => {
  /** A scripted session of writes, each followed by every kind of read; both stores must answer alike. */
  async function session(target: BaseStore): Promise<unknown[]> {
    const answers: unknown[] = [];
    const read = async () => {
      const asked = [
        target.get(AGENT_A, "language"),
        target.search(["graph"], { limit: 3, offset: 1 }),
        target.search(["graph", "g1"], { filter: { score: { $gt: 1, $lte: 4 }, kind: "preference" } }),
        target.search([], { filter: { kind: { $in: ["fact"] } } }),
        target.search(AGENT_B, { filter: { kind: { $nin: ["fact"] }, score: { $ne: 1 } } }),
        target.listNamespaces({ prefix: ["graph"], maxDepth: 3 }),
        target.listNamespaces({ suffix: ["B"], limit: 1 }),
      ];
      for (const answer of asked) answers.push(snapshot(await answer));
    };
    await target.put(AGENT_A, "language", { kind: "preference", score: 5, text: "French" });
    await target.put(AGENT_B, "language", { kind: "preference", score: 3, text: "German" });
    await target.put(AGENT_A, "order", { kind: "fact", score: 4, text: "Order 42" });
    await read();
    await target.put(["graph", "g2", "agent", "A"], "timezone", { kind: "preference", score: 2, text: "CET" });
    await target.put(AGENT_B, "plan", { kind: "fact", score: 1, text: "Pro" });
    await target.put(AGENT_A, "language", { kind: "preference", score: 2, text: "Spanish" });
    await read();
    await target.delete(AGENT_A, "order");
    const batched = await target.batch([
      { namespace: AGENT_B, key: "plan", value: null },
      { namespace: AGENT_B, key: "plan" },
      { namespace: AGENT_A, key: "mood", value: { kind: "fact", score: 3 } },
      { namespacePrefix: ["graph"], filter: { kind: "fact" }, limit: 10, offset: 0 },
      { matchConditions: [{ matchType: "suffix", path: ["*", "B"] }], limit: 10, offset: 0 },
    ]);
    answers.push(snapshot(batched));
    await read();
    return answers;
  }

  it("answers a scripted session exactly as InMemoryStore does, timestamps aside", async () => {
    const ours = await session(new IdbStore({ name: "parity", indexedDB: new IDBFactory() }));
    const theirs = await session(new InMemoryStore());
    expect(ours).toEqual(theirs);
  });
});

/** The fields each item has vectors for: InMemoryStore keeps them in a private map, IdbStore in store_vectors. */
async function vectorFields(target: BaseStore): Promise<string[]> {
  if (target instanceof IdbStore) {
    const rows = await target.database.tx([STORES.storeVectors], "readonly", "reading", (tx) => tx.objectStore(STORES.storeVectors).getAll());
    return rows.map((row) => `${row.namespace.join(":")}#${row.key}:${row.field}`).sort();
  }
  // Not public API: read only to prove both stores name vectors alike.
  const vectors = (target as unknown as { vectors: Map<string, Map<string, Map<string, number[]>>> }).vectors;
  return [...vectors]
    .flatMap(([namespace, items]) => [...items].flatMap(([key, fields]) => [...fields.keys()].map((field) => `${namespace}#${key}:${field}`)))
    .sort();
}

describe("semantic search as LangGraph's InMemoryStore does it", () => {
  const VOCABULARY = ["french", "german", "language", "order", "shipped", "refund", "cet"];

  /** Puts through configured fields, a put's own paths and `index: false`, queried with prefixes, filters and pages. */
  async function session(target: BaseStore): Promise<unknown[]> {
    const answers: unknown[] = [];
    const read = async () => {
      const asked = [
        target.search(["graph"], { query: "french language" }),
        target.search(["graph", "g1"], { query: "german", filter: { kind: "preference" } }),
        target.search(AGENT_A, { query: "refund order", limit: 2 }),
        target.search(AGENT_A, { query: "shipped", limit: 1, offset: 1 }),
        target.search(["graph"], { query: "cet", limit: 3 }),
        target.search(["graph"], { filter: { kind: "fact" } }),
      ];
      for (const answer of asked) answers.push(snapshot(await answer));
    };
    await target.put(AGENT_A, "language", { kind: "preference", text: "Speaks French", tags: [{ name: "language" }, { name: "french" }] });
    await target.put(AGENT_B, "language", { kind: "preference", text: "German language", meta: { title: "German" } });
    await target.put(AGENT_A, "order", { kind: "fact", text: "Order shipped", meta: { title: "Refund", note: null } }, ["text", "{meta.title,meta.note}"]);
    await target.put(["graph", "g2", "agent", "A"], "timezone", { kind: "preference", text: "CET" }, false);
    await target.put(AGENT_B, "whole", { kind: "fact", text: "Refund shipped order" }, ["$"]);
    await read();
    answers.push(await vectorFields(target));
    await target.put(AGENT_A, "language", { kind: "preference", text: "Speaks German", tags: [{ name: "cet" }, { name: "german" }] });
    const batched = await target.batch([
      { namespace: AGENT_A, key: "order", value: null },
      { namespacePrefix: AGENT_A, query: "order", limit: 10, offset: 0 },
      { namespace: AGENT_A, key: "mood", value: { kind: "fact", text: "French order refund" } },
      { namespacePrefix: ["graph"], query: "french", filter: { kind: "fact" }, limit: 10, offset: 0 },
    ]);
    answers.push(snapshot(batched));
    await read();
    return answers;
  }

  const embedders: [string, () => Embeddings & { dims?: number }][] = [
    ["word counts", () => new WordEmbeddings(VOCABULARY)],
    ["LangChain's SyntheticEmbeddings", () => new SyntheticEmbeddings({ vectorSize: 6 })],
  ];

  it.each(embedders)("ranks, scores and names vectors exactly as InMemoryStore does, with %s", async (_, embeddings) => {
    const index = (): IndexConfig => ({ dims: embeddings().dims ?? 6, embeddings: embeddings(), fields: ["text", "tags[*].name", "meta.title"] });
    const ours = await session(new IdbStore({ name: "parity-index", indexedDB: new IDBFactory(), index: index() }));
    const theirs = await session(new InMemoryStore({ index: index() }));
    expect(ours).toEqual(theirs);
    expect(JSON.stringify(ours)).toMatch(/"score":0\.\d+/);
  });
});
