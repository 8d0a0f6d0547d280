/** Wraps model ports with retries, fallbacks (infrastructure failures only) and deadlines. */
import type { AIMessageChunk, BaseMessage } from "@langchain/core/messages";
import { ModelError, type ChatModelPort, type ModelCallOptions, type ModelErrorKind } from "../engine/index.js";
import { cancelled, seconds, streamAttempt, within, type CallState } from "./attempt.js";
import { DEFAULT_RETRY, delayMs, sleep, type RetryPolicy, type Sleep } from "./backoff.js";
import { classifyError, retryAfterMsOf } from "./errors.js";

export { DEFAULT_RETRY, delayMs, type RetryPolicy, type Sleep } from "./backoff.js";

/** Longest wait between two chunks of a reply (a profile's `timeout_ms`); it bounds the first byte too. */
export const DEFAULT_STALL_TIMEOUT_MS = 60_000;
/** Longest wait for the first byte of each attempt (a profile's `first_byte_timeout_ms`). */
export const DEFAULT_FIRST_BYTE_TIMEOUT_MS = 30_000;
/** Longest a call may wait for its reply to start, attempts and the waits between them included (`total_timeout_ms`). */
export const DEFAULT_TOTAL_TIMEOUT_MS = 90_000;

/** A model with its own limits (from its profile's `max_retries`, `timeout_ms`, `first_byte_timeout_ms`, `total_timeout_ms`). */
export interface ResilientTarget {
  model: ChatModelPort;
  maxRetries?: number;
  stallTimeoutMs?: number;
  firstByteTimeoutMs?: number;
  totalTimeoutMs?: number;
}

export interface FallbackInfo {
  from: string;
  to: string;
  error: ModelError;
}

export interface ResilientOptions {
  /** Tried in order after the primary fails for an infrastructure reason. */
  fallbacks?: ReadonlyArray<ChatModelPort | ResilientTarget>;
  retry?: Partial<RetryPolicy>;
  /** Defaults for targets that do not set their own limits. */
  stallTimeoutMs?: number;
  firstByteTimeoutMs?: number;
  totalTimeoutMs?: number;
  sleep?: Sleep;
  /** Called before each fallback model is tried. */
  onFallback?: (info: FallbackInfo) => void;
}

const RETRYABLE = new Set<ModelErrorKind>(["rate_limited", "server", "connection", "timeout"]);

/**
 * A `ChatModelPort` that retries transient failures with exponential backoff, then
 * tries fallback models, and never hangs on a silent server: each attempt waits at most
 * `firstByteTimeoutMs` for its first chunk, and a profile gives up once its reply has not
 * started within `totalTimeoutMs` (retries and backoff included). Retries and fallbacks
 * happen only before the first chunk reaches the caller, so no token is sent twice.
 * Bad requests, auth failures, unreadable responses and cancellation throw at once.
 *
 * The first chunk carries `response_metadata.graphwright_profile`: the profile that answered.
 *
 * @example
 * const model = resilientModel(openaiPort, { fallbacks: [{ model: ollamaPort, maxRetries: 0 }], firstByteTimeoutMs: 10_000 });
 */
export function resilientModel(primary: ChatModelPort | ResilientTarget, options: ResilientOptions = {}): ChatModelPort {
  const targets = [primary, ...(options.fallbacks ?? [])].map(toTarget);
  const head = targets[0]!.model;
  return {
    profileId: head.profileId,
    provider: head.provider,
    supportsTools: head.supportsTools,
    stream: (messages, callOptions) => streamWithFallbacks(targets, messages, callOptions, options),
  };
}

async function* streamWithFallbacks(
  targets: ResilientTarget[],
  messages: BaseMessage[],
  options: ModelCallOptions,
  settings: ResilientOptions,
): AsyncGenerator<AIMessageChunk> {
  const state: CallState = { yielded: false };
  let lastError: ModelError | undefined;
  const failures: ModelError[] = [];
  for (const [i, target] of targets.entries()) {
    if (lastError) settings.onFallback?.({ from: targets[i - 1]!.model.profileId, to: target.model.profileId, error: lastError });
    try {
      yield* streamWithRetries(target, messages, options, settings, state);
      return;
    } catch (err) {
      const error = classifyError(err, target.model.profileId);
      // Seed 004: only infrastructure failures move to another model; logic errors surface.
      if (state.yielded || !error.isInfrastructure || options.signal?.aborted) throw withEarlierFailures(error, failures);
      lastError = error;
      failures.push(error);
    }
  }
  throw withEarlierFailures(lastError!, failures.slice(0, -1));
}

/** The last model's error, saying how the models tried before it failed too: a fallback's failure must not hide the primary's. */
function withEarlierFailures(error: ModelError, earlier: readonly ModelError[]): ModelError {
  const distinct = earlier.filter((e, i) => e.message !== error.message && earlier.findIndex((o) => o.message === e.message) === i);
  if (distinct.length === 0) return error;
  const before = distinct.map((e) => `model "${e.details.profileId ?? "?"}": ${e.message.replace(/\.$/, "")}`).join("; ");
  return new ModelError(error.kind, `${error.message.replace(/\.$/, "")}. Tried before it: ${before}.`, error.details);
}

