/**
 * Model choices and credentials of Langflow components. An Agent names its provider in
 * `agent_llm` (or, in newer exports, a `model` list); model components (OpenAIModel,
 * AnthropicModel, LanguageModelComponent, OllamaModel, …) in their type or `provider` field.
 * Both become model profiles. Keys are never read: a credential field only says that a key must
 * be set in Settings, and URLs lose their user, password and query on the way in.
 */
import type { GraphBuilder } from "../builder.js";
import { clampText } from "../builder.js";
import { fieldNumber, fieldText, isObject, str, type LangflowNode } from "./shape.js";

/** The profile a component asks for, and why it is only close when it is. */
export interface ModelChoice {
  provider: "openai" | "anthropic";
  model: string;
  temperature?: number;
  max_tokens?: number;
  base_url?: string;
  /** Empty when the choice maps as is. */
  approximation: string;
}

/** Model components by type; `LanguageModelComponent` and agents say their provider in a field. */
const COMPONENT_PROVIDERS: Readonly<Record<string, string>> = {
  OpenAIModel: "OpenAI",
  AnthropicModel: "Anthropic",
  OllamaModel: "Ollama",
  GroqModel: "Groq",
  AzureOpenAIModel: "Azure OpenAI",
  GoogleGenerativeAIModel: "Google Generative AI",
  MistralModel: "Mistral",
  OpenRouterComponent: "OpenRouter",
  LMStudioModel: "LM Studio",
  DeepSeekModelComponent: "DeepSeek",
  NVIDIAModelComponent: "NVIDIA",
  AmazonBedrockModel: "Amazon Bedrock",
};

const DEFAULT_MODELS = { openai: "gpt-4o-mini", anthropic: "claude-3-5-sonnet-latest" } as const;

/** True for a component that is a chat model (its output may also be a whole LLM step). */
export function isModelComponent(node: LangflowNode): boolean {
  return node.type in COMPONENT_PROVIDERS || node.type === "LanguageModelComponent" || /Model(Component)?$/.test(node.type);
}

/**
 * An http(s) URL without what may be a credential (user, password, query, fragment); null when
 * it is not one. `dropped` says whether anything was taken out.
 * @example safeUrl("https://me:sk-1@llm.example/v1?key=sk-1") // { url: "https://llm.example/v1", dropped: true }
 */
export function safeUrl(raw: string): { url: string; dropped: boolean } | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const dropped = url.username !== "" || url.password !== "" || url.search !== "" || url.hash !== "";
  url.username = "";
  url.password = "";
  url.search = "";
  url.hash = "";
  const text = url.toString();
  return text.length > 2_000 ? null : { url: text, dropped };
}

/** The provider name and model a component chose: type, `agent_llm`/`provider` fields, or a newer `model` list. */
function providerAndModel(node: LangflowNode): { label: string; model: string } {
  const list = node.fields.get("model")?.value;
  const first = Array.isArray(list) ? list.find(isObject) : undefined;
  if (first) return { label: str(first.provider), model: str(first.name) };
  const label = COMPONENT_PROVIDERS[node.type] ?? (fieldText(node, "agent_llm") || fieldText(node, "provider"));
  return { label, model: fieldText(node, "model_name") || fieldText(node, "model") };
}

/**
 * The model profile settings of an Agent or a model component; null for an Agent whose model
 * comes from a connected model component (`agent_llm` "Custom" / "Connect other models").
 */
export function modelChoice(node: LangflowNode): ModelChoice | null {
  const { label, model } = providerAndModel(node);
  if (node.type === "Agent" && /custom|connect/i.test(label)) return null;
  const lower = label.toLowerCase();
  const provider = lower === "anthropic" ? "anthropic" : "openai";
  const reasons: string[] = [];
  const choice: ModelChoice = { provider, model: clampText(model.trim(), 200), approximation: "" };
  if (choice.model === "") {
    choice.model = DEFAULT_MODELS[provider];
    reasons.push(`no model was named; ${choice.model} is set`);
  }
  const temperature = fieldNumber(node, "temperature");
  if (temperature !== undefined) choice.temperature = Math.min(2, Math.max(0, temperature));
  const maxTokens = fieldNumber(node, "max_tokens");
  if (maxTokens !== undefined && Number.isInteger(maxTokens) && maxTokens > 0 && maxTokens <= 1_000_000) choice.max_tokens = maxTokens;
  const base = fieldText(node, "openai_api_base") || fieldText(node, "base_url") || fieldText(node, "anthropic_api_url");
  const url = base ? safeUrl(base) : null;
  if (lower === "") {
    // Langflow's Agent starts on OpenAI; a component that names no provider is read as one.
    reasons.push("no provider was named; OpenAI is assumed");
    if (url) choice.base_url = url.url;
  } else if (lower === "openai" || lower === "anthropic") {
    // The provider's own endpoint is the default here; only a proxy or compatible server is kept.
    if (url && !/^https:\/\/api\.(openai|anthropic)\.com(\/|$)/.test(url.url)) choice.base_url = url.url;
  } else if (lower === "ollama" && url) {
    // Ollama serves the OpenAI protocol under /v1.
    choice.base_url = `${url.url.replace(/\/+$/, "")}/v1`;
    reasons.push(`Ollama is reached through its OpenAI-compatible endpoint ${choice.base_url}`);
  } else {
    reasons.push(
      `${label || "an unnamed provider"} is not a provider here: the profile is OpenAI-compatible with no base URL; set the provider's OpenAI-compatible URL in the profile`,
    );
  }
  if (url?.dropped) reasons.push("the base URL's user, password or query were left out");
  choice.approximation = reasons.join("; ");
  return choice;
}

/** Adds the profile for `choice` (identical settings share one) and returns its id. */
export function addProfile(builder: GraphBuilder, choice: ModelChoice): string {
  const { approximation: _approximation, ...settings } = choice;
  return builder.profile(settings);
}

const PROVIDER_WORDS: Readonly<Record<string, string>> = { openai: "OpenAI", anthropic: "Anthropic" };

/**
 * Whole-graph notes for the credential fields a component has set: the field is named, its
 * value never read. Model keys go to Settings; tools' keys to the named secret given.
 */
export function noteCredentials(builder: GraphBuilder, node: LangflowNode, where: string): void {
  for (const [name, field] of node.fields) {
    if (!field.secret || field.value === undefined || field.value === null || field.value === "") continue;
    if (name === "tools_metadata") continue;
    builder.note(`${node.name} (${node.type}) had a credential in "${field.label}"; it was not copied: ${where}`);
  }
}

/** Where an Agent's or model component's key goes. */
export function modelKeyNote(choice: ModelChoice | null): string {
  if (!choice) return "set the key of the connected model's provider in Settings";
  return choice.approximation.includes("not a provider here")
    ? "set the provider's key as the OpenAI key in Settings (the profile is OpenAI-compatible)"
    : `set the ${PROVIDER_WORDS[choice.provider] ?? choice.provider} key in Settings`;
}
