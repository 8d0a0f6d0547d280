/**
 * n8n chat model sub-nodes (`lmChat*`) as model profiles, and credentials as notes. A profile
 * keeps the provider, model and temperature; keys never come along (n8n exports hold only a
 * credential's name, and nothing else of a credential object is read): the note says which key
 * to set in Settings.
 */
import type { GraphBuilder } from "../builder.js";
import type { N8nNode } from "./workflow.js";
import { num, rec, str } from "./workflow.js";

/** What a chat model node became. */
export interface ProfileResult {
  profile: string;
  /** Empty when mapped as is; else why it is approximated. */
  reason: string;
}

/** OpenAI-compatible providers n8n has a node for, with their public endpoint (keys here are scoped by host). */
const COMPATIBLE: Record<string, { label: string; baseUrl?: string; model: string }> = {
  lmChatGroq: { label: "Groq", baseUrl: "https://api.groq.com/openai/v1", model: "llama-3.3-70b-versatile" },
  lmChatDeepSeek: { label: "DeepSeek", baseUrl: "https://api.deepseek.com/v1", model: "deepseek-chat" },
  lmChatOpenRouter: { label: "OpenRouter", baseUrl: "https://openrouter.ai/api/v1", model: "openai/gpt-4o-mini" },
  lmChatMistralCloud: { label: "Mistral", baseUrl: "https://api.mistral.ai/v1", model: "mistral-small-latest" },
  lmChatXAiGrok: { label: "xAI", baseUrl: "https://api.x.ai/v1", model: "grok-2-latest" },
  lmChatOllama: { label: "Ollama", baseUrl: "http://localhost:11434/v1", model: "llama3.2" },
  lmChatAzureOpenAi: { label: "Azure OpenAI", model: "gpt-4o-mini" },
  lmChatGoogleGemini: { label: "Google Gemini", model: "gemini-1.5-flash" },
  lmChatGoogleVertex: { label: "Google Vertex AI", model: "gemini-1.5-flash" },
  lmChatAwsBedrock: { label: "AWS Bedrock", model: "anthropic.claude-3-5-sonnet" },
};

/** The short type of a node (`@n8n/n8n-nodes-langchain.lmChatOpenAi` → `lmChatOpenAi`). */
export const shortType = (type: string): string => type.slice(type.lastIndexOf(".") + 1);

/** A model parameter: a plain string, or a resource locator `{ __rl, value, cachedResultName }` (lmChatOpenAi v1.2+, Anthropic v1.3+). */
function modelName(value: unknown): string {
  if (typeof value === "string") return value.startsWith("=") ? "" : value;
  const locator = rec(value);
  return str(locator.value).startsWith("=") ? "" : str(locator.value) || str(locator.cachedResultName);
}

/** A temperature within our range, or undefined. */
function temperatureOf(options: Record<string, unknown>): number | undefined {
  const t = num(options.temperature);
  return t === undefined ? undefined : Math.min(2, Math.max(0, t));
}

/** Says which credential the source used and what to set here instead. */
export function credentialNote(builder: GraphBuilder, node: N8nNode, what: string): void {
  for (const credential of node.credentials) {
    builder.note(`Node "${node.name}" used the n8n credential "${credential.name}" (${credential.type}): ${what}`);
  }
}

/**
 * A model profile for a chat model node.
 * @example profileOf(builder, node) // { profile: "openai-gpt-4o-mini", reason: "" }
 */
export function profileOf(builder: GraphBuilder, node: N8nNode): ProfileResult {
  // The older completion models (`lmOpenAi`, `lmOllama`) map as their chat counterparts do.
  const type = shortType(node.type).replace(/^lm(?!Chat)/, "lmChat");
  const params = node.parameters;
  const options = rec(params.options);
  const temperature = temperatureOf(options);
  const maxTokens = num(options.maxTokens) ?? num(options.maxTokensToSample);
  const common = {
    ...(temperature === undefined ? {} : { temperature }),
    ...(maxTokens !== undefined && Number.isInteger(maxTokens) && maxTokens > 0 && maxTokens <= 1_000_000 ? { max_tokens: maxTokens } : {}),
  };
  if (type === "lmChatAnthropic") {
    const model = modelName(params.model) || "claude-3-5-sonnet-20240620";
    credentialNote(builder, node, "set an Anthropic key in Settings");
    return { profile: builder.profile({ provider: "anthropic", model: model.slice(0, 200), ...common }), reason: "" };
  }
  if (type === "lmChatOpenAi") {
    const model = modelName(params.model) || "gpt-4o-mini";
    const baseUrl = str(options.baseURL);
    credentialNote(builder, node, "set an OpenAI key in Settings");
    if (baseUrl) {
      // A custom endpoint: its URL is not carried over (it may hold a token); the report says so.
      return {
        profile: builder.profile({ provider: "openai", model: model.slice(0, 200), ...common }),
        reason: "its custom base URL was not carried over; set it on the profile",
      };
    }
    return { profile: builder.profile({ provider: "openai", model: model.slice(0, 200), ...common }), reason: "" };
  }
  const known = COMPATIBLE[type];
  const model = (modelName(params.model) || modelName(params.modelName) || known?.model || "gpt-4o-mini").replace(/^models\//, "");
  const label = known?.label ?? type;
  credentialNote(builder, node, `set the ${label} key in Settings for its profile`);
  const profile = builder.profile({ provider: "openai", model: model.slice(0, 200), ...common, ...(known?.baseUrl ? { base_url: known.baseUrl } : {}) });
  return {
    profile,
    reason: known?.baseUrl
      ? `${label} is reached through its OpenAI-compatible endpoint`
      : `${label} has no provider here: an OpenAI-compatible profile without a base URL; set one that serves "${model}"`,
  };
}
