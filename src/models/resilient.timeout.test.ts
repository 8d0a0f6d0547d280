import { describe, expect, it } from "vitest";
import { ModelError, type ChatModelPort } from "../engine/index.js";
import type { ModelProfile } from "../schema/index.js";
import { createModelResolver } from "./resolver.js";
import { anthropicStream } from "./testing/anthropicWire.js";
import { collect, profile, rejection } from "./testing/collect.js";
import { openaiStream } from "./testing/openaiWire.js";
import { serversClosedAfterEach, type WireServer } from "./testing/wireServer.js";

const serve = serversClosedAfterEach();

function resolveOpenAI(server: WireServer, fields: Partial<ModelProfile> = {}, stallTimeoutMs = 300): ChatModelPort {
  const p = profile({ id: "gpt", provider: "openai", base_url: `${server.url}/v1`, max_retries: 0, ...fields });
  return createModelResolver({ getKey: () => "sk-test-0123456789", stallTimeoutMs, retry: { baseDelayMs: 1, jitter: false } }).resolve({
    profile: p,
    profiles: [p],
    agent: "a",
  });
}

describe("stall timeout", () => {
  it("ends a stream that goes silent after one chunk with a timeout error", async () => {
    const events = openaiStream(["first"]).slice(0, 2);
    const server = await serve(() => ({ kind: "sse", events, stall: true }));
    // A generous limit: the first call of a test file also loads the SDK before its first chunk.
    const port = resolveOpenAI(server, {}, 1_000);
    const seen: string[] = [];
    const started = Date.now();
    const error = (await rejection(
      (async () => {
        for await (const chunk of port.stream([], { tools: [], state: {} })) seen.push(String(chunk.content));
      })(),
    )) as ModelError;
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(ModelError);
    expect(error.kind).toBe("timeout");
    expect(error.message).toBe(
      'Model gpt stopped in the middle of its reply: nothing came for 1 s. If this model pauses that long, raise timeout_ms of model profile "gpt" in Settings.',
    );
    expect(seen).toContain("first");
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(elapsed).toBeLessThan(3_000);
    expect(server.requests).toHaveLength(1);
  });

  it("retries a request that sends nothing at all, then answers", async () => {
    const server = await serve((n) => (n === 0 ? { kind: "sse", events: [], stall: true } : { kind: "sse", events: openaiStream(["late"]) }));
    const port = resolveOpenAI(server, { max_retries: 1 }, 200);
    const { tokens } = await collect(port);
    expect(tokens).toEqual(["late"]);
    expect(server.requests).toHaveLength(2);
  });

  it("uses the profile's timeout_ms over the resolver default", async () => {
    const server = await serve(() => ({ kind: "sse", events: [], stall: true }));
    const port = resolveOpenAI(server, { timeout_ms: 150 }, 60_000);
    const error = (await rejection(collect(port))) as ModelError;
    expect(error.kind).toBe("timeout");
    expect(error.message).toContain("0.15 s");
  });

  it("times out a silent Anthropic stream too", async () => {
    const server = await serve(() => ({ kind: "sse", events: anthropicStream(["x"]).slice(0, 1), stall: true }));
    const p = profile({ id: "claude", provider: "anthropic", base_url: server.url, max_retries: 0 });
    const port = createModelResolver({ getKey: () => "sk-ant-0123456789", stallTimeoutMs: 200 }).resolve({ profile: p, profiles: [p], agent: "a" });
    const error = (await rejection(collect(port))) as ModelError;
    expect(error.kind).toBe("timeout");
  });
});

describe("caller abort", () => {
  it("stops a streaming reply at once, without retry", async () => {
    const events = openaiStream(Array.from({ length: 50 }, (_, i) => `t${i} `));
    const server = await serve(() => ({ kind: "sse", events, gapMs: 40 }));
    const port = resolveOpenAI(server, { max_retries: 3 }, 5_000);
    const controller = new AbortController();
    const seen: string[] = [];
    const started = Date.now();
    const error = (await rejection(
      (async () => {
        for await (const chunk of port.stream([], { tools: [], state: {}, signal: controller.signal })) {
          seen.push(String(chunk.content));
          if (seen.length === 3) controller.abort();
        }
      })(),
    )) as ModelError;
    expect(error.kind).toBe("aborted");
    expect(seen.length).toBeLessThan(6);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(server.requests).toHaveLength(1);
  });

  it("cancels while waiting for a retry, without trying again", async () => {
    const server = await serve(() => ({ kind: "json", status: 503, body: {} }));
    const p = profile({ id: "gpt", provider: "openai", base_url: `${server.url}/v1`, max_retries: 5 });
    const controller = new AbortController();
    const port = createModelResolver({
      getKey: () => "sk-test-0123456789",
      retry: { baseDelayMs: 10_000, maxDelayMs: 10_000, jitter: false },
    }).resolve({ profile: p, profiles: [p], agent: "a" });
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const error = (await rejection(collect(port, { signal: controller.signal }))) as ModelError;
    expect(error.kind).toBe("aborted");
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(server.requests).toHaveLength(1);
  });

  it("rejects a call whose signal is already aborted without a request", async () => {
    const server = await serve(() => ({ kind: "sse", events: openaiStream(["x"]) }));
    const port = resolveOpenAI(server);
    const error = (await rejection(collect(port, { signal: AbortSignal.abort() }))) as ModelError;
    expect(error.kind).toBe("aborted");
    expect(server.requests).toHaveLength(0);
  });
});
