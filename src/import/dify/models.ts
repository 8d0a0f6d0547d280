/**
 * Dify model choices (`{ provider, name, completion_params }`) as model profiles. OpenAI and
 * Anthropic keep their provider; any other provider becomes an OpenAI-compatible profile whose
 * base URL is left for the person to fill in. Keys are never in a DSL file and never in a
 * profile: a note says which key to set in Settings.
 */
import type { ModelProfile } from "../../schema/index.js";
import type { DifyContext } from "./context.js";
import { num, obj, str } from "./shapes.js";

/** What a model setting became: the profile's id, and why it is approximated when it is. */
export interface ProfileChoice {
  id: string;
  approximation: string | null;
}

/** `langgenius/openai/openai` (plugin ids, Dify 1.x) and `openai` (0.x) name the same provider. */
export function providerName(raw: string): string {
  const parts = raw.split("/").filter(Boolean);
  return (parts[parts.length - 1] ?? "").toLowerCase();
}

const DEFAULT_MODEL = "gpt-4o-mini";

/**
 * @example modelProfile(ctx, { provider: "langgenius/anthropic/anthropic", name: "claude-3-5-sonnet", completion_params: { temperature: 0.2 } })
 * // { id: "anthropic-claude-3-5-sonnet", approximation: null }
 */
export function modelProfile(ctx: DifyContext, model: unknown): ProfileChoice {
  const settings = obj(model);
  const params = obj(settings.completion_params);
  const raw = str(settings.provider);
  const provider = providerName(raw);
  // Workflow nodes say `name`; an agent node's model selector says `model`.
  const name = (str(settings.name) || str(settings.model)).trim().slice(0, 200);
  const temperature = num(params.temperature);
  const maxTokens = num(params.max_tokens);
  const reasons: string[] = [];
  let ours: ModelProfile["provider"] = "openai";
  if (provider === "anthropic") ours = "anthropic";
  else if (provider !== "openai") {
    const label = raw || "none";
    reasons.push(`Model provider "${label}" became an OpenAI-compatible profile: set its base URL in the profile.`);
    ctx.builder.note(`Model provider "${label}": its profiles are OpenAI-compatible here; set each one's base URL, and its key in Settings.`);
  }
  if (ours !== "openai" || provider === "openai") {
    ctx.builder.note(`Model provider "${ours === "anthropic" ? "Anthropic" : "OpenAI"}": set its API key in Settings (keys are not part of a Dify export).`);
  }
  if (!name) reasons.push(`No model was chosen in Dify; the profile uses ${DEFAULT_MODEL}.`);
  const id = ctx.builder.profile({
    provider: ours,
    model: name || DEFAULT_MODEL,
    ...(temperature !== undefined ? { temperature: Math.min(2, Math.max(0, temperature)) } : {}),
    ...(maxTokens !== undefined && Number.isInteger(maxTokens) && maxTokens > 0 && maxTokens <= 1_000_000 ? { max_tokens: maxTokens } : {}),
  });
  return { id, approximation: reasons.length > 0 ? reasons.join(" ") : null };
}

/** The scripted profile that says an Answer node's text: it repeats the prompt it is given, calling no model. */
export function answerProfile(ctx: DifyContext): string {
  return ctx.builder.profile({ id: "dify-answer", provider: "scripted", model: "scripted" });
}
