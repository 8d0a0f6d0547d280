/** Builds the LangChain chat model for an OpenAI-compatible profile (OpenAI, Ollama, LM Studio, vLLM, OpenRouter). */
import { ChatOpenAI, ChatOpenAICompletions } from "@langchain/openai";
import type { ModelProfile } from "../schema/index.js";
import { OPENAI_DEFAULT_BASE_URL, type ProviderModelOptions } from "./endpoints.js";

/**
 * A streaming OpenAI chat model with SDK and LangChain retries off: `resilientModel` retries,
 * so attempts and delays stay under one policy.
 *
 * With a `base_url` the Chat Completions API is used whatever the model's name: ChatOpenAI
 * would switch some model names (`*codex*`, `gpt-5.x-pro`) to the Responses API, which
 * OpenAI-compatible servers such as Ollama or vLLM do not serve.
 *
 * @example
 * const chat = createOpenAIModel({ id: "fast", provider: "openai", model: "gpt-4o-mini", fallbacks: [], tool_calling: true }, { apiKey });
 * for await (const chunk of await chat.stream("Hi")) console.log(chunk.content);
 */
export function createOpenAIModel(profile: ModelProfile, opts: ProviderModelOptions): ChatOpenAI | ChatOpenAICompletions {
  const temperature = opts.temperature ?? profile.temperature;
  const fields = {
    model: profile.model,
    apiKey: opts.apiKey,
    streaming: true,
    // Sends `stream_options: { include_usage: true }`: the stream then ends with the call's usage.
    streamUsage: true,
    maxRetries: 0,
    ...(temperature !== undefined ? { temperature } : {}),
    ...(profile.max_tokens !== undefined ? { maxTokens: profile.max_tokens } : {}),
    configuration: {
      dangerouslyAllowBrowser: true,
      maxRetries: 0,
      // SDK logs could echo request details; failures surface as ModelErrors instead.
      logLevel: "off" as const,
      baseURL: profile.base_url ?? OPENAI_DEFAULT_BASE_URL,
      ...(opts.fetch ? { fetch: opts.fetch } : {}),
    },
  };
  return profile.base_url ? new ChatOpenAICompletions(fields) : new ChatOpenAI(fields);
}
