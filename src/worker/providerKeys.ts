/**
 * Provider keys for the run worker, scoped by host: a key goes only to the host it was
 * saved for, or to a host the user allowed for it in Settings. The OpenAI key belongs to the
 * configured OpenAI base URL (the official API when none is set); the Anthropic key belongs
 * to the official Anthropic API. A key withheld from a model says so, naming both hosts.
 */
import { ModelError } from "../engine/index.js";
import { ANTHROPIC_DEFAULT_BASE_URL, OPENAI_DEFAULT_BASE_URL, type KeySource } from "../models/index.js";
import type { GraphDocument, ModelProfile } from "../schema/index.js";
import { hostLabel, KEY_HOSTS_SETTING, OPENAI_BASE_URL_SETTING, originOf, PROVIDER_SECRETS, TOOL_SECRET_PREFIX, type KeyHosts } from "./protocol";

export interface ProviderCredentials {
  openai: string | null;
  anthropic: string | null;
  /** The OpenAI-compatible base URL from settings; null for the official API. */
  openaiBaseUrl: string | null;
  /** Origins the user allowed each key to go to, besides its own endpoint. */
  allowedHosts?: KeyHosts;
}

type KeyedProvider = keyof typeof PROVIDER_SECRETS;
const LABEL: Record<KeyedProvider, string> = { openai: "OpenAI", anthropic: "Anthropic" };

/** Whether a profile may use its provider's key, and if not, why. */
export type KeyScope =
  | { status: "allowed"; key: string }
  | { status: "none" }
  /** A key is saved, but for another host than the one this profile calls. */
  | { status: "other_host"; keyOrigin: string; target: string | null };

/**
 * @example keyScope({ provider: "openai", base_url: "http://127.0.0.1:9999/v1" }, creds) // { status: "other_host", keyOrigin: "https://api.openai.com", target: "http://127.0.0.1:9999" }
 */
export function keyScope(profile: Pick<ModelProfile, "provider" | "base_url">, credentials: ProviderCredentials): KeyScope {
  if (profile.provider === "scripted") return { status: "none" };
  const provider: KeyedProvider = profile.provider;
  const key = credentials[provider];
  if (!key) return { status: "none" };
  const home = provider === "openai" ? (credentials.openaiBaseUrl ?? OPENAI_DEFAULT_BASE_URL) : ANTHROPIC_DEFAULT_BASE_URL;
  const keyOrigin = originOf(home);
  const target = originOf(profile.base_url ?? home);
  if (keyOrigin === null) return { status: "none" };
  const allowed = (credentials.allowedHosts?.[provider] ?? []).map(originOf);
  if (target !== null && (target === keyOrigin || allowed.includes(target))) return { status: "allowed", key };
  return { status: "other_host", keyOrigin, target };
}

/**
 * The key a profile may use, or null. The profile's endpoint (its `base_url`, or the
 * provider's official API) must have the same origin as the endpoint the key was saved
 * for, or one the user allowed for that key, so an OpenAI key never reaches an OpenRouter
 * profile and an http:// look-alike of the right host gets nothing either.
 * @example scopedKey({ provider: "openai", base_url: "https://openrouter.ai/api/v1", … }, creds) // null
 */
export function scopedKey(profile: Pick<ModelProfile, "provider" | "base_url">, credentials: ProviderCredentials): string | null {
  const scope = keyScope(profile, credentials);
  return scope.status === "allowed" ? scope.key : null;
}

/**
 * What a model whose key is saved for another host is told: both hosts, and the two ways out.
 * @example otherHostMessage("openai", "https://api.example.com", "http://127.0.0.1:9999")
 */
export function otherHostMessage(provider: KeyedProvider, keyOrigin: string, target: string | null): string {
  const label = LABEL[provider];
  const saved = hostLabel(keyOrigin);
  if (target === null) return `The ${label} key is saved for ${saved}, but this model's base URL is not an http(s) address: set it to ${saved}'s address.`;
  const calls = hostLabel(target);
  return (
    `The ${label} key is saved for ${saved}, but this model calls ${calls}, so the key was not sent. ` +
    `Allow ${calls} for the ${label} key in Settings (Hosts allowed for the ${label} key), or point the model at ${saved}.`
  );
}

/**
 * The document as the worker runs it: OpenAI profiles without their own `base_url` use
 * the base URL from settings, so "OpenAI base URL" points every such profile at
 * Ollama, LM Studio or a proxy. Other profiles are untouched.
 */
