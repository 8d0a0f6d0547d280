/**
 * The knowledge worker embedding a base's chunks, joined to the app's client as the browser
 * joins them: the key saved in settings goes only to the profile's host, progress counts
 * chunks, a profile change re-embeds, and Stop keeps nothing.
 */
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createKnowledgeClient, type KnowledgeClient, type KnowledgeProgress, type KnowledgeWorkerLike } from "../app/services/knowledgeClient";
import { embeddingsReply } from "../models/testing/embeddingsWire.js";
import { startWireServer, type Respond, type WireServer } from "../models/testing/faultServer.js";
import { Database } from "../persistence/db.js";
import { createKnowledgeLibrary, KnowledgeStore } from "../persistence/knowledge/index.js";
import type { ModelProfile } from "../schema/index.js";
import { workerEmbedder } from "./knowledgeEmbedder";
import { createKnowledgeHost } from "./knowledgeHost";
import type { KnowledgeReply, KnowledgeRequest } from "./knowledgeProtocol";
import { OPENAI_BASE_URL_SETTING, PROVIDER_SECRETS } from "./protocol";

const KEY = "sk-worker-embed-9f3b61c2d4";
let database: Database;
let server: WireServer;
let respond: Respond;
let settings: Record<string, unknown>;

beforeEach(async () => {
  database = new Database({ name: "kb-embed", indexedDB: new IDBFactory() });
  respond = (request) => embeddingsReply(request);
  server = await startWireServer((request, n) => respond(request, n));
  settings = { [OPENAI_BASE_URL_SETTING]: `${server.url}/v1` };
});
afterEach(async () => {
  await server.close();
  await database.close();
});

function connectedClient(): KnowledgeClient {
  const credentials = {
    secrets: { reveal: async (name: string) => (name === PROVIDER_SECRETS.openai ? KEY : undefined) },
    settings: { get: async <T>(key: string, fallback: T) => (key in settings ? (settings[key] as T) : fallback) },
  };
  const listeners: ((event: MessageEvent<KnowledgeReply>) => void)[] = [];
  const host = createKnowledgeHost(
    createKnowledgeLibrary(new KnowledgeStore(database)),
    (message) => {
      for (const listener of listeners) listener({ data: structuredClone(message) } as MessageEvent<KnowledgeReply>);
    },
    (profile) => workerEmbedder(credentials, profile),
  );
  const worker: KnowledgeWorkerLike = {
    postMessage: (message: KnowledgeRequest) => void host.handle(structuredClone(message)),
    addEventListener: (type: string, listener: unknown) => {
      if (type === "message") listeners.push(listener as (event: MessageEvent<KnowledgeReply>) => void);
    },
  };
  return createKnowledgeClient(() => worker);
}

/** No base URL of its own: it takes the OpenAI base URL from settings, as chat profiles do. */
const profile = (model = "word-groups"): ModelProfile => ({ id: "embedder", provider: "openai", model, fallbacks: [], tool_calling: true });
const texts = [{ name: "refunds.md", bytes: 40, text: "# Refunds\n\nRefunds are issued within 14 days." }];

describe("the knowledge worker with an embeddings profile", () => {
  it("embeds the chunks with the key saved for the profile's host, counting chunks, and never posts the key", async () => {
    const kb = connectedClient();
    const progress: KnowledgeProgress[] = [];
    const result = await kb.addTexts("g1", "kb-faq", texts, { embedding: profile(), onProgress: (p) => progress.push(p) });
    expect(result.errors).toEqual([]);
    expect(server.requests.map((r) => [r.path, r.headers.authorization])).toEqual([["/v1/embeddings", `Bearer ${KEY}`]]);
    expect(progress.filter((p) => p.phase === "embedding").map((p) => p.detail)).toEqual(["Embedding 0 of 1 chunk", "Embedding 1 of 1 chunk"]);
    expect(JSON.stringify(progress)).not.toContain(KEY);
    expect((await kb.stats("g1", "kb-faq")).embedding).toMatchObject({ model: "word-groups", profile_id: "embedder" });
  });

  it("sends the key nowhere else: a profile on another host fails naming both hosts, and stores nothing", async () => {
    const kb = connectedClient();
    const other = await startWireServer((request) => embeddingsReply(request));
    try {
      const result = await kb.addTexts("g1", "kb-faq", texts, { embedding: { ...profile(), base_url: `${other.url}/v1` } });
      expect(result.added).toEqual([]);
      expect(result.errors[0]?.message).toMatch(
        /^Embedding with model profile "embedder" \(word-groups at 127\.0\.0\.1:\d+\) failed: The OpenAI key is saved for .*so the key was not sent/,
      );
      expect(other.requests).toEqual([]);
      expect((await kb.stats("g1", "kb-faq")).files).toBe(0);
    } finally {
      await other.close();
    }
  });

  it("re-embeds a base whose profile changed model, and stops keeping nothing when cancelled", async () => {
    const kb = connectedClient();
    await kb.addTexts("g1", "kb-faq", texts, { embedding: profile() });
    respond = () => ({ kind: "silent" });
    const controller = new AbortController();
    const embedding = kb.embed("g1", "kb-faq", profile("other-model"), { signal: controller.signal });
    await expect.poll(() => server.requests.length).toBe(2);
    controller.abort();
    await expect(embedding).rejects.toMatchObject({ name: "AbortError" });
    expect((await kb.stats("g1", "kb-faq")).embedding?.model).toBe("word-groups");

    respond = (request) => embeddingsReply(request);
    expect(await kb.embed("g1", "kb-faq", profile("other-model"))).toEqual({ chunks: 1 });
    expect((await kb.stats("g1", "kb-faq")).embedding?.model).toBe("other-model");
  });
});
