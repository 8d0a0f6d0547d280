/** Resolves a document's model profile to a ready port: scripted, or a provider behind retries and fallbacks. */
import { ModelError, type ChatModelPort, type ModelRequest, type ModelResolver } from "../engine/index.js";
import type { ModelProfile } from "../schema/index.js";
import { providerModel, type KeySource } from "./providerModel.js";
import { resilientModel, type FallbackInfo, type ResilientTarget, type RetryPolicy, type Sleep } from "./resilient.js";

export interface ModelResolverOptions {
  /** Reads an API key at call time; never stored by the models. */
  getKey: KeySource;
  /** Builds the built-in scripted model; required if a document uses `provider: "scripted"`. */
  scripted?: (request: ModelRequest) => ChatModelPort;
  fetch?: typeof fetch;
  retry?: Partial<RetryPolicy>;
  /** Default stall timeout; a profile's `timeout_ms` overrides it. */
  stallTimeoutMs?: number;
  /** Default first-byte limit per attempt; a profile's `first_byte_timeout_ms` overrides it. */
  firstByteTimeoutMs?: number;
  /** Default limit per model call, retries included; a profile's `total_timeout_ms` overrides it. */
  totalTimeoutMs?: number;
  sleep?: Sleep;
  onFallback?: (info: FallbackInfo) => void;
}

/**
 * The `ModelResolver` the engine gets in its services. A profile's `fallbacks` are
 * looked up by id in `request.profiles`; each fallback keeps its own retries and
 * stall timeout. Fallbacks of fallbacks are not followed.
 *
 * @example
 * const models = createModelResolver({ getKey: (provider) => settings.keys[provider], scripted: createScriptedModel });
 * const port = models.resolve({ profile, profiles: doc.models, agent: "support" });
 */
export function createModelResolver(options: ModelResolverOptions): ModelResolver {
  const portFor = (profile: ModelProfile, request: ModelRequest): ChatModelPort => {
    switch (profile.provider) {
      case "scripted":
        if (!options.scripted) {
          throw new Error(`Model profile "${profile.id}" uses the scripted model, but createModelResolver got no \`scripted\` factory`);
        }
        return options.scripted({ ...request, profile });
      case "openai":
      case "anthropic":
        return providerModel({ ...profile, provider: profile.provider }, { getKey: options.getKey, ...(options.fetch ? { fetch: options.fetch } : {}) });
      default: {
        const unknown: never = profile.provider;
        throw new Error(`Unknown model provider: ${String(unknown)}`);
      }
    }
  };

  return {
    resolve(request) {
      const { profile } = request;
      if (profile.provider === "scripted") return portFor(profile, request);
      const chain = [profile, ...fallbackProfiles(profile, request.profiles)];
      const targets: ResilientTarget[] = chain.map((p) => ({
        model: portFor(p, request),
        ...(p.max_retries !== undefined ? { maxRetries: p.max_retries } : {}),
        ...(p.timeout_ms !== undefined ? { stallTimeoutMs: p.timeout_ms } : {}),
        ...(p.first_byte_timeout_ms !== undefined ? { firstByteTimeoutMs: p.first_byte_timeout_ms } : {}),
        ...(p.total_timeout_ms !== undefined ? { totalTimeoutMs: p.total_timeout_ms } : {}),
      }));
      return resilientModel(targets[0]!, {
        fallbacks: targets.slice(1),
        ...(options.retry ? { retry: options.retry } : {}),
        ...(options.stallTimeoutMs !== undefined ? { stallTimeoutMs: options.stallTimeoutMs } : {}),
        ...(options.firstByteTimeoutMs !== undefined ? { firstByteTimeoutMs: options.firstByteTimeoutMs } : {}),
        ...(options.totalTimeoutMs !== undefined ? { totalTimeoutMs: options.totalTimeoutMs } : {}),
        ...(options.sleep ? { sleep: options.sleep } : {}),
        ...(options.onFallback ? { onFallback: options.onFallback } : {}),
      });
    },
  };
}

/** The profile's fallbacks in order, without itself or repeats; an unknown id is a document error. */
function fallbackProfiles(profile: ModelProfile, profiles: readonly ModelProfile[]): ModelProfile[] {
  const seen = new Set([profile.id]);
  const out: ModelProfile[] = [];
  for (const id of profile.fallbacks) {
    if (seen.has(id)) continue;
    seen.add(id);
    const found = profiles.find((p) => p.id === id);
    if (!found) {
      throw new ModelError("bad_request", `Model profile "${profile.id}" lists an unknown fallback "${id}"`, { profileId: profile.id });
    }
    out.push(found);
  }
  return out;
}
