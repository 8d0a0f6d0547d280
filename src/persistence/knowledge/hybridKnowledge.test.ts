/**
 * Knowledge bases with an embeddings profile, against a real local `/v1/embeddings` server:
 * chunks embedded in batches with progress and Stop, vectors stored with the base, searches that
 * fuse BM25 and vectors, and every failure leaving the base as it was.
 */
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { KnowledgeSearchResult } from "../../engine/index.js";
import { createEmbedder, documentEmbedders, type Embedder } from "../../models/index.js";
import { embeddingsReply, EMBEDDING_DIMENSIONS, isEmbeddingsRequest } from "../../models/testing/embeddingsWire.js";
import { startWireServer, type Respond, type WireServer } from "../../models/testing/faultServer.js";
import type { KnowledgeBase, ModelProfile } from "../../schema/index.js";
import { Database, STORES } from "../db.js";
import { createKnowledgeLibrary, KnowledgeStore, storedKnowledgeSearch, type KnowledgeLibrary, type KnowledgeProgress } from "./index.js";

const KEY = "sk-hybrid-test-3e9a7c1f55";
const REFUNDS = "# Refunds\n\nRefunds are issued within 14 days of receiving the returned item.\n";
const SHIPPING = "Shipping\n\nExpress delivery to Paris takes one day; international orders take five to ten days.\n";
/** Uses only a synonym of the refunds file's word: full-text search finds nothing. */
const SYNONYM_QUESTION = "How long until I get a reimbursement?";
const GRAPH = "graph-1";
const BASE = "kb-faq";

let database: Database;
let library: KnowledgeLibrary;
let server: WireServer;
let respond: Respond;

beforeEach(async () => {
  database = new Database({ name: "kb-hybrid", indexedDB: new IDBFactory() });
  library = createKnowledgeLibrary(new KnowledgeStore(database));
  respond = (request) => embeddingsReply(request);
  server = await startWireServer((request, n) => respond(request, n));
});

afterEach(async () => {
  await server.close();
  await database.close();
});

const profile = (model = "word-groups"): ModelProfile => ({
  id: "embedder",
  provider: "openai",
  model,
  base_url: `${server.url}/v1`,
  fallbacks: [],
  tool_calling: true,
});
const embedderOf = (model?: string): Embedder => createEmbedder(profile(model), () => KEY);
const packed = (name: string, text: string) => ({ name, bytes: text.length, text });
const base = (embedding = true): KnowledgeBase => ({
  id: BASE,
  name: "faq",
  description: "",
  files: [
    { name: "refunds.md", bytes: 1 },
    { name: "shipping.txt", bytes: 1 },
  ],
  ...(embedding ? { embedding_profile: "embedder" } : {}),
});
const searchWith = (model?: string) =>
  storedKnowledgeSearch(
    library,
    GRAPH,
    documentEmbedders({ models: [profile(model)] }, () => KEY),
  );
const addBoth = (embedder?: Embedder, onProgress?: (p: KnowledgeProgress) => void) =>
  library.add(GRAPH, BASE, [packed("refunds.md", REFUNDS), packed("shipping.txt", SHIPPING)], {
    ...(embedder ? { embedder } : {}),
    ...(onProgress ? { onProgress } : {}),
  });

