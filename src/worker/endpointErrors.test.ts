import { describe, expect, it } from "vitest";
import { ModelError, type ModelRequest } from "../engine/index.js";
import { createModelResolver } from "../models/index.js";
import { collect, profile, rejection } from "../models/testing/collect.js";
import { openaiError } from "../models/testing/openaiWire.js";
import { serversClosedAfterEach } from "../models/testing/wireServer.js";
import type { ModelProfile } from "../schema/index.js";
import { keySource, type ProviderCredentials } from "./providerKeys";

const serve = serversClosedAfterEach();
const KEY = "sk-endpoint-test-0123456789abcdef";

function resolve(profiles: ModelProfile[], credentials: ProviderCredentials) {
  const resolver = createModelResolver({ getKey: keySource(credentials), retry: { baseDelayMs: 1, maxDelayMs: 5, jitter: false }, sleep: async () => {} });
  const request: ModelRequest = { profile: profiles[0]!, profiles, agent: "assistant" };
  return resolver.resolve(request);
}

describe("endpoint errors", () => {
  it("tells a model on another host than its key's so, and sends the key nowhere", async () => {
    const server = await serve(() => ({ kind: "json", status: 200, body: {} }));
    const port = resolve([profile({ id: "gpt", provider: "openai", base_url: `${server.url}/v1`, max_retries: 0 })], {
      openai: KEY,
      anthropic: null,
      openaiBaseUrl: "https://api.example.com/v1",
    });
    const error = (await rejection(collect(port))) as ModelError;
    expect(error).toBeInstanceOf(ModelError);
    const host = server.url.replace("http://", "");
    expect(error.message).toContain(`The OpenAI key is saved for api.example.com, but this model calls http://${host}`);
    expect(error.message).toContain(`Allow http://${host} for the OpenAI key in Settings`);
    expect(error.message).not.toContain("No API key");
    expect(server.requests).toHaveLength(0);
  });

  it("keeps the primary's real HTTP 500 visible when its fallback has no usable key", async () => {
    const failing = await serve(() => ({ kind: "json", status: 500, body: openaiError("upstream exploded", "server_error") }));
    const other = await serve(() => ({ kind: "json", status: 200, body: {} }));
    const port = resolve(
      [
        profile({ id: "gpt", provider: "openai", base_url: `${failing.url}/v1`, max_retries: 0, fallbacks: ["local"] }),
        profile({ id: "local", provider: "openai", base_url: `${other.url}/v1`, max_retries: 0 }),
      ],
      { openai: KEY, anthropic: null, openaiBaseUrl: `${failing.url}/v1` },
    );
    const error = (await rejection(collect(port))) as ModelError;
    expect(error.message).toContain("The OpenAI key is saved for");
    expect(error.message).toMatch(/Tried before it: model "gpt": The model server .* failed \(HTTP 500\)/);
    expect(error.message).toContain("upstream exploded");
    expect(other.requests).toHaveLength(0);
  });

  it("keeps a fallback's real HTTP 500 visible after the primary's key was withheld", async () => {
    const failing = await serve(() => ({ kind: "json", status: 500, body: openaiError("fallback exploded", "server_error") }));
    const port = resolve(
      [
        profile({ id: "gpt", provider: "openai", base_url: "http://127.0.0.1:9/v1", max_retries: 0, fallbacks: ["backup"] }),
        profile({ id: "backup", provider: "openai", base_url: `${failing.url}/v1`, max_retries: 0 }),
      ],
      { openai: KEY, anthropic: null, openaiBaseUrl: `${failing.url}/v1` },
    );
    const error = (await rejection(collect(port))) as ModelError;
    expect(error.message).toMatch(/^The model server .* failed \(HTTP 500\)/);
    expect(error.message).toContain("fallback exploded");
    expect(error.message).toContain('Tried before it: model "gpt": The OpenAI key is saved for');
  });
});
