// Memory ranked by meaning over a store without a vector index (the LangGraph server's), through
// a real local /embeddings server: the closest first with scores, each text embedded once per
// model, filters and pages as the store gives them, and other operations left to the store.
import { InMemoryStore } from "@langchain/langgraph-checkpoint";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createEmbedder } from "../../models/embeddings.js";
import { embeddingInputs, embeddingsReply, isEmbeddingsRequest } from "../../models/testing/embeddingsWire.js";
import { startWireServer, type WireServer } from "../../models/testing/faultServer.js";
import { RankedMemoryStore, VectorCache } from "./rankedMemoryStore.js";

const KEY = "sk-ranked-memory-7a2b";
const NS = ["graphwright", "desk", "agent", "Support", "memories"];
let server: WireServer;
let down = false;

beforeEach(async () => {
  down = false;
  server = await startWireServer((request) => {
    if (!isEmbeddingsRequest(request)) return { kind: "json", status: 404, body: {} };
    return down ? { kind: "json", status: 500, body: { error: { message: "embedding backend down" } } } : embeddingsReply(request);
  });
});
afterEach(async () => {
  await server.close();
});

function ranked(model = "words") {
  const inner = new InMemoryStore();
  const embedder = createEmbedder({ id: "embedder", provider: "openai", model, base_url: `${server.url}/v1`, fallbacks: [], tool_calling: true }, () => KEY);
  return { inner, store: new RankedMemoryStore(inner, embedder, new VectorCache()) };
}

const inputs = () => server.requests.filter(isEmbeddingsRequest).map(embeddingInputs);

describe("RankedMemoryStore", () => {
  it("ranks the store's items by meaning, embedding each memory's text once and then only queries", async () => {
    const { inner, store } = ranked();
    await store.put(NS, "ship", { content: "Prefers courier delivery" });
    await store.put(NS, "money", { content: "Was reimbursed last month" });
    expect(await inner.get(NS, "money")).toMatchObject({ value: { content: "Was reimbursed last month" } });
    expect(inputs()).toEqual([]);

    const first = await store.search(NS, { query: "refund" });
    expect(first.map((item) => [item.key, item.score])).toEqual([
      ["money", 1],
      ["ship", 0],
    ]);
    const second = await store.search(NS, { query: "parcel", limit: 1 });
    expect(second.map((item) => [item.key, item.score])).toEqual([["ship", 1]]);
    expect(inputs()).toEqual([["refund", "Prefers courier delivery", "Was reimbursed last month"], ["parcel"]]);
    expect(store.indexConfig).toMatchObject({ dims: 7, fields: ["content"] });
  });

  it("keeps the store's filter and pages, and lists without a query as the store does", async () => {
    const { store } = ranked();
    await store.put(NS, "ship", { content: "Prefers courier delivery", topic: "orders" });
    await store.put(NS, "money", { content: "Was reimbursed last month", topic: "billing" });
    await store.put(NS, "repair", { content: "Asked about the warranty", topic: "orders" });
    const orders = await store.search(NS, { query: "refund guarantee", filter: { topic: "orders" } });
    expect(orders.map((item) => item.key)).toEqual(["repair", "ship"]);
    // money and repair tie (one word each), ahead of ship; the page after the first is repair alone.
    expect((await store.search(NS, { query: "refund guarantee", offset: 1, limit: 1 })).map((item) => item.key)).toEqual(["repair"]);
    const listed = await store.search(NS);
    expect(listed.map((item) => [item.key, item.score])).toEqual([
      ["ship", undefined],
      ["money", undefined],
      ["repair", undefined],
    ]);
  });

  it("rejects a search, saying which model failed, while the embeddings server is down", async () => {
    const { store } = ranked();
    await store.put(NS, "money", { content: "Was reimbursed last month" });
    down = true;
    await expect(store.search(NS, { query: "refund" })).rejects.toThrow(
      /Embedding with model profile "embedder" \(words at 127\.0\.0\.1:\d+\) failed: .*HTTP 500/,
    );
    expect((await store.get(NS, "money"))?.value).toEqual({ content: "Was reimbursed last month" });
  });
});