describe("a base with an embeddings profile", () => {
  it("finds a synonym-only question by its vectors, where full text finds nothing", async () => {
    await addBoth(embedderOf());
    expect(await searchWith().search(base(false), SYNONYM_QUESTION, 3)).toEqual([]);
    const result = (await searchWith().search(base(), SYNONYM_QUESTION, 3)) as KnowledgeSearchResult;
    expect(result.ranking).toBe("hybrid");
    expect(result.vectorsUnavailable).toBeUndefined();
    expect(result.passages[0]).toMatchObject({ file: "refunds.md", chunk: 0, text: expect.stringContaining("Refunds are issued") as string });
  });

  it("embeds chunks in batches with progress, and stores vectors with the base", async () => {
    const progress: KnowledgeProgress[] = [];
    const many = Array.from({ length: 70 }, (_, i) => `## Rule ${i}\n\nParcel rule ${i}: delivery within ${i} days.\n`).join("\n");
    const { added, errors } = await library.add(GRAPH, BASE, [packed("rules.md", many)], { embedder: embedderOf(), onProgress: (p) => progress.push(p) });
    expect(errors).toEqual([]);
    expect(added).toHaveLength(1);
    const stats = await library.stats(GRAPH, BASE);
    const embeddings = server.requests.filter(isEmbeddingsRequest);
    expect(embeddings.length).toBe(Math.ceil(stats.chunks / 64));
    const details = progress.filter((p) => p.phase === "embedding").map((p) => p.detail);
    expect(details[0]).toBe(`Embedding 0 of ${stats.chunks} chunks`);
    expect(details.at(-1)).toBe(`Embedding ${stats.chunks} of ${stats.chunks} chunks`);
    expect(stats.embedding).toEqual({
      signature: `word-groups @ ${server.url}/v1`,
      profile_id: "embedder",
      model: "word-groups",
      dimensions: EMBEDDING_DIMENSIONS,
    });
    expect(stats.bytes).toBeGreaterThan(stats.chunks * EMBEDDING_DIMENSIONS * 4);
  });

  it("stores nothing when embedding fails, and names the profile and the host", async () => {
    respond = () => ({ kind: "json", status: 401, body: { error: { message: "bad key" } } });
    const { added, errors } = await addBoth(embedderOf());
    expect(added).toEqual([]);
    expect(errors.map((e) => e.file)).toEqual(["refunds.md", "shipping.txt"]);
    expect(errors[0]!.message).toMatch(/^Embedding with model profile "embedder" \(word-groups at 127\.0\.0\.1:\d+\) failed: .*HTTP 401/);
    expect((await library.stats(GRAPH, BASE)).files).toBe(0);
  });

  it("refuses vectors of another length than the base's, keeping what it had", async () => {
    await library.add(GRAPH, BASE, [packed("refunds.md", REFUNDS)], { embedder: embedderOf() });
    respond = (request) => embeddingsReply(request, () => [1, 0, 0]);
    const { added, errors } = await library.add(GRAPH, BASE, [packed("shipping.txt", SHIPPING)], { embedder: embedderOf() });
    expect(added).toEqual([]);
    expect(errors[0]!.message).toContain(`it answered vectors of 3 numbers where this base's have ${EMBEDDING_DIMENSIONS}`);
    expect((await library.texts(GRAPH, BASE)).map((f) => f.name)).toEqual(["refunds.md"]);
  });

  it("stops embedding when aborted, storing nothing", async () => {
    respond = () => ({ kind: "silent" });
    const controller = new AbortController();
    const adding = library.add(GRAPH, BASE, [packed("refunds.md", REFUNDS)], { embedder: embedderOf(), signal: controller.signal });
    await expect.poll(() => server.requests.length).toBe(1);
    controller.abort();
    await expect(adding).rejects.toMatchObject({ name: "AbortError" });
    expect(await library.stats(GRAPH, BASE)).toEqual({ files: 0, chunks: 0, bytes: 0 });
  });

  it("answers from full text, saying why, when the query cannot be embedded", async () => {
    await addBoth(embedderOf());
    respond = () => ({ kind: "json", status: 500, body: { error: { message: "embedding backend down" } } });
    const result = (await searchWith().search(base(), "When are refunds issued?", 3)) as KnowledgeSearchResult;
    expect(result.ranking).toBe("full_text");
    expect(result.vectorsUnavailable).toMatch(
      /^the query could not be embedded: Embedding with model profile "embedder" \(word-groups at 127\.0\.0\.1:\d+\) failed: .*HTTP 500/,
    );
    expect(result.passages[0]?.file).toBe("refunds.md");
  });

  it("says its vectors are stale when its profile's model changed, and is hybrid again once re-embedded", async () => {
    await addBoth(embedderOf());
    const stale = (await searchWith("other-model").search(base(), SYNONYM_QUESTION, 3)) as KnowledgeSearchResult;
    expect(stale).toMatchObject({ ranking: "full_text", passages: [] });
    expect(stale.vectorsUnavailable).toContain("its vectors are stale (made by word-groups @");
    const progress: KnowledgeProgress[] = [];
    const { chunks } = await library.embed(GRAPH, BASE, embedderOf("other-model"), { onProgress: (p) => progress.push(p) });
    expect(chunks).toBe((await library.stats(GRAPH, BASE)).chunks);
    expect(progress.map((p) => p.detail).filter(Boolean)).toContain(`Embedding ${chunks} of ${chunks} chunks`);
    const fresh = (await searchWith("other-model").search(base(), SYNONYM_QUESTION, 3)) as KnowledgeSearchResult;
    expect(fresh.ranking).toBe("hybrid");
    expect(fresh.passages[0]?.file).toBe("refunds.md");
  });

  it("re-embeds files embedded by another model when files are added with the new one", async () => {
    await library.add(GRAPH, BASE, [packed("refunds.md", REFUNDS)], { embedder: embedderOf() });
    await library.add(GRAPH, BASE, [packed("shipping.txt", SHIPPING)], { embedder: embedderOf("other-model") });
    const inputs = server.requests.slice(1).flatMap((r) => (r.body as { input: string[] }).input);
    expect(inputs.some((text) => text.includes("Refunds are issued"))).toBe(true);
    expect((await library.stats(GRAPH, BASE)).embedding?.model).toBe("other-model");
  });

  it("keeps the other files' vectors when a file is removed", async () => {
    await addBoth(embedderOf());
    await library.removeFile(GRAPH, BASE, "shipping.txt");
    const result = (await searchWith().search({ ...base(), files: [{ name: "refunds.md", bytes: 1 }] }, SYNONYM_QUESTION, 3)) as KnowledgeSearchResult;
    expect(result.ranking).toBe("hybrid");
    expect(result.passages.map((p) => p.file)).toEqual(["refunds.md"]);
  });

  it("sends the key to the embeddings server and stores it nowhere", async () => {
    await addBoth(embedderOf());
    await searchWith().search(base(), SYNONYM_QUESTION, 3);
    expect(server.requests.every((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
    const db = await database.open();
    for (const name of [STORES.kbBases, STORES.kbFiles, STORES.kbIndexes]) {
      const rows = await db.getAll(name);
      expect(rows.length).toBeGreaterThan(0);
      expect(JSON.stringify(rows, (_key, value: unknown) => (value instanceof Float32Array ? [...value] : value))).not.toContain(KEY.slice(3, 15));
    }
  });
});
