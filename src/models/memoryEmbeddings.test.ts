/** Long-term memory's embeddings: the graph's profile as an Embedder, and that Embedder as LangChain Embeddings over a real local server. */
import { InMemoryStore } from "@langchain/langgraph-checkpoint";
import { afterEach, describe, expect, it } from "vitest";
import { ModelError } from "../engine/index.js";
import type { GraphDocument, ModelProfile } from "../schema/index.js";
import { createEmbedder } from "./embeddings.js";
import { EmbedderEmbeddings, memoryEmbedder } from "./memoryEmbeddings.js";
import { EMBEDDING_DIMENSIONS, embeddingsReply, wordVector } from "./testing/embeddingsWire.js";
import { startWireServer, type WireServer } from "./testing/faultServer.js";

const KEY = "sk-memory-embed-5f2a9c";
let server: WireServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const profile = (baseUrl: string, provider: ModelProfile["provider"] = "openai"): ModelProfile => ({
  id: "embedder",
  provider,
  model: "test-embed",
  base_url: baseUrl,
  fallbacks: [],
  tool_calling: true,
});

const rounded = (vector: number[]) => vector.map((n) => Number(n.toFixed(5)));

describe("EmbedderEmbeddings", () => {
  it("answers documents and queries as number lists and learns the vector size from the first answer", async () => {
    server = await startWireServer((request) => embeddingsReply(request));
    const embeddings = new EmbedderEmbeddings(createEmbedder(profile(`${server.url}/v1`), () => KEY));
    expect(embeddings.dims).toBeUndefined();
    const [refund, parcel] = await embeddings.embedDocuments(["Refunds take a week", "Parcel lost"]);
    expect(Array.isArray(refund)).toBe(true);
    expect(rounded(refund!)).toEqual(rounded(wordVector("Refunds take a week")));
    expect(rounded(parcel!)).toEqual(rounded(wordVector("Parcel lost")));
    expect(embeddings.dims).toBe(EMBEDDING_DIMENSIONS);
    expect(rounded(await embeddings.embedQuery("reimbursement"))).toEqual(rounded(wordVector("reimbursement")));
    expect(embeddings.signature).toBe(`test-embed @ ${server.url}/v1`);
  });

  it("asks the model once for the vector size, then knows it", async () => {
    server = await startWireServer((request) => embeddingsReply(request));
    const embeddings = new EmbedderEmbeddings(createEmbedder(profile(`${server.url}/v1`), () => KEY));
    expect(await embeddings.vectorSize()).toBe(EMBEDDING_DIMENSIONS);
    expect(await embeddings.vectorSize()).toBe(EMBEDDING_DIMENSIONS);
    expect(server.requests).toHaveLength(1);
  });

  it("gives LangGraph's InMemoryStore a ranking by meaning: a synonym finds the memory", async () => {
    server = await startWireServer((request) => embeddingsReply(request));
    const embeddings = new EmbedderEmbeddings(createEmbedder(profile(`${server.url}/v1`), () => KEY));
    const store = new InMemoryStore({ index: { dims: await embeddings.vectorSize(), embeddings, fields: ["content"] } });
    await store.put(["m"], "ship", { content: "Prefers courier delivery" });
    await store.put(["m"], "money", { content: "Was reimbursed last month" });
    const [first] = await store.search(["m"], { query: "refund" });
    expect(first?.key).toBe("money");
  });

  it("rejects with the Embedder's key-free ModelError when the endpoint fails", async () => {
    server = await startWireServer(() => ({ kind: "json", status: 500, body: { error: { message: `boom ${KEY}` } } }));
    const embeddings = new EmbedderEmbeddings(createEmbedder(profile(`${server.url}/v1`), () => KEY));
    const error = await embeddings.embedQuery("refund").then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ModelError);
    expect(String((error as Error).message)).toContain('model profile "embedder"');
    expect(String((error as Error).message)).not.toContain(KEY);
  });
});

describe("memoryEmbedder", () => {
  const document = (settings: GraphDocument["settings"], provider: ModelProfile["provider"] = "openai") =>
    ({ models: [profile("http://127.0.0.1:9/v1", provider)], settings }) as Pick<GraphDocument, "models" | "settings">;

  it("is null for a graph whose memory names no embeddings profile", () => {
    expect(memoryEmbedder(document({ recursion_limit: 100, max_sub_agent_depth: 5 }), () => KEY)).toBeNull();
  });

  it("embeds with the named OpenAI-compatible profile", () => {
    const embedder = memoryEmbedder(document({ recursion_limit: 100, max_sub_agent_depth: 5, memory_embedding_profile: "embedder" }), () => KEY);
    expect(embedder).toMatchObject({ profileId: "embedder", signature: "test-embed @ http://127.0.0.1:9/v1" });
  });

  it("says why a missing or non-OpenAI profile cannot embed", () => {
    const settings = { recursion_limit: 100, max_sub_agent_depth: 5, memory_embedding_profile: "nope" };
    expect(memoryEmbedder(document(settings), () => KEY)).toEqual({ unavailable: `memory's embeddings model profile "nope" does not exist in this graph` });
    expect(memoryEmbedder(document({ ...settings, memory_embedding_profile: "embedder" }, "anthropic"), () => KEY)).toEqual({
      unavailable: `memory's embeddings model profile "embedder" is a profile of provider "anthropic", not an OpenAI-compatible one`,
    });
  });
});
