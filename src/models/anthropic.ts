/** Builds the LangChain chat model for an Anthropic profile, callable straight from the browser. */
import { ChatAnthropic } from "@langchain/anthropic";
import type { ModelProfile } from "../schema/index.js";
import { ANTHROPIC_DEFAULT_BASE_URL, ANTHROPIC_DEFAULT_MAX_TOKENS, type ProviderModelOptions } from "./endpoints.js";

/**
 * A streaming Anthropic chat model. `dangerouslyAllowBrowser` makes the SDK send
 * `anthropic-dangerous-direct-browser-access: true`, without which Anthropic refuses
 * CORS requests from a page. SDK and LangChain retries are off (see `resilientModel`).
 *
 * @example
 * const chat = createAnthropicModel({ id: "claude", provider: "anthropic", model: "claude-sonnet-4-5", fallbacks: [], tool_calling: true }, { apiKey });
 */
export function createAnthropicModel(profile: ModelProfile, opts: ProviderModelOptions): ChatAnthropic {
  const temperature = opts.temperature ?? profile.temperature;
  return new ChatAnthropic({
    model: profile.model,
    apiKey: opts.apiKey,
    streaming: true,
    // Usage from `message_start` (input, cache reads and writes) and `message_delta` (output).
    streamUsage: true,
    maxRetries: 0,
    maxTokens: profile.max_tokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS,
    ...(temperature !== undefined ? { temperature } : {}),
    anthropicApiUrl: profile.base_url ?? ANTHROPIC_DEFAULT_BASE_URL,
    clientOptions: {
      dangerouslyAllowBrowser: true,
      maxRetries: 0,
      logLevel: "off",
      ...(opts.fetch ? { fetch: opts.fetch } : {}),
    },
  });
}
