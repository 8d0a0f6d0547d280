import { describe, expect, it } from "vitest";
import { ModelError, type ModelRequest } from "../engine/index.js";
import type { ModelProfile } from "../schema/index.js";
import { delayMs, DEFAULT_RETRY } from "./backoff.js";
import { createModelResolver } from "./resolver.js";
import { collect, profile, rejection } from "./testing/collect.js";
import { corsFetch } from "./testing/corsFetch.js";
import { faultResponder, type FaultKind, type FaultOptions } from "./testing/faults.js";
import { serversClosedAfterEach, type WireServer } from "./testing/wireServer.js";

const serve = serversClosedAfterEach();
const start = (fault: FaultKind, options?: FaultOptions) => serve((n, request) => faultResponder(fault, options)(request, n));

function remote(server: WireServer, provider: "openai" | "anthropic", fields: Partial<ModelProfile>): ModelProfile {
  return profile({ id: "remote", provider, base_url: provider === "openai" ? `${server.url}/v1` : server.url, ...fields });
}

describe.each(["openai", "anthropic"] as const)("deadlines of a model call (%s)", (provider) => {
  it("gives up on a server that never answers at the call's overall limit, saying what to raise", async () => {
    const server = await start("never_sends_headers");
    const p = remote(server, provider, { first_byte_timeout_ms: 250, total_timeout_ms: 600, max_retries: 10 });
    const retry = { baseDelayMs: 1, jitter: false };
    const port = createModelResolver({ getKey: () => "sk-test-0123456789", retry }).resolve({ profile: p, profiles: [p], agent: "a" });
    const started = Date.now();
    const error = (await rejection(collect(port))) as ModelError;
    const waited = Date.now() - started;
    expect(error).toBeInstanceOf(ModelError);
    expect(error.kind).toBe("timeout");
    expect(waited).toBeGreaterThanOrEqual(550);
    expect(waited).toBeLessThan(2_000);
    // The first attempt's clock includes loading the SDK, so not every attempt may reach the server.
    expect(server.requests.length).toBeGreaterThanOrEqual(1);
    expect(error.message).toMatch(/^Model remote did not answer within the 0\.6 s allowed for one model call \([23] attempts in 0\.[67]\d* s; the last said: /);
    expect(error.message).toContain('raise total_timeout_ms of model profile "remote" in Settings');
  });

  it("waits for a first byte only first_byte_timeout_ms per attempt, and says the real total", async () => {
    const server = await start("never_sends_headers");
    const p = remote(server, provider, { first_byte_timeout_ms: 150, total_timeout_ms: 60_000, max_retries: 2 });
    const port = createModelResolver({ getKey: () => "sk-test-0123456789", retry: { baseDelayMs: 1, jitter: false } }).resolve({
      profile: p,
      profiles: [p],
      agent: "a",
    });
    const started = Date.now();
    const error = (await rejection(collect(port))) as ModelError;
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(450);
    expect(waited).toBeLessThan(2_000);
    expect(server.requests.length).toBeGreaterThanOrEqual(2);
    expect(error.kind).toBe("timeout");
    // The total said is the time all three attempts took (at least 0.45 s; under 2 s as measured above), not one attempt's 0.15 s.
    expect(error.message).toMatch(/^Model remote did not answer: 3 attempts in (0\.[4-9]|1\.)\d* s, each waiting up to 0\.15 s for a first reply\./);
    expect(error.message).toContain('raise first_byte_timeout_ms of model profile "remote" in Settings');
  });
});

describe("backoff after a 429", () => {
  const rateLimited = new ModelError("rate_limited", "429", { status: 429, cause: { name: "Error", message: "429" } });

  it("backs off exponentially from 1 s with jitter when the provider gives no Retry-After", () => {
    expect(delayMs(0, rateLimited, DEFAULT_RETRY, () => 0)).toBe(1_000);
    expect(delayMs(0, rateLimited, DEFAULT_RETRY, () => 0.999)).toBeCloseTo(1_500, -1);
    expect(delayMs(1, rateLimited, DEFAULT_RETRY, () => 0)).toBe(2_000);
    expect(delayMs(2, rateLimited, DEFAULT_RETRY, () => 0.5)).toBe(5_000);
  });

  function resolveThroughCors(server: WireServer, delays: number[]) {
    const p = remote(server, "openai", {});
    const request: ModelRequest = { profile: p, profiles: [p], agent: "a" };
    return createModelResolver({ getKey: () => "sk-test-0123456789", fetch: corsFetch(), sleep: async (ms) => void delays.push(ms) }).resolve(request);
  }

  it("waits at least 1 s when CORS hides the provider's Retry-After from the page", async () => {
    const server = await start("429_hidden_retry_after", { retryAfterSeconds: 7 });
    const delays: number[] = [];
    const { tokens } = await collect(resolveThroughCors(server, delays));
    expect(tokens.join("")).toBe("Hello from the server");
    expect(delays).toHaveLength(1);
    expect(delays[0]).toBeGreaterThanOrEqual(1_000);
    expect(delays[0]).toBeLessThanOrEqual(1_500);
  });

  it("honours a Retry-After the provider exposes to pages", async () => {
    const server = await start("429_retry_after", { retryAfterSeconds: 7 });
    const delays: number[] = [];
    await collect(resolveThroughCors(server, delays));
    expect(delays).toEqual([7_000]);
  });
});
