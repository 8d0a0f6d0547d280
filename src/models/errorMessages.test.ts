import { describe, expect, it } from "vitest";
import type { ModelErrorKind } from "../engine/index.js";
import { messageFor, providerDetail } from "./errorMessages.js";
import { providerModel } from "./providerModel.js";
import { collect, profile, rejection } from "./testing/collect.js";
import { closedPortUrl } from "./testing/wireServer.js";

const KINDS: ModelErrorKind[] = [
  "missing_key",
  "connection",
  "timeout",
  "rate_limited",
  "server",
  "bad_request",
  "auth",
  "aborted",
  "invalid_response",
  "empty_response",
  "not_a_model_server",
];

describe("model error texts", () => {
  it("turns a browser's 'Connection error.: Failed to fetch' into a sentence naming the server and what to check", () => {
    expect(messageFor("connection", undefined, "Connection error.: Failed to fetch", { baseUrl: "http://127.0.0.1:1234/v1" })).toBe(
      "Could not reach http://127.0.0.1:1234/v1: the connection failed. Check the base URL in Settings and that the server is running.",
    );
  });

  it("keeps the provider's words without status prefixes, JSON bodies or troubleshooting links", () => {
    expect(providerDetail('401 {"type":"error","error":{"type":"authentication_error","message":"Invalid API key"}}')).toBe("Invalid API key");
    expect(providerDetail("401 Invalid API key\nTroubleshooting URL: https://docs.langchain.com/oss/javascript/langchain/errors/MODEL_AUTHENTICATION/")).toBe(
      "Invalid API key",
    );
    expect(providerDetail("Connection error.: connect ECONNREFUSED 127.0.0.1:9")).toBe("connect ECONNREFUSED 127.0.0.1:9");
  });

  it.each(KINDS)("says what to do for %s, in whole sentences", (kind) => {
    const text = messageFor(kind, kind === "server" ? 500 : undefined, "Connection error.: Failed to fetch", {
      baseUrl: "http://localhost:11434/v1",
      profileId: "local",
    });
    expect(text).toMatch(/^[A-Z"h].*\.$/);
    expect(text).not.toMatch(/error\.:|Failed to fetch|Troubleshooting/);
    if (kind !== "aborted") expect(text).toMatch(/Settings|again|later|fallback/);
  });

  it("names the unreachable base URL of a real failed call", async () => {
    const url = `${await closedPortUrl()}/v1`;
    const port = providerModel({ ...profile({ id: "local", provider: "openai", base_url: url }), provider: "openai" }, { getKey: () => "sk-test-0123456789" });
    const error = (await rejection(collect(port))) as Error;
    expect(error.message).toMatch(
      new RegExp(
        `^Could not reach ${url.replace(/[.]/g, "\\.")}: the connection failed \\(.*ECONNREFUSED.*\\)\\. Check the base URL in Settings and that the server is running\\.$`,
      ),
    );
  });
});
