/** The model providers behind the engine's `ModelResolver` port: OpenAI-compatible, Anthropic, retries and fallbacks. */
// The provider clients (openai.ts, anthropic.ts) are loaded by providerModel.ts on a profile's first call.
export { OPENAI_DEFAULT_BASE_URL, ANTHROPIC_DEFAULT_BASE_URL, ANTHROPIC_DEFAULT_MAX_TOKENS, type ProviderModelOptions } from "./endpoints.js";
export { classifyError, redact, retryAfterMsOf, retryAfterFromHeaders, type ModelErrorCause } from "./errors.js";
export { providerModel, toOpenAITools, type KeySource, type KeyedProvider, type ProviderPortOptions } from "./providerModel.js";
export {
  resilientModel,
  delayMs,
  DEFAULT_RETRY,
  DEFAULT_STALL_TIMEOUT_MS,
  DEFAULT_FIRST_BYTE_TIMEOUT_MS,
  DEFAULT_TOTAL_TIMEOUT_MS,
  type FallbackInfo,
  type ResilientOptions,
  type ResilientTarget,
  type RetryPolicy,
  type Sleep,
} from "./resilient.js";
export { createModelResolver, type ModelResolverOptions } from "./resolver.js";
export { createScriptedModel } from "./scripted.js";
export {
  createEmbedder,
  documentEmbedders,
  embeddingsPort,
  embeddingEndpoint,
  embeddingSignature,
  type Embedder,
  type EmbedderOptions,
  type KnowledgeEmbedders,
} from "./embeddings.js";
