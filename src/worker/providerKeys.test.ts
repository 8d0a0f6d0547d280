import { describe, expect, it } from "vitest";
import type { GraphDocument, ModelProfile } from "../schema/index.js";
import { blankDocument } from "../app/store/nodeFactory";
import { ModelError } from "../engine/index.js";
import { keyScope, keySource, readCredentials, scopedKey, withProviderDefaults, type ProviderCredentials } from "./providerKeys";

const creds = (over: Partial<ProviderCredentials> = {}): ProviderCredentials => ({ openai: "sk-openai", anthropic: "sk-ant", openaiBaseUrl: null, ...over });
const profile = (provider: ModelProfile["provider"], base_url?: string) => ({ provider, ...(base_url ? { base_url } : {}) });

describe("scopedKey", () => {
  it("gives the OpenAI key to OpenAI profiles on the official API", () => {
    expect(scopedKey(profile("openai"), creds())).toBe("sk-openai");
    expect(scopedKey(profile("openai", "https://api.openai.com/v1"), creds())).toBe("sk-openai");
  });

  it("keeps the OpenAI key from a profile pointing at another host", () => {
    expect(scopedKey(profile("openai", "https://openrouter.ai/api/v1"), creds())).toBeNull();
    expect(scopedKey(profile("openai", "http://localhost:11434/v1"), creds())).toBeNull();
  });

  it("keeps the key from a look-alike: another scheme or port of the same host", () => {
    expect(scopedKey(profile("openai", "http://api.openai.com/v1"), creds())).toBeNull();
    expect(scopedKey(profile("openai", "https://api.openai.com:8443/v1"), creds())).toBeNull();
    expect(scopedKey(profile("openai", "https://api.openai.com.evil.example/v1"), creds())).toBeNull();
  });

  it("gives the OpenAI key to the host of the OpenAI base URL setting, and only to it", () => {
    const local = creds({ openaiBaseUrl: "http://localhost:11434/v1" });
    expect(scopedKey(profile("openai", "http://localhost:11434/v1"), local)).toBe("sk-openai");
    expect(scopedKey(profile("openai"), local)).toBe("sk-openai");
    expect(scopedKey(profile("openai", "https://api.openai.com/v1"), local)).toBeNull();
  });

  it("gives the Anthropic key only to the official Anthropic API", () => {
    expect(scopedKey(profile("anthropic"), creds())).toBe("sk-ant");
    expect(scopedKey(profile("anthropic", "https://api.anthropic.com"), creds())).toBe("sk-ant");
    expect(scopedKey(profile("anthropic", "https://proxy.example/anthropic"), creds())).toBeNull();
  });

  it("never hands one provider's key to another, nor any key to the scripted model", () => {
    expect(scopedKey(profile("anthropic"), creds({ anthropic: null }))).toBeNull();
    expect(scopedKey(profile("openai"), creds({ openai: null }))).toBeNull();
    expect(scopedKey(profile("scripted"), creds())).toBeNull();
  });
});

describe("withProviderDefaults", () => {
  const withModels = (models: GraphDocument["models"]): GraphDocument => ({ ...blankDocument("g"), models });

  it("points OpenAI profiles without a base URL at the configured one", () => {
    const doc = withModels([
      { id: "a", provider: "openai", model: "gpt", fallbacks: [], tool_calling: true },
      { id: "b", provider: "openai", model: "gpt", base_url: "https://openrouter.ai/api/v1", fallbacks: [], tool_calling: true },
      { id: "c", provider: "anthropic", model: "claude", fallbacks: [], tool_calling: true },
    ]);
    const out = withProviderDefaults(doc, { openaiBaseUrl: "http://localhost:11434/v1" });
    expect(out.models.map((m) => m.base_url)).toEqual(["http://localhost:11434/v1", "https://openrouter.ai/api/v1", undefined]);
    expect(withProviderDefaults(doc, { openaiBaseUrl: null })).toBe(doc);
  });
});

describe("readCredentials", () => {
  it("reads the keys and the base URL by their setting names", async () => {
    const secrets: Record<string, string> = { openai: "k1" };
    const settings: Record<string, unknown> = { "openai.base_url": "http://localhost:1234/v1" };
    const read = await readCredentials({
      secrets: { reveal: async (name) => secrets[name] },
      settings: { get: async <T>(key: string, fallback: T) => (settings[key] as T | undefined) ?? fallback },
    });
    expect(read).toEqual({ openai: "k1", anthropic: null, openaiBaseUrl: "http://localhost:1234/v1" });
  });
});

describe("a key saved for another host", () => {
  const saved = creds({ openaiBaseUrl: "https://api.example.com/v1" });

  it("says which host the key is saved for and which the model calls, instead of 'no key'", () => {
    const scope = keyScope(profile("openai", "http://127.0.0.1:9999/v1"), saved);
    expect(scope).toEqual({ status: "other_host", keyOrigin: "https://api.example.com", target: "http://127.0.0.1:9999" });
    const getKey = keySource(saved);
    const model = { id: "gpt", provider: "openai", model: "gpt", base_url: "http://127.0.0.1:9999/v1", fallbacks: [], tool_calling: true } as ModelProfile;
    let thrown: unknown;
    try {
      void getKey("openai", model);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ModelError);
    expect((thrown as ModelError).message).toBe(
      "The OpenAI key is saved for api.example.com, but this model calls http://127.0.0.1:9999, so the key was not sent. " +
        "Allow http://127.0.0.1:9999 for the OpenAI key in Settings (Hosts allowed for the OpenAI key), or point the model at api.example.com.",
    );
  });

  it("still says 'no key' when none is saved", () => {
    expect(keyScope(profile("openai", "http://127.0.0.1:9999/v1"), creds({ openai: null }))).toEqual({ status: "none" });
    expect(keySource(creds({ openai: null }))("openai", { id: "gpt", provider: "openai", base_url: "http://127.0.0.1:9999/v1" } as ModelProfile)).toBeNull();
  });

  it("gives the key to a host the user allowed for it, and only for that provider", () => {
    const allowed = { ...saved, allowedHosts: { openai: ["http://127.0.0.1:9999"] } };
    expect(scopedKey(profile("openai", "http://127.0.0.1:9999/v1"), allowed)).toBe("sk-openai");
    expect(scopedKey(profile("openai", "https://127.0.0.1:9999/v1"), allowed)).toBeNull();
    expect(scopedKey(profile("anthropic", "http://127.0.0.1:9999"), allowed)).toBeNull();
    expect(scopedKey(profile("openai"), allowed)).toBe("sk-openai");
  });

  it("reads the allowed hosts from settings, keeping only lists of strings", async () => {
    const settings: Record<string, unknown> = { "keys.allowed_hosts": { openai: ["http://127.0.0.1:9999", 4], anthropic: "nope" } };
    const read = await readCredentials({
      secrets: { reveal: async () => undefined },
      settings: { get: async <T>(key: string, fallback: T) => (settings[key] as T | undefined) ?? fallback },
    });
    expect(read.allowedHosts).toEqual({ openai: ["http://127.0.0.1:9999"] });
  });
});
