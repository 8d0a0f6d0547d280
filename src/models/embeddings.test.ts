/** Embeddings through a real local `/v1/embeddings` server: vectors, the key's one destination, and every failure named. */
import { afterEach, describe, expect, it } from "vitest";
import { ModelError } from "../engine/index.js";
import type { ModelProfile } from "../schema/index.js";
import { createEmbedder, embeddingSignature } from "./embeddings.js";
import { embeddingsReply, wordVector } from "./testing/embeddingsWire.js";
import { closedPortUrl, startWireServer, type Respond, type WireServer } from "./testing/faultServer.js";

const KEY = "sk-embed-test-7d1c9e4b2a";
let server: WireServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const profileAt = (baseUrl: string): ModelProfile => ({
  id: "embedder",
  provider: "openai",
  model: "test-embed",
  base_url: baseUrl,
  fallbacks: [],
  tool_calling: true,
});

async function serve(respond: Respond): Promise<ModelProfile> {
  server = await startWireServer(respond);
  return profileAt(`${server.url}/v1`);
}

async function failure(promise: Promise<unknown>): Promise<ModelError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ModelError);
  return error as ModelError;
}

describe("createEmbedder", () => {
  it("embeds texts in one request to the profile's endpoint, with its model and key", async () => {
    const profile = await serve((request) => embeddingsReply(request));
    const vectors = await createEmbedder(profile, () => KEY).embed(["Refunds take 14 days", "Express delivery"]);
    expect(vectors.map((v) => [...v])).toEqual([wordVector("Refunds take 14 days"), wordVector("Express delivery")].map((v) => [...Float32Array.from(v)]));
    expect(server!.requests).toHaveLength(1);
    const [request] = server!.requests;
    expect(request).toMatchObject({
      method: "POST",
      path: "/v1/embeddings",
      body: { model: "test-embed", input: ["Refunds take 14 days", "Express delivery"], encoding_format: "float" },
    });
    expect(request!.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it("names the model and the endpoint in its signature", () => {
    expect(embeddingSignature(profileAt("http://127.0.0.1:9/v1/"))).toBe("test-embed @ http://127.0.0.1:9/v1");
  });

  it("refuses the key (401) with the profile and host named and the key left out", async () => {
    const profile = await serve(() => ({
      kind: "json",
      status: 401,
      body: { error: { message: `Incorrect API key provided: ${KEY}`, type: "invalid_request_error" } },
    }));
    const error = await failure(createEmbedder(profile, () => KEY).embed(["hello"]));
    expect(error.kind).toBe("auth");
    expect(error.message).toMatch(/^Embedding with model profile "embedder" \(test-embed at 127\.0\.0\.1:\d+\) failed: .*refused the API key \(HTTP 401\)/);
    expect(error.message).not.toContain(KEY);
  });

  it("reports a server error (500) as the server's fault", async () => {
    const profile = await serve(() => ({ kind: "json", status: 500, body: { error: { message: "embedding backend down" } } }));
    const error = await failure(createEmbedder(profile, () => KEY).embed(["hello"]));
    expect(error.kind).toBe("server");
    expect(error.message).toContain('model profile "embedder"');
    expect(error.message).toContain("HTTP 500");
  });

  it("retries a server error when told to, and answers once the server recovers", async () => {
    const profile = await serve((request, n) => (n === 0 ? { kind: "json", status: 503, body: { error: { message: "busy" } } } : embeddingsReply(request)));
    const [vector] = await createEmbedder(profile, () => KEY, { retries: 1 }).embed(["parcel"]);
    expect([...vector!]).toEqual([...Float32Array.from(wordVector("parcel"))]);
    expect(server!.requests).toHaveLength(2);
  });

  it("reports an answer that is not JSON", async () => {
    const profile = await serve(() => ({ kind: "raw", status: 200, contentType: "application/json", body: "{ not json" }));
    const error = await failure(createEmbedder(profile, () => KEY).embed(["hello"]));
    expect(error.kind).toBe("invalid_response");
    expect(error.message).toContain('model profile "embedder"');
  });

  it("reports vectors of different lengths", async () => {
    const profile = await serve((request) => embeddingsReply(request, (text) => (text === "b" ? [1, 0] : [1, 0, 0])));
    const error = await failure(createEmbedder(profile, () => KEY).embed(["a", "b"]));
    expect(error.kind).toBe("invalid_response");
    expect(error.message).toMatch(/vectors that cannot be used: its vectors differ in length \(3 and 2 numbers\)$/);
  });

  it("reports a server that cannot be reached", async () => {
    const error = await failure(createEmbedder(profileAt(`${await closedPortUrl()}/v1`), () => KEY).embed(["hello"]));
    expect(error.kind).toBe("connection");
    expect(error.message).toMatch(/^Embedding with model profile "embedder" \(test-embed at 127\.0\.0\.1:\d+\) failed: Could not reach/);
  });

  it("sends nothing without a key", async () => {
    const profile = await serve((request) => embeddingsReply(request));
    const error = await failure(createEmbedder(profile, () => null).embed(["hello"]));
    expect(error.kind).toBe("missing_key");
    expect(server!.requests).toHaveLength(0);
  });

  it("stops a request in flight when its signal aborts", async () => {
    const profile = await serve(() => ({ kind: "silent" }));
    const controller = new AbortController();
    const pending = createEmbedder(profile, () => KEY).embed(["hello"], controller.signal);
    await expect.poll(() => server!.requests.length).toBe(1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });
});
