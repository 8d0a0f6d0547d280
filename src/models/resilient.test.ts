import { describe, expect, it } from "vitest";
import { ModelError, type ModelRequest } from "../engine/index.js";
import type { ModelProfile } from "../schema/index.js";
import { createModelResolver, type ModelResolverOptions } from "./resolver.js";
import type { FallbackInfo } from "./resilient.js";
import { anthropicStream } from "./testing/anthropicWire.js";
import { collect, profile, rejection } from "./testing/collect.js";
import { openaiError, openaiStream } from "./testing/openaiWire.js";
import { closedPortUrl, serversClosedAfterEach, type Reply } from "./testing/wireServer.js";

const keys = { openai: "sk-openai-primary-123456", anthropic: "sk-ant-fallback-123456" };
const serve = serversClosedAfterEach();

const ok = (tokens = ["fine"]): Reply => ({ kind: "sse", events: openaiStream(tokens) });
const status = (code: number, headers: Record<string, string> = {}): Reply => ({
  kind: "json",
  status: code,
  body: openaiError(`status ${code}`, code === 429 ? "rate_limit_exceeded" : "server_error"),
  headers,
});

/** Resolves `profiles[0]` with tiny, recorded backoff delays. */
function resolve(profiles: ModelProfile[], overrides: Partial<ModelResolverOptions> = {}) {
  const delays: number[] = [];
  const fallbacks: FallbackInfo[] = [];
  const resolver = createModelResolver({
    getKey: (provider) => keys[provider],
    retry: { baseDelayMs: 1, rateLimitBaseDelayMs: 1, maxDelayMs: 50, jitter: false },
    sleep: async (ms) => void delays.push(ms),
    onFallback: (info) => fallbacks.push(info),
    ...overrides,
  });
  const request: ModelRequest = { profile: profiles[0]!, profiles, agent: "assistant" };
  return { port: resolver.resolve(request), delays, fallbacks };
}

const openaiAt = (id: string, server: { url: string }, fields: Partial<ModelProfile> = {}) =>
  profile({ id, provider: "openai", base_url: `${server.url}/v1`, ...fields });

describe("retries", () => {
  it("retries after a 429 and then answers", async () => {
    const server = await serve((n) => (n === 0 ? status(429) : ok(["after ", "retry"])));
    const { port, delays } = resolve([openaiAt("gpt", server)]);
    const { tokens } = await collect(port);
    expect(tokens).toEqual(["after ", "retry"]);
    expect(server.requests).toHaveLength(2);
    expect(delays).toEqual([1]);
  });

  it("retries a 503 with exponential backoff", async () => {
    const server = await serve((n) => (n < 2 ? status(503) : ok()));
    const { port, delays } = resolve([openaiAt("gpt", server)]);
    await collect(port);
    expect(server.requests).toHaveLength(3);
    expect(delays).toEqual([1, 2]);
  });

  it("waits as long as Retry-After asks, even beyond maxDelayMs", async () => {
    const server = await serve((n) => [status(429, { "retry-after-ms": "30" }), status(429, { "retry-after": "2" }), ok()][n]!);
    const { port, delays } = resolve([openaiAt("gpt", server)]);
    await collect(port);
    expect(delays).toEqual([30, 2000]);
  });

  it("fails at once when Retry-After asks for longer than the call may take", async () => {
    const server = await serve(() => status(429, { "retry-after": "120" }));
    const { port, delays } = resolve([openaiAt("gpt", server, { total_timeout_ms: 5_000 })]);
    const error = (await rejection(collect(port))) as ModelError;
    expect(error.kind).toBe("rate_limited");
    expect(error.message).toMatch(
      /^Model gpt is rate limited and the provider asked to wait 120 s before trying again, more than is left of the 5 s allowed for one model call \(1 attempt in [\d.]+ s\)\./,
    );
    expect(error.message).toContain('raise total_timeout_ms of model profile "gpt" in Settings');
    expect(delays).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it("stops after the profile's max_retries", async () => {
    const server = await serve(() => status(500));
    const { port } = resolve([openaiAt("gpt", server, { max_retries: 1 })]);
    const error = await rejection(collect(port));
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).kind).toBe("server");
    expect((error as ModelError).details.status).toBe(500);
    expect(server.requests).toHaveLength(2);
  });

  it("does not retry once a chunk has reached the caller", async () => {
    const midStreamError = `data: ${JSON.stringify({ error: { message: "boom", type: "server_error" } })}\n\n`;
    const server = await serve(() => ({ kind: "sse", events: [openaiStream(["partial"])[1]!, midStreamError] }));
    const { port } = resolve([openaiAt("gpt", server)]);
    const seen: string[] = [];
    const error = await rejection(
      (async () => {
        for await (const chunk of port.stream([], { tools: [], state: {} })) seen.push(String(chunk.content));
      })(),
    );
    expect(seen).toEqual(["partial"]);
    expect((error as ModelError).kind).toBe("server");
    expect(server.requests).toHaveLength(1);
  });
});

