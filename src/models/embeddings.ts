/**
 * Embeddings for knowledge bases: texts to vectors through an OpenAI-compatible `/embeddings`
 * endpoint (OpenAI, Ollama, LM Studio, vLLM…) with LangChain's `OpenAIEmbeddings`, built here
 * and nowhere else. The key is read per call and goes only to the profile's endpoint; a failure
 * is a key-free `ModelError` naming the profile and the host.
 */
import type { OpenAIEmbeddings } from "@langchain/openai";
import { ModelError, type EmbeddingsPort } from "../engine/index.js";
import type { GraphDocument, KnowledgeBase, ModelProfile } from "../schema/index.js";
import { classifyError, redact } from "./errors.js";
import { OPENAI_DEFAULT_BASE_URL } from "./endpoints.js";
import type { KeySource } from "./providerModel.js";
import { errorMessage } from "../schema/errorMessage.js";

/** Turns texts into vectors with one model at one endpoint. */
export interface Embedder {
  profileId: string;
  model: string;
  /** Where requests go: the profile's base URL, or OpenAI's API. */
  endpoint: string;
  /** `model` at `endpoint`: vectors compare only with vectors of the same signature. */
  signature: string;
  /** `model profile "emb" (text-embedding-3-small at 127.0.0.1:11434)`, for messages. */
  label: string;
  /** One vector per text, in order, all of one length; one request for all the texts. */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

export interface EmbedderOptions {
  /** Replaces the global `fetch` (tests, proxies). */
  fetch?: typeof fetch;
  /** Retries of a failed request that may succeed later (rate limit, server error); 0 by default. */
  retries?: number;
}

/** The endpoint a profile's requests go to. */
export function embeddingEndpoint(profile: Pick<ModelProfile, "base_url">): string {
  return (profile.base_url ?? OPENAI_DEFAULT_BASE_URL).replace(/\/+$/, "");
}

/**
 * What vectors made with `profile` are compatible with: its model at its endpoint.
 * @example embeddingSignature({ model: "nomic-embed-text", base_url: "http://127.0.0.1:11434/v1" }) // "nomic-embed-text @ http://127.0.0.1:11434/v1"
 */
export function embeddingSignature(profile: Pick<ModelProfile, "model" | "base_url">): string {
  return `${profile.model} @ ${embeddingEndpoint(profile)}`;
}

function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return endpoint;
  }
}

/**
 * LangChain's client for one call: no LangChain or SDK retries beyond `retries`, floats on the
 * wire (many compatible servers do not send base64), requests cancelled with `signal`.
 */
async function embeddingsClient(profile: ModelProfile, apiKey: string, options: EmbedderOptions, signal: AbortSignal | undefined): Promise<OpenAIEmbeddings> {
  // The SDK loads on the first call: a document without an embeddings model never parses it.
  const { OpenAIEmbeddings } = await import("@langchain/openai");
  const base = options.fetch ?? fetch;
  const boundFetch: typeof fetch = (input, init) =>
    base(input, { ...init, signal: signal && init?.signal ? AbortSignal.any([signal, init.signal]) : (signal ?? init?.signal ?? null) });
  return new OpenAIEmbeddings({
    model: profile.model,
    apiKey,
    encodingFormat: "float",
    maxRetries: options.retries ?? 0,
    maxConcurrency: 1,
    timeout: profile.total_timeout_ms ?? 90_000,
    configuration: {
      baseURL: embeddingEndpoint(profile),
      dangerouslyAllowBrowser: true,
      maxRetries: 0,
      // SDK logs could echo request details; failures surface as ModelErrors instead.
      logLevel: "off",
      fetch: boundFetch,
    },
  });
}

/** The answer as vectors, or why it cannot be used. */
function vectorsOf(answer: unknown, count: number, fail: (detail: string) => ModelError): Float32Array[] {
  if (!Array.isArray(answer) || answer.length !== count) {
    throw fail(`it answered ${Array.isArray(answer) ? answer.length : "no list of"} vectors for ${count} texts`);
  }
  let dimensions = -1;
  return answer.map((vector: unknown, i) => {
    if (!Array.isArray(vector) && !(vector instanceof Float32Array)) throw fail(`vector ${i + 1} is not a list of numbers`);
    const numbers = Float32Array.from(vector as ArrayLike<number>);
    if (numbers.length === 0 || numbers.some((n) => !Number.isFinite(n))) throw fail(`vector ${i + 1} is empty or holds something other than numbers`);
    if (dimensions !== -1 && numbers.length !== dimensions) throw fail(`its vectors differ in length (${dimensions} and ${numbers.length} numbers)`);
    dimensions = numbers.length;
    return numbers;
  });
}

