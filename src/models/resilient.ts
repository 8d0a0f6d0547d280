/** Wraps model ports with retries, fallbacks (infrastructure failures only) and a stall timeout. */
import type { AIMessageChunk, BaseMessage } from "@langchain/core/messages";
import { ModelError, type ChatModelPort, type ModelCallOptions, type ModelErrorKind } from "../engine/index.js";
import { classifyError, retryAfterMsOf } from "./errors.js";

export interface RetryPolicy {
  /** Retries after the first attempt, per profile. */
  maxRetries: number;
  baseDelayMs: number;
  /** Caps both the exponential delay and a server's `Retry-After`. */
  maxDelayMs: number;
  /** Randomize each delay to between half and all of it, so clients do not retry in step. */
  jitter: boolean;
}

export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 2, baseDelayMs: 500, maxDelayMs: 8_000, jitter: true };
export const DEFAULT_STALL_TIMEOUT_MS = 60_000;

/** A model with its own limits (from its profile's `max_retries` and `timeout_ms`). */
export interface ResilientTarget {
  model: ChatModelPort;
  maxRetries?: number;
  stallTimeoutMs?: number;
}

export interface FallbackInfo {
  from: string;
  to: string;
  error: ModelError;
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface ResilientOptions {
  /** Tried in order after the primary fails for an infrastructure reason. */
  fallbacks?: ReadonlyArray<ChatModelPort | ResilientTarget>;
  retry?: Partial<RetryPolicy>;
  /** Longest wait for the first chunk and between chunks. */
  stallTimeoutMs?: number;
  sleep?: Sleep;
  /** Called before each fallback model is tried. */
  onFallback?: (info: FallbackInfo) => void;
}

const RETRYABLE = new Set<ModelErrorKind>(["rate_limited", "server", "connection", "timeout"]);

/**
 * A `ChatModelPort` that retries transient failures with exponential backoff, then
 * tries fallback models, and never hangs on a silent stream. Retries and fallbacks
 * happen only before the first chunk reaches the caller, so no token is sent twice.
 * Bad requests, auth failures, unreadable responses and cancellation throw at once.
 *
 * The first chunk carries `response_metadata.graphwright_profile`: the profile that answered.
 *
 * @example
 * const model = resilientModel(openaiPort, { fallbacks: [{ model: ollamaPort, maxRetries: 0 }], stallTimeoutMs: 30_000 });
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

interface CallState {
  /** Set once a chunk has gone to the caller: from then on, no retry and no fallback. */
  yielded: boolean;
}

async function* streamWithFallbacks(
  targets: ResilientTarget[],
  messages: BaseMessage[],
  options: ModelCallOptions,
  settings: ResilientOptions,
): AsyncGenerator<AIMessageChunk> {
  const state: CallState = { yielded: false };
  let lastError: ModelError | undefined;
  for (const [i, target] of targets.entries()) {
    if (lastError) settings.onFallback?.({ from: targets[i - 1]!.model.profileId, to: target.model.profileId, error: lastError });
    try {
      yield* streamWithRetries(target, messages, options, settings, state);
      return;
    } catch (err) {
      const error = classifyError(err, target.model.profileId);
      // Seed 004: only infrastructure failures move to another model; logic errors surface.
      if (state.yielded || !error.isInfrastructure || options.signal?.aborted) throw error;
      lastError = error;
    }
  }
  throw lastError;
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
  const stallMs = target.stallTimeoutMs ?? settings.stallTimeoutMs ?? DEFAULT_STALL_TIMEOUT_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      yield* streamWithStallTimeout(target.model, messages, options, stallMs, state);
      return;
    } catch (err) {
      const error = classifyError(err, target.model.profileId);
      if (state.yielded || !RETRYABLE.has(error.kind) || attempt >= maxRetries) throw error;
      await abortable((settings.sleep ?? sleep)(delayMs(attempt, error, policy), options.signal), options.signal, target.model.profileId);
    }
  }
}

async function* streamWithStallTimeout(
  model: ChatModelPort,
  messages: BaseMessage[],
  options: ModelCallOptions,
  stallMs: number,
  state: CallState,
): AsyncGenerator<AIMessageChunk> {
  const caller = options.signal;
  if (caller?.aborted) throw cancelled(model.profileId);
  // Our own controller, so a stall can abort the request without aborting the caller.
  const controller = new AbortController();
  const forwardAbort = () => controller.abort(caller?.reason);
  caller?.addEventListener("abort", forwardAbort, { once: true });
  const tools = model.supportsTools ? options.tools : [];
  const iterator = model.stream(messages, { ...options, tools, signal: controller.signal })[Symbol.asyncIterator]();
  let finished = false;
  try {
    for (;;) {
      const next = await within(iterator.next(), caller, model.profileId, { ms: stallMs, controller });
      if (next.done) break;
      const chunk = next.value;
      if (!state.yielded) chunk.response_metadata = { ...chunk.response_metadata, graphwright_profile: model.profileId };
      state.yielded = true;
      yield chunk;
    }
    finished = true;
  } finally {
    caller?.removeEventListener("abort", forwardAbort);
    if (!finished) {
      controller.abort();
      // Not awaited: a generator blocked in a dead request settles only after the abort lands.
      iterator.return?.(undefined).catch(() => undefined);
    }
  }
  if (caller?.aborted) throw cancelled(model.profileId);
}

/**
 * Resolves with `step`, or rejects with `aborted` when the caller aborts, or with
 * `timeout` (aborting `stall.controller`) after `stall.ms` without a result.
 */
function within<T>(step: Promise<T>, caller: AbortSignal | undefined, profileId: string, stall?: { ms: number; controller: AbortController }): Promise<T> {
  step.catch(() => undefined); // May settle after we stop listening; its error is then moot.
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      cleanup();
      reject(cancelled(profileId));
    };
    const timer =
      stall &&
      setTimeout(() => {
        cleanup();
        const seconds = Number((stall.ms / 1000).toFixed(3));
        const error = new ModelError("timeout", `Model ${profileId} sent nothing for ${seconds} s`, { profileId });
        stall.controller.abort(error);
        reject(error);
      }, stall.ms);
    const cleanup = () => {
      if (timer) clearTimeout(timer);
      caller?.removeEventListener("abort", onAbort);
    };
    if (caller?.aborted) return onAbort();
    caller?.addEventListener("abort", onAbort, { once: true });
    step.then(
      (value) => (cleanup(), resolve(value)),
      (err: unknown) => (cleanup(), reject(err)),
    );
  });
}

/** Exponential backoff; a server's `Retry-After` replaces it, both capped at `maxDelayMs`. */
export function delayMs(attempt: number, error: ModelError, policy: RetryPolicy, random: () => number = Math.random): number {
  const retryAfter = retryAfterMsOf(error);
  if (retryAfter !== undefined) return Math.min(retryAfter, policy.maxDelayMs);
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return policy.jitter ? exponential * (0.5 + random() / 2) : exponential;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
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

/** Waits for `task` unless the caller aborts first (a custom `sleep` may ignore the signal). */
async function abortable(task: Promise<void>, signal: AbortSignal | undefined, profileId: string): Promise<void> {
  await within(task, signal, profileId);
  if (signal?.aborted) throw cancelled(profileId);
}

function cancelled(profileId: string): ModelError {
  return new ModelError("aborted", "The model call was cancelled", { profileId });
}

function toTarget(entry: ChatModelPort | ResilientTarget): ResilientTarget {
  return typeof (entry as Partial<ChatModelPort>).stream === "function" ? { model: entry as ChatModelPort } : (entry as ResilientTarget);
}