describe("fallbacks", () => {
  it("neither retries nor falls back on a 400", async () => {
    const primary = await serve(() => ({ kind: "json", status: 400, body: openaiError("bad message") }));
    const backup = await serve(() => ok());
    const { port, fallbacks } = resolve([openaiAt("gpt", primary, { fallbacks: ["backup"] }), openaiAt("backup", backup)]);
    const error = (await rejection(collect(port))) as ModelError;
    expect(error.kind).toBe("bad_request");
    expect(error.message).toContain("bad message");
    expect(primary.requests).toHaveLength(1);
    expect(backup.requests).toHaveLength(0);
    expect(fallbacks).toEqual([]);
  });

  it("falls back when the primary server refuses connections", async () => {
    const backup = await serve(() => ok(["from ", "backup"]));
    const dead = { url: await closedPortUrl() };
    const { port, fallbacks, delays } = resolve([openaiAt("gpt", dead, { fallbacks: ["backup"] }), openaiAt("backup", backup)]);
    const { tokens, chunks, full } = await collect(port);
    expect(tokens).toEqual(["from ", "backup"]);
    expect(chunks[0]!.response_metadata.graphwright_profile).toBe("backup");
    expect(full.response_metadata.graphwright_profile).toBe("backup");
    expect(delays).toHaveLength(2); // the primary's own retries came first
    expect(fallbacks).toMatchObject([{ from: "gpt", to: "backup", error: { kind: "connection" } }]);
  });

  it("falls back on a 5xx once retries are exhausted", async () => {
    const primary = await serve(() => status(502));
    const backup = await serve(() => ok(["saved"]));
    const { port } = resolve([openaiAt("gpt", primary, { fallbacks: ["backup"] }), openaiAt("backup", backup)]);
    const { tokens, chunks } = await collect(port);
    expect(tokens).toEqual(["saved"]);
    expect(primary.requests).toHaveLength(3);
    expect(backup.requests).toHaveLength(1);
    expect(chunks[0]!.response_metadata.graphwright_profile).toBe("backup");
  });

  it("tags the primary's reply with its own profile", async () => {
    const server = await serve(() => ok(["a", "b"]));
    const { port } = resolve([openaiAt("gpt", server)]);
    const { full } = await collect(port);
    expect(full.response_metadata.graphwright_profile).toBe("gpt");
  });

  it("moves to a fallback that has a key when the primary has none, without calling the primary", async () => {
    const primary = await serve(() => ok());
    const claude = await serve(() => ({ kind: "sse", events: anthropicStream(["claude ", "here"]) }));
    const profiles = [openaiAt("gpt", primary, { fallbacks: ["claude"] }), profile({ id: "claude", provider: "anthropic", base_url: claude.url })];
    const { port, fallbacks, delays } = resolve(profiles, { getKey: (p) => (p === "anthropic" ? keys.anthropic : undefined) });
    const { tokens } = await collect(port);
    expect(tokens).toEqual(["claude ", "here"]);
    expect(primary.requests).toHaveLength(0);
    expect(delays).toEqual([]);
    expect(fallbacks).toMatchObject([{ from: "gpt", to: "claude", error: { kind: "missing_key" } }]);
  });

  it("fails with missing_key when no profile has a key", async () => {
    const primary = await serve(() => ok());
    const profiles = [openaiAt("gpt", primary, { fallbacks: ["other"] }), openaiAt("other", primary)];
    const { port } = resolve(profiles, { getKey: () => "" });
    const error = (await rejection(collect(port))) as ModelError;
    expect(error.kind).toBe("missing_key");
    expect(error.message).toBe("No API key for OpenAI: add it in Settings");
    expect(primary.requests).toHaveLength(0);
  });
});