/**
 * An embedder for an OpenAI-compatible profile: `profile.model` is the embeddings model.
 * @example
 * const embedder = createEmbedder(profile, () => key);
 * const [vector] = await embedder.embed(["When are refunds issued?"], signal);
 */
export function createEmbedder(profile: ModelProfile, getKey: KeySource, options: EmbedderOptions = {}): Embedder {
  const endpoint = embeddingEndpoint(profile);
  const label = `model profile "${profile.id}" (${profile.model} at ${hostOf(endpoint)})`;
  const failure = (kind: ConstructorParameters<typeof ModelError>[0], detail: string, status?: number) =>
    new ModelError(kind, `Embedding with ${label} failed: ${detail}`, { profileId: profile.id, ...(status !== undefined ? { status } : {}) });
  return {
    profileId: profile.id,
    model: profile.model,
    endpoint,
    signature: embeddingSignature(profile),
    label,
    async embed(texts, signal) {
      if (profile.provider !== "openai") throw failure("bad_request", `embeddings need an OpenAI-compatible profile, not a ${profile.provider} one`);
      signal?.throwIfAborted();
      let key: string | null | undefined;
      try {
        key = await getKey("openai", profile);
      } catch (error) {
        if (error instanceof ModelError) throw failure("missing_key", error.message);
        throw failure("missing_key", `its API key could not be read (${errorMessage(error)})`);
      }
      if (!key?.trim()) throw failure("missing_key", "no OpenAI API key is available for it");
      const apiKey = key.trim();
      if (texts.length === 0) return [];
      let answer: unknown;
      try {
        answer = await (await embeddingsClient(profile, apiKey, options, signal)).embedDocuments([...texts]);
      } catch (error) {
        if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new DOMException("Embedding was cancelled", "AbortError");
        const classified = classifyError(error, profile.id, [apiKey], { baseUrl: endpoint });
        throw failure(classified.kind, classified.message, classified.details.status);
      }
      signal?.throwIfAborted();
      return vectorsOf(answer, texts.length, (detail) =>
        failure("invalid_response", redact(`${endpoint} sent vectors that cannot be used: ${detail}`, [apiKey])),
      );
    },
  };
}

/** A knowledge base's embedder: null for a base without an embeddings profile; why not, when its profile cannot embed. */
export type KnowledgeEmbedders = (base: Pick<KnowledgeBase, "name" | "embedding_profile">) => Embedder | { unavailable: string } | null;

/**
 * The embedders of a document's knowledge bases, from its model profiles (with provider
 * defaults already applied) and the key source the chat models use.
 * @example const embedderOf = documentEmbedders(document, getKey); embedderOf(document.knowledge_bases[0])
 */
export function documentEmbedders(document: Pick<GraphDocument, "models">, getKey: KeySource, options: EmbedderOptions = {}): KnowledgeEmbedders {
  return (base) => {
    const id = base.embedding_profile;
    if (id === undefined) return null;
    const profile = document.models.find((m) => m.id === id);
    if (!profile) return { unavailable: `its embeddings model profile "${id}" does not exist in this graph` };
    if (profile.provider !== "openai")
      return { unavailable: `its embeddings model profile "${id}" is a ${profile.provider} profile, not an OpenAI-compatible one` };
    return createEmbedder(profile, getKey, options);
  };
}

/**
 * The evaluations' embeddings port: any OpenAI-compatible profile of the graph embeds, with the
 * key `getKey` reads at call time (so it goes only to that profile's endpoint).
 * @example const services = { ...nodeServices(document), embeddings: embeddingsPort(getKey) };
 */
export function embeddingsPort(getKey: KeySource, options: EmbedderOptions = {}): EmbeddingsPort {
  return { embed: (profile, texts, signal) => createEmbedder(profile, getKey, options).embed(texts, signal) };
}