interface Limits {
  firstByteMs: number;
  stallMs: number;
  totalMs: number;
}

function limitsOf(target: ResilientTarget, settings: ResilientOptions): Limits {
  const stallMs = target.stallTimeoutMs ?? settings.stallTimeoutMs ?? DEFAULT_STALL_TIMEOUT_MS;
  // A stream that may not pause for `stallMs` may not stay silent longer at its start either.
  const firstByteMs = Math.min(target.firstByteTimeoutMs ?? settings.firstByteTimeoutMs ?? DEFAULT_FIRST_BYTE_TIMEOUT_MS, stallMs);
  return { firstByteMs, stallMs, totalMs: target.totalTimeoutMs ?? settings.totalTimeoutMs ?? DEFAULT_TOTAL_TIMEOUT_MS };
}

async function* streamWithRetries(
  target: ResilientTarget,
  messages: BaseMessage[],
  options: ModelCallOptions,
  settings: ResilientOptions,
  state: CallState,
): AsyncGenerator<AIMessageChunk> {
  const policy = { ...DEFAULT_RETRY, ...settings.retry };
  const maxRetries = target.maxRetries ?? policy.maxRetries;
  const limits = limitsOf(target, settings);
  const { profileId } = target.model;
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    const left = Math.max(1, limits.totalMs - (Date.now() - started));
    try {
      yield* streamAttempt(target.model, messages, options, { firstByteMs: Math.min(limits.firstByteMs, left), stallMs: limits.stallMs }, state);
      return;
    } catch (err) {
      const error = classifyError(err, profileId);
      if (state.yielded || !RETRYABLE.has(error.kind)) throw error;
      const tried = { attempts: attempt + 1, elapsedMs: Date.now() - started };
      if (tried.elapsedMs >= limits.totalMs) throw outOfTime(error, profileId, tried, limits);
      if (attempt >= maxRetries) throw gaveUp(error, profileId, tried, limits);
      const wait = delayMs(attempt, error, policy);
      if (tried.elapsedMs + wait >= limits.totalMs) throw outOfTime(error, profileId, tried, limits, wait);
      await abortable((settings.sleep ?? sleep)(wait, options.signal), options.signal, profileId);
    }
  }
}

interface Tried {
  attempts: number;
  elapsedMs: number;
}

const attemptsText = ({ attempts, elapsedMs }: Tried) => `${attempts} attempt${attempts === 1 ? "" : "s"} in ${seconds(elapsedMs)} s`;

/** Retries are spent: the last error, with how long the user actually waited. */
function gaveUp(error: ModelError, profileId: string, tried: Tried, limits: Limits): ModelError {
  if (error.kind !== "timeout") {
    const message = tried.attempts > 1 ? `${error.message} Tried ${tried.attempts} times in ${seconds(tried.elapsedMs)} s.` : error.message;
    return new ModelError(error.kind, message, error.details);
  }
  return new ModelError(
    "timeout",
    `Model ${profileId} did not answer: ${attemptsText(tried)}, each waiting up to ${seconds(limits.firstByteMs)} s for a first reply. ` +
      `Check that its server is running and reachable, or raise first_byte_timeout_ms of model profile "${profileId}" in Settings.`,
    error.details,
  );
}

/** The call's deadline has passed, or waiting `wait` ms before the next attempt would pass it. */
function outOfTime(error: ModelError, profileId: string, tried: Tried, limits: Limits, wait?: number): ModelError {
  const last = error.message.replace(/\.$/, "");
  const allowed = `the ${seconds(limits.totalMs)} s allowed for one model call`;
  const what =
    wait === undefined
      ? `did not answer within ${allowed} (${attemptsText(tried)}; the last said: ${last}).`
      : error.kind === "rate_limited" && retryAfterMsOf(error) !== undefined
        ? `is rate limited and the provider asked to wait ${seconds(wait)} s before trying again, more than is left of ${allowed} (${attemptsText(tried)}).`
        : `did not answer: ${attemptsText(tried)}, and waiting ${seconds(wait)} s more before trying again would pass ${allowed} (the last said: ${last}).`;
  return new ModelError(
    error.kind === "rate_limited" ? "rate_limited" : "timeout",
    `Model ${profileId} ${what} Check that its server is running and reachable, or raise total_timeout_ms of model profile "${profileId}" in Settings.`,
    error.details,
  );
}

/** Waits for `task` unless the caller aborts first (a custom `sleep` may ignore the signal). */
async function abortable(task: Promise<void>, signal: AbortSignal | undefined, profileId: string): Promise<void> {
  await within(task, signal, profileId);
  if (signal?.aborted) throw cancelled(profileId);
}

function toTarget(entry: ChatModelPort | ResilientTarget): ResilientTarget {
  return typeof (entry as Partial<ChatModelPort>).stream === "function" ? { model: entry as ChatModelPort } : (entry as ResilientTarget);
}
