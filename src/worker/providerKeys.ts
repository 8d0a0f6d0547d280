/**
 * Provider keys for the run worker, scoped by host: a key goes only to the host it was
 * saved for. The OpenAI key belongs to the configured OpenAI base URL (the official API
 * when none is set); the Anthropic key belongs to the official Anthropic API.
 */
import { ANTHROPIC_DEFAULT_BASE_URL, OPENAI_DEFAULT_BASE_URL, type KeySource } from "../models/index.js";
import type { GraphDocument, ModelProfile } from "../schema/index.js";
import { OPENAI_BASE_URL_SETTING, PROVIDER_SECRETS } from "./protocol";

export interface ProviderCredentials {
  openai: string | null;
  anthropic: string | null;
  /** The OpenAI-compatible base URL from settings; null for the official API. */
  openaiBaseUrl: string | null;
}

/** The origin (scheme, host, port) of a URL, or null when it is not an http(s) URL. */
function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The key a profile may use, or null. The profile's endpoint (its `base_url`, or the
 * provider's official API) must have the same origin as the endpoint the key was saved
 * for, so an OpenAI key never reaches an OpenRouter profile and an http:// look-alike
 * of the right host gets nothing either.
 * @example scopedKey({ provider: "openai", base_url: "https://openrouter.ai/api/v1", … }, creds) // null
 */
export function scopedKey(profile: Pick<ModelProfile, "provider" | "base_url">, credentials: ProviderCredentials): string | null {
  switch (profile.provider) {
    case "openai": {
      if (!credentials.openai) return null;
      const keyOrigin = originOf(credentials.openaiBaseUrl ?? OPENAI_DEFAULT_BASE_URL);
      const target = originOf(profile.base_url ?? credentials.openaiBaseUrl ?? OPENAI_DEFAULT_BASE_URL);
      return keyOrigin !== null && target === keyOrigin ? credentials.openai : null;
    }
    case "anthropic": {
      if (!credentials.anthropic) return null;
      const target = originOf(profile.base_url ?? ANTHROPIC_DEFAULT_BASE_URL);
      return target === originOf(ANTHROPIC_DEFAULT_BASE_URL) ? credentials.anthropic : null;
    }
    case "scripted":
      return null;
    default: {
      const never: never = profile.provider;
      throw new Error(`Unknown model provider: ${String(never)}`);
    }
  }
}

/**
 * The document as the worker runs it: OpenAI profiles without their own `base_url` use
 * the base URL from settings, so "OpenAI base URL" points every such profile at
 * Ollama, LM Studio or a proxy. Other profiles are untouched.
 */
export function withProviderDefaults(document: GraphDocument, credentials: Pick<ProviderCredentials, "openaiBaseUrl">): GraphDocument {
  const baseUrl = credentials.openaiBaseUrl;
  if (!baseUrl || !document.models.some((m) => m.provider === "openai" && !m.base_url)) return document;
  return { ...document, models: document.models.map((m) => (m.provider === "openai" && !m.base_url ? { ...m, base_url: baseUrl } : m)) };
}

/** Where the worker reads credentials: the workspace's secrets and settings. */
export interface CredentialStore {
  secrets: { reveal(name: string): Promise<string | undefined> };
  settings: { get<T>(key: string, fallback: T): Promise<T> };
}

/** Reads the credentials once per run (a key saved mid-run applies from the next run). */
export async function readCredentials(store: CredentialStore): Promise<ProviderCredentials> {
  const [openai, anthropic, openaiBaseUrl] = await Promise.all([
    store.secrets.reveal(PROVIDER_SECRETS.openai),
    store.secrets.reveal(PROVIDER_SECRETS.anthropic),
    store.settings.get<string | null>(OPENAI_BASE_URL_SETTING, null),
  ]);
  return { openai: openai ?? null, anthropic: anthropic ?? null, openaiBaseUrl: typeof openaiBaseUrl === "string" && openaiBaseUrl ? openaiBaseUrl : null };
}

/** The `getKey` the model resolver calls for each request. */
export function keySource(credentials: ProviderCredentials): KeySource {
  return (_provider, profile) => scopedKey(profile, credentials);
}
