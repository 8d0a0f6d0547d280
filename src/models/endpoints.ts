/**
 * Where provider requests go when a profile names no `base_url`, and what one call needs. Kept
 * apart from the provider clients so code that only needs these values does not load the
 * OpenAI and Anthropic SDKs (they load on a profile's first call).
 */

/** Used when an OpenAI profile has no `base_url`: explicit, so no environment variable can send the key elsewhere. */
export const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";

/** Used when an Anthropic profile has no `base_url`: explicit, so neither `ANTHROPIC_BASE_URL` nor a gateway variable can redirect the key. */
export const ANTHROPIC_DEFAULT_BASE_URL = "https://api.anthropic.com";

/** Anthropic requires `max_tokens`; used when the profile does not set it. */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 4096;

/** What a provider model needs for one call; the key is read per call, never stored in the profile. */
export interface ProviderModelOptions {
  apiKey: string;
  /** Overrides the profile's temperature for this call. */
  temperature?: number;
  /** Replaces the global `fetch` (tests, proxies, a host allow-list). */
  fetch?: typeof fetch;
}