export function withProviderDefaults(document: GraphDocument, credentials: Pick<ProviderCredentials, "openaiBaseUrl">): GraphDocument {
  const baseUrl = credentials.openaiBaseUrl;
  if (!baseUrl || !document.models.some((m) => m.provider === "openai" && !m.base_url)) return document;
  return { ...document, models: document.models.map((m) => withProfileDefaults(m, credentials)) };
}

/** One profile as the worker runs it (see `withProviderDefaults`): an embeddings profile the knowledge worker gets alone. */
export function withProfileDefaults(profile: ModelProfile, credentials: Pick<ProviderCredentials, "openaiBaseUrl">): ModelProfile {
  const baseUrl = credentials.openaiBaseUrl;
  return baseUrl && profile.provider === "openai" && !profile.base_url ? { ...profile, base_url: baseUrl } : profile;
}

/** Where the worker reads credentials: the workspace's secrets and settings. */
export interface CredentialStore {
  /**
   * `list` gives the names of every saved secret (the redactor learns tool secrets from it);
   * `revealAll` every value in one read (the workspace's store), instead of a read per name.
   */
  secrets: {
    reveal(name: string): Promise<string | undefined>;
    list?(): Promise<{ name: string }[]>;
    revealAll?(): Promise<ReadonlyMap<string, string>>;
  };
  settings: { get<T>(key: string, fallback: T): Promise<T>; set?(key: string, value: unknown): Promise<void> };
}

/** Only lists of strings survive from the stored setting. */
function readHosts(raw: unknown): KeyHosts {
  const out: KeyHosts = {};
  if (raw === null || typeof raw !== "object") return out;
  for (const provider of Object.keys(PROVIDER_SECRETS) as KeyedProvider[]) {
    const list = (raw as Record<string, unknown>)[provider];
    if (Array.isArray(list)) out[provider] = list.filter((h): h is string => typeof h === "string");
  }
  return out;
}

/** Reads the credentials once per run (a key saved mid-run applies from the next run). */
export async function readCredentials(
  store: CredentialStore,
  secrets: Promise<ReadonlyMap<string, string>> = readSecrets(store, Object.values(PROVIDER_SECRETS)),
): Promise<ProviderCredentials> {
  const [saved, openaiBaseUrl, hosts] = await Promise.all([
    secrets,
    store.settings.get<string | null>(OPENAI_BASE_URL_SETTING, null),
    store.settings.get<unknown>(KEY_HOSTS_SETTING, null),
  ]);
  return {
    openai: saved.get(PROVIDER_SECRETS.openai) ?? null,
    anthropic: saved.get(PROVIDER_SECRETS.anthropic) ?? null,
    openaiBaseUrl: typeof openaiBaseUrl === "string" && openaiBaseUrl ? openaiBaseUrl : null,
    ...(hosts !== null ? { allowedHosts: readHosts(hosts) } : {}),
  };
}

/** The `getKey` the model resolver calls for each request; a key saved for another host fails with why. */
export function keySource(credentials: ProviderCredentials): KeySource {
  return (provider, profile) => {
    const scope = keyScope(profile, credentials);
    if (scope.status === "allowed") return scope.key;
    if (scope.status === "other_host") {
      throw new ModelError("missing_key", otherHostMessage(provider, scope.keyOrigin, scope.target), { profileId: profile.id });
    }
    return null;
  };
}

/**
 * The saved values of `names` and of every tool secret (`tool:NAME`), by name: one read of the
 * store when it can give them all at once.
 */
export async function readSecrets(store: CredentialStore, names: readonly string[]): Promise<ReadonlyMap<string, string>> {
  if (store.secrets.revealAll) return store.secrets.revealAll();
  const tools = ((await store.secrets.list?.()) ?? []).map((s) => s.name).filter((name) => name.startsWith(TOOL_SECRET_PREFIX));
  const wanted = [...new Set([...names, ...tools])];
  const values = await Promise.all(wanted.map((name) => store.secrets.reveal(name)));
  return new Map(wanted.flatMap((name, i) => (typeof values[i] === "string" ? [[name, values[i]] as const] : [])));
}

/** The values of every tool secret (`tool:NAME`) among `saved`, for the redactor. */
export function toolSecretValues(saved: ReadonlyMap<string, string>): string[] {
  return [...saved].filter(([name]) => name.startsWith(TOOL_SECRET_PREFIX)).map(([, value]) => value);
}
