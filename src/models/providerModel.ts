/** One streamed attempt against a real provider: reads the key, builds the model, classifies failures. */
import type { AIMessageChunk, BaseMessage } from "@langchain/core/messages";
import { ModelError, type ChatModelPort, type ModelCallOptions, type ToolSpec } from "../engine/index.js";
import type { ModelProfile } from "../schema/index.js";
import { ANTHROPIC_DEFAULT_BASE_URL, OPENAI_DEFAULT_BASE_URL, type ProviderModelOptions } from "./endpoints.js";
import { classifyError } from "./errors.js";
import { carriesReply, silentReplyError, watchResponses, type ResponseSeen } from "./silentReply.js";
import { errorMessage } from "../schema/errorMessage.js";

export type KeyedProvider = Exclude<ModelProfile["provider"], "scripted">;

/**
 * Looks up the API key at call time, so a key added in Settings works at once and no
 * long-lived object holds it. The profile is passed so a store can scope keys by
 * `base_url` host (an OpenAI key should not go to an OpenRouter profile).
 */
export type KeySource = (provider: KeyedProvider, profile: ModelProfile) => string | null | undefined | Promise<string | null | undefined>;

export interface ProviderPortOptions {
  getKey: KeySource;
  fetch?: typeof fetch;
}

const PROVIDER_LABEL: Record<KeyedProvider, string> = { openai: "OpenAI", anthropic: "Anthropic" };

/** Tools in the OpenAI function format, which both LangChain integrations accept. */
export function toOpenAITools(tools: readonly ToolSpec[]) {
  return tools.map((t) => ({
    type: "function" as const,
    function: { name: t.name, description: t.description, parameters: t.parameters },
  }));
}

/**
 * A `ChatModelPort` that makes exactly one streaming request per call (no retries,
 * no fallback: see `resilientModel`). Throws `ModelError` only, with the key redacted.
 *
 * @example
 * const port = providerModel(profile, { getKey: (p) => secrets.get(p) });
 * for await (const chunk of port.stream(messages, { tools: [], state: {} })) ...
 */
export function providerModel(profile: ModelProfile & { provider: KeyedProvider }, opts: ProviderPortOptions): ChatModelPort {
  return {
    profileId: profile.id,
    provider: profile.provider,
    supportsTools: profile.tool_calling,
    stream: (messages, options) => streamOnce(profile, opts, messages, options),
  };
}

async function* streamOnce(
  profile: ModelProfile & { provider: KeyedProvider },
  opts: ProviderPortOptions,
  messages: BaseMessage[],
  options: ModelCallOptions,
): AsyncGenerator<AIMessageChunk> {
  const { signal } = options;
  const apiKey = await readKey(profile, opts.getKey);
  const seen: ResponseSeen = {};
  const modelOptions: ProviderModelOptions = {
    apiKey,
    ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
    fetch: watchResponses(opts.fetch, seen),
  };
  let replied = false;
  const withTools = profile.tool_calling && options.tools.length > 0;
  try {
    signal?.throwIfAborted();
    // Each SDK loads on its provider's first call: a graph on the scripted model never parses them.
    const chat =
      profile.provider === "openai"
        ? (await import("./openai.js")).createOpenAIModel(profile, modelOptions)
        : (await import("./anthropic.js")).createAnthropicModel(profile, modelOptions);
    const runnable = withTools ? chat.bindTools(toOpenAITools(options.tools)) : chat;
    const stream = await runnable.stream(messages, signal ? { signal } : {});
    for await (const chunk of stream) {
      replied ||= carriesReply(chunk);
      yield chunk;
    }
  } catch (err) {
    // The SDKs report a cancelled request in several shapes; the signal is the truth.
    if (signal?.aborted) throw new ModelError("aborted", "The model call was cancelled", { profileId: profile.id });
    throw classifyError(err, profile.id, [apiKey], { baseUrl: baseUrlOf(profile), midReply: replied });
  }
  // Both SDK streams end quietly, without an error, when their request is aborted.
  if (signal?.aborted) throw new ModelError("aborted", "The model call was cancelled", { profileId: profile.id });
  if (!replied) throw silentReplyError(profile.id, baseUrlOf(profile), seen, profile.provider);
}

/** The address requests of this profile go to, as the user wrote it in Settings. */
function baseUrlOf(profile: ModelProfile & { provider: KeyedProvider }): string {
  return profile.base_url ?? (profile.provider === "openai" ? OPENAI_DEFAULT_BASE_URL : ANTHROPIC_DEFAULT_BASE_URL);
}

async function readKey(profile: ModelProfile & { provider: KeyedProvider }, getKey: KeySource): Promise<string> {
  const label = PROVIDER_LABEL[profile.provider];
  let key: string | null | undefined;
  try {
    key = await getKey(profile.provider, profile);
  } catch (err) {
    // A key source that knows why there is no key for this profile (saved for another host) says so itself.
    if (err instanceof ModelError) throw err;
    const reason = errorMessage(err);
    throw new ModelError("missing_key", `Could not read the API key for ${label}: ${reason}`, { profileId: profile.id });
  }
  if (!key || !key.trim()) {
    throw new ModelError("missing_key", `No API key for ${label}: add it in Settings`, { profileId: profile.id });
  }
  return key.trim();
}
