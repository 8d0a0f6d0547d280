/**
 * Flowise chat models (`chatOpenAI`, `chatAnthropic`, `chatOllama`, …, with their settings in a
 * `…ModelConfig` object or a V1 node's inputs) as model profiles. Only the provider, model name,
 * temperature, token limit and a plain endpoint are read: credential ids, keys and proxy settings
 * are never copied; a whole-graph note says which key to set in Settings.
 */
import { LIMITS } from "../../schema/index.js";
import type { GraphBuilder } from "../builder.js";
import { clampText } from "../builder.js";
import { fieldsOf, numberOf, plainField, stringOf, type Fields } from "./values.js";

/** A profile and, when it is not exactly what Flowise ran, why. */
export interface ProfileChoice {
  id: string;
  /** Empty when the profile does what the Flowise model did. */
  approximation: string;
}

const OPENAI = new Set(["chatOpenAI", "chatOpenAICustom", "openAI", "chatOpenAI_LlamaIndex"]);
const ANTHROPIC = new Set(["chatAnthropic", "chatAnthropic_LlamaIndex"]);
/** OpenAI-compatible servers whose base URL Flowise stores in the model's config. */
const COMPATIBLE: Record<string, { field: string; suffix: string; label: string }> = {
  chatOllama: { field: "baseUrl", suffix: "/v1", label: "Ollama" },
  chatLocalAI: { field: "basePath", suffix: "", label: "LocalAI" },
};

/** A plain http(s) URL without user info, query or fragment (those can carry credentials), or undefined. */
export function plainUrl(raw: string): string | undefined {
  const text = plainField(raw, 2_000).trim();
  if (!/^https?:\/\//i.test(text)) return undefined;
  try {
    const url = new URL(text);
    if (url.username || url.password || url.search || url.hash) return undefined;
    return url.href.replace(/\/$/, "");
  } catch {
    return undefined;
  }
}

function modelName(config: Fields, fallback: string): string {
  const name = plainField(stringOf(config.customModelName) || stringOf(config.modelName) || stringOf(config.model) || fallback, LIMITS.titleLength).trim();
  return clampText(name || fallback, LIMITS.titleLength);
}

function temperatureOf(config: Fields): number | undefined {
  const t = numberOf(config.temperature);
  return t === undefined ? undefined : Math.min(2, Math.max(0, t));
}

function maxTokensOf(config: Fields): number | undefined {
  const n = numberOf(config.maxTokens ?? config.maxTokensToSample ?? config.maxOutputTokens);
  return n !== undefined && Number.isInteger(n) && n > 0 && n <= 1_000_000 ? n : undefined;
}

/**
 * The profile for Flowise model `component` with `config`; says in the report's words what differs.
 * @example profileFor(b, "chatOpenAI", { modelName: "gpt-4o-mini", temperature: 0.9 }) // { id: "openai-gpt-4o-mini", approximation: "" }
 */
export function profileFor(builder: GraphBuilder, component: string, rawConfig: unknown): ProfileChoice {
  const config = fieldsOf(rawConfig);
  const temperature = temperatureOf(config);
  const max_tokens = maxTokensOf(config);
  const common = { ...(temperature === undefined ? {} : { temperature }), ...(max_tokens === undefined ? {} : { max_tokens }) };
  builder.note(credentialNote(component));
  if (ANTHROPIC.has(component)) {
    return { id: builder.profile({ provider: "anthropic", model: modelName(config, "claude-sonnet-4-0"), ...common }), approximation: "" };
  }
  if (OPENAI.has(component)) {
    const base = plainUrl(stringOf(config.basepath) || stringOf(config.basePath));
    const id = builder.profile({ provider: "openai", model: modelName(config, "gpt-4o-mini"), ...common, ...(base ? { base_url: base } : {}) });
    return { id, approximation: "" };
  }
  const compatible = COMPATIBLE[component];
  if (compatible) {
    const base = plainUrl(stringOf(config[compatible.field]));
    const id = builder.profile({
      provider: "openai",
      model: modelName(config, "llama3.2"),
      ...common,
      ...(base ? { base_url: `${base.replace(/\/v1$/, "")}${compatible.suffix}` } : {}),
    });
    return {
      id,
      approximation: `model ${component} became an OpenAI-compatible profile for ${compatible.label}'s endpoint${base ? "" : " (set its base URL)"}`,
    };
  }
  const label = component || "an unnamed model";
  const id = builder.profile({ provider: "openai", model: modelName(config, component || "model"), ...common });
  return { id, approximation: `model ${label} has no provider here: it became an OpenAI-compatible profile; set its base URL and key in Settings` };
}

/** The whole-graph note saying which key to set, for a Flowise model component. */
function credentialNote(component: string): string {
  if (ANTHROPIC.has(component)) return "Models: set an Anthropic key in Settings (Flowise credentials are not carried over).";
  if (OPENAI.has(component)) return "Models: set an OpenAI key in Settings (Flowise credentials are not carried over).";
  return `Models: ${component || "a model"} runs here through an OpenAI-compatible profile; set its base URL and key in Settings (Flowise credentials are not carried over).`;
}
