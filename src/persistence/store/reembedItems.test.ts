// Re-embedding an IdbStore's items after the embeddings model changed, through a real local
// /embeddings server: ranked by meaning again, batch by batch with progress; a failed or
// stopped batch leaves its items' old vectors and says why.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createEmbedder } from "../../models/embeddings.js";
import { EmbedderEmbeddings } from "../../models/memoryEmbeddings.js";
import { embeddingsReply, isEmbeddingsRequest } from "../../models/testing/embeddingsWire.js";
import { startWireServer, type Reply, type WireServer } from "../../models/testing/faultServer.js";
import type { ModelProfile } from "../../schema/index.js";
import { Database } from "../db.js";
import { PersistenceError } from "../errors.js";
import { IdbStore } from "./IdbStore.js";
import { embeddedItems, reembedItems, type ReembedModel, type ReembedProgress } from "./reembedItems.js";
import { itemId } from "./vectorIndex.js";

const KEY = "sk-reembed-0c4f1a";
const NS = ["graphwright", "desk", "agent", "Support", "memories"];
const FIELDS = ["content"];
let server: WireServer;
let answer: (request: Parameters<typeof embeddingsReply>[0], n: number) => Reply;
let database: Database;

beforeEach(async () => {
  answer = (request) => embeddingsReply(request);
  server = await startWireServer((request, n) => (isEmbeddingsRequest(request) ? answer(request, n) : { kind: "json", status: 404, body: {} }));
  database = new Database({ name: "reembed", indexedDB: new IDBFactory() });
});

afterEach(async () => {
  await database.close();
  await server.close();
});

const profile = (model: string): ModelProfile => ({
  id: "embedder",
  provider: "openai",
  model,
  base_url: `${server.url}/v1`,
  fallbacks: [],
  tool_calling: true,
});

/** The store as a graph with `model` sees it, and the same model for re-embedding. */
async function withModel(model: string): Promise<{ store: IdbStore; reembed: ReembedModel }> {
  const embedder = createEmbedder(profile(model), () => KEY);
  const embeddings = new EmbedderEmbeddings(embedder);
  const dims = await embeddings.vectorSize();
  return {
    store: new IdbStore({ database, index: { dims, embeddings, fields: FIELDS, signature: embedder.signature } }),
    reembed: { fields: FIELDS, signature: embedder.signature, label: embedder.label, embed: (texts, signal) => embedder.embed(texts, signal) },
  };
}

async function rememberThree(): Promise<void> {
  const { store } = await withModel("words-v1");
  await store.put(NS, "ship", { content: "Prefers courier delivery" }, FIELDS);
  await store.put(NS, "money", { content: "Was reimbursed last month" }, FIELDS);
  await store.put(NS, "repair", { content: "Asked about the warranty" }, FIELDS);
}

const ranked = async (store: IdbStore, query: string) => (await store.search(NS, { query })).map((item) => [item.key, item.score]);

describe("reembedItems", () => {
  it("embeds with the new model the memories saved by the old one, so a query ranks them by meaning again", async () => {
    await rememberThree();
    const { store, reembed } = await withModel("words-v2");
    expect(await ranked(store, "refund")).toEqual([
      ["ship", undefined],
      ["money", undefined],
      ["repair", undefined],
    ]);
    const progress: ReembedProgress[] = [];
    const outcome = await reembedItems(database, NS.slice(0, 3), reembed, { batchSize: 2, onProgress: (p) => progress.push(p) });
    expect(outcome).toEqual({ done: 3, total: 3, stopped: false });
    expect(progress).toEqual([
      { done: 0, total: 3 },
      { done: 2, total: 3 },
      { done: 3, total: 3 },
    ]);
    expect((await ranked(store, "refund"))[0]).toEqual(["money", 1]);
    expect((await embeddedItems(database, NS, reembed.signature)).size).toBe(3);
    // Already embedded with this model: a second job has nothing to do.
    expect(await reembedItems(database, NS, reembed)).toEqual({ done: 0, total: 0, stopped: false });
  });

  it("leaves a failed batch's memories their old vectors and says why and how far it got", async () => {
    await rememberThree();
    const { reembed } = await withModel("words-v2");
    const before = server.requests.length;
    answer = (request, n) =>
      n === before + 1 ? { kind: "json", status: 500, body: { error: { message: "embedding backend down" } } } : embeddingsReply(request);
    const error = await reembedItems(database, NS, reembed, { batchSize: 1 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PersistenceError);
    expect((error as PersistenceError).message).toMatch(
      /^Re-embedding stopped after 1 of 3 with model profile "embedder" \(words-v2 at 127\.0\.0\.1:\d+\): .*HTTP 500.*\. The other 2 keep their old vectors\.$/,
    );
    expect((error as PersistenceError).message).not.toContain(KEY);
    const { reembed: old } = await withModel("words-v1");
    expect([...(await embeddedItems(database, NS, old.signature))]).toEqual([itemId(NS, "money"), itemId(NS, "repair")].sort());
    expect([...(await embeddedItems(database, NS, reembed.signature))]).toEqual([itemId(NS, "ship")]);
  });

  it("stops between batches when told, keeping the finished batches and the others' old vectors", async () => {
    await rememberThree();
    const { reembed } = await withModel("words-v2");
    const stop = new AbortController();
    const outcome = await reembedItems(database, NS, reembed, { batchSize: 1, signal: stop.signal, onProgress: ({ done }) => done === 1 && stop.abort() });
    expect(outcome).toEqual({ done: 1, total: 3, stopped: true });
    expect((await embeddedItems(database, NS, reembed.signature)).size).toBe(1);
    const { reembed: old } = await withModel("words-v1");
    expect((await embeddedItems(database, NS, old.signature)).size).toBe(2);
  });

  it("leaves a memory changed while its batch was embedded as the change made it", async () => {
    await rememberThree();
    const { store, reembed } = await withModel("words-v2");
    const slow: ReembedModel = {
      ...reembed,
      async embed(texts, signal) {
        const vectors = await reembed.embed(texts, signal);
        // A run rewrites "ship" with the new model while the job's request was out.
        await store.put(NS, "ship", { content: "Prefers pickup in store" }, FIELDS);
        return vectors;
      },
    };
    await reembedItems(database, NS, slow, { batchSize: 3 });
    const ship = (await store.search(NS, { query: "pickup store" })).find((item) => item.key === "ship");
    expect(ship?.score).toBe(1);
  });
});
