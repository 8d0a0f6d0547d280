/** How long to wait before a retry: exponential backoff with jitter, or what the server asked for. */
import type { ModelError } from "../engine/index.js";
import { retryAfterMsOf } from "./errors.js";

export interface RetryPolicy {
  /** Retries after the first attempt, per profile. */
  maxRetries: number;
  baseDelayMs: number;
  /**
   * The first wait after a 429 that did not say how long to wait (or whose `Retry-After` a
   * browser hid because CORS does not expose it): a rate limit needs longer than a glitch.
   */
  rateLimitBaseDelayMs: number;
  /** Caps the exponential delay. A server's `Retry-After` is capped by the call's deadline instead. */
  maxDelayMs: number;
  /** Randomize each delay so clients do not retry in step: half to all of it, or for a rate limit all to 1.5 times it. */
  jitter: boolean;
}

export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 2, baseDelayMs: 500, rateLimitBaseDelayMs: 1_000, maxDelayMs: 8_000, jitter: true };

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/**
 * The wait before retry number `attempt + 1`. A server's `Retry-After` wins as it is (the
 * caller holds it to the call's deadline); a rate limit without one backs off from
 * `rateLimitBaseDelayMs` and never waits less than that; other failures from `baseDelayMs`.
 * @example delayMs(0, rateLimitedWithoutRetryAfter, DEFAULT_RETRY) // between 1000 and 1500
 */
export function delayMs(attempt: number, error: ModelError, policy: RetryPolicy, random: () => number = Math.random): number {
  const retryAfter = retryAfterMsOf(error);
  if (retryAfter !== undefined) return retryAfter;
  if (error.kind === "rate_limited") {
    const exponential = Math.min(policy.maxDelayMs, policy.rateLimitBaseDelayMs * 2 ** attempt);
    return policy.jitter ? Math.min(policy.maxDelayMs, exponential * (1 + random() / 2)) : exponential;
  }
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return policy.jitter ? exponential * (0.5 + random() / 2) : exponential;
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
  });
}
