import { afterEach, describe, expect, it, vi } from "vitest";
import { ModelError } from "../engine/index.js";
import { classifyError, redact, retryAfterFromHeaders, retryAfterMsOf } from "./errors.js";
import { providerModel } from "./providerModel.js";
import { anthropicError } from "./testing/anthropicWire.js";
import { collect, profile, rejection } from "./testing/collect.js";
import { openaiError } from "./testing/openaiWire.js";
import { startWireServer, type WireServer } from "./testing/wireServer.js";

function httpError(status: number, headers?: Headers): Error {
  return Object.assign(new Error(`${status} error`), { status, headers });
}

describe("classifyError", () => {
  it.each([
    [429, "rate_limited"],
    [500, "server"],
    [503, "server"],
    [529, "server"],
    [401, "auth"],
    [403, "auth"],
    [400, "bad_request"],
    [404, "bad_request"],
    [422, "bad_request"],
    [408, "timeout"],
  ])("maps HTTP %i to %s", (status, kind) => {
    const error = classifyError(httpError(status), "p1");
    expect(error.kind).toBe(kind);
    expect(error.details).toMatchObject({ profileId: "p1", status });
  });

  it("maps aborts to aborted", () => {
    expect(classifyError(new DOMException("The operation was aborted.", "AbortError"), "p").kind).toBe("aborted");
    expect(classifyError(Object.assign(new Error("Request was aborted."), { status: undefined }), "p").kind).toBe("aborted");
  });

  it("maps fetch and connection failures to connection", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED" });
    expect(classifyError(new TypeError("fetch failed", { cause: refused }), "p").kind).toBe("connection");
    expect(classifyError(new Error("Connection error.", { cause: new TypeError("fetch failed") }), "p").kind).toBe("connection");
    expect(classifyError(new TypeError("Failed to fetch"), "p").kind).toBe("connection");
  });

  it("maps a body stream cut after the headers to a connection error in every browser", () => {
    for (const message of ["network error", "Error in body stream", "The network connection was lost."]) {
      const error = classifyError(new TypeError(message), "p", [], { baseUrl: "http://127.0.0.1:9/v1", midReply: true });
      expect(error.kind).toBe("connection");
      expect(error.message).toMatch(/broke in the middle of the reply/);
      expect(error.message).not.toMatch(/network error/);
    }
  });

  it("maps an SDK timeout to timeout and a malformed stream to invalid_response", () => {
    expect(classifyError(Object.assign(new Error("Request timed out."), { name: "TimeoutError" }), "p").kind).toBe("timeout");
    expect(classifyError(new SyntaxError("Unexpected token } in JSON"), "p").kind).toBe("invalid_response");
  });

  it("maps in-stream provider error types", () => {
    expect(classifyError(Object.assign(new Error("Overloaded"), { error: anthropicError("Overloaded", "overloaded_error") }), "p").kind).toBe("server");
    expect(classifyError(Object.assign(new Error("slow"), { error: { type: "rate_limit_exceeded" } }), "p").kind).toBe("rate_limited");
  });

  it("keeps an existing ModelError and fills in its profile", () => {
    const error = classifyError(new ModelError("timeout", "silent"), "p9");
    expect(error.kind).toBe("timeout");
    expect(error.details.profileId).toBe("p9");
  });

  it("reads Retry-After in milliseconds, seconds or as a date", () => {
    expect(retryAfterMsOf(classifyError(httpError(429, new Headers({ "retry-after-ms": "250" })), "p"))).toBe(250);
    expect(retryAfterFromHeaders(new Headers({ "retry-after": "2" }))).toBe(2000);
    const now = Date.parse("2025-01-01T00:00:00Z");
    expect(retryAfterFromHeaders({ "retry-after": "Wed, 01 Jan 2025 00:00:03 GMT" }, now)).toBe(3000);
    expect(retryAfterFromHeaders(new Headers())).toBeUndefined();
  });

  it("redacts given secrets and key-shaped strings", () => {
    expect(redact("key abc123secret456 here", ["abc123secret456"])).toBe("key [redacted] here");
    expect(redact("Incorrect API key provided: sk-proj-AAAABBBBCCCC")).toBe("Incorrect API key provided: [redacted]");
    expect(redact("Authorization: Bearer abcdefghijkl")).toBe("Authorization: Bearer [redacted]");
  });
});

describe("API keys in failures", () => {
  const KEY = "key-9f8e7d6c5b4a-secret";
  let server: WireServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
    vi.restoreAllMocks();
  });

  async function failWith(provider: "openai" | "anthropic", status: number, body: unknown): Promise<ModelError> {
    server = await startWireServer(() => ({ kind: "json", status, body }));
    const base_url = provider === "openai" ? `${server.url}/v1` : server.url;
    const p = { ...profile({ id: "p", provider, base_url }), provider };
    const error = await rejection(collect(providerModel(p, { getKey: () => KEY })));
    expect(error).toBeInstanceOf(ModelError);
    return error as ModelError;
  }

  function expectNoKey(error: ModelError, logged: string): void {
    for (const text of [JSON.stringify(error), error.message, String(error.stack), JSON.stringify(error.details), logged]) {
      expect(text).not.toContain(KEY);
    }
  }

  function spyOnConsole(): () => string {
    const calls: unknown[][] = [];
    for (const method of ["log", "info", "warn", "error", "debug"] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void calls.push(args));
    }
    return () => calls.map((args) => args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : JSON.stringify(a))).join(" ")).join("\n");
  }

  it("keeps the OpenAI key out of the error even when the server echoes it", async () => {
    const logs = spyOnConsole();
    const error = await failWith("openai", 401, openaiError(`Incorrect API key provided: ${KEY}`, "invalid_api_key"));
    expect(error.kind).toBe("auth");
    expect(error.message).toContain("Incorrect API key provided: [redacted]");
    expectNoKey(error, logs());
  });

  it("keeps the Anthropic key out of the error even when the server echoes it", async () => {
    const logs = spyOnConsole();
    const error = await failWith("anthropic", 400, anthropicError(`bad key ${KEY}`));
    expect(error.kind).toBe("bad_request");
    expectNoKey(error, logs());
  });

  it("keeps the key out of a connection error", async () => {
    const logs = spyOnConsole();
    const p = { ...profile({ id: "p", provider: "openai", base_url: "http://127.0.0.1:9/v1" }), provider: "openai" as const };
    const error = (await rejection(collect(providerModel(p, { getKey: () => KEY })))) as ModelError;
    expect(error.kind).toBe("connection");
    expectNoKey(error, logs());
  });
});
