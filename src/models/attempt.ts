/** One streamed attempt of a model call, held to a first-byte limit and a stall limit, and cancellable. */
import type { AIMessageChunk, BaseMessage } from "@langchain/core/messages";
import { ModelError, type ChatModelPort, type ModelCallOptions } from "../engine/index.js";

/** Set once a chunk has gone to the caller: from then on, no retry and no fallback. */
export interface CallState {
  yielded: boolean;
}

export interface AttemptLimits {
  /** Longest wait for the first chunk. */
  firstByteMs: number;
  /** Longest wait between two chunks once the reply has started. */
  stallMs: number;
}

/** Seconds as people read them: `0.3`, `30`, `90.2`. */
export const seconds = (ms: number) => Number((ms / 1000).toFixed(ms < 10_000 ? 2 : 1));

/**
 * Streams one request of `model`. A silent server is aborted after the limits with a
 * `timeout` error; a caller's abort rejects with `aborted` at once, even while the request
 * is stuck. The first chunk carries `response_metadata.graphwright_profile`.
 */
export async function* streamAttempt(
  model: ChatModelPort,
  messages: BaseMessage[],
  options: ModelCallOptions,
  limits: AttemptLimits,
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
  let started = false;
  try {
    for (;;) {
      const limit = started
        ? { ms: limits.stallMs, error: () => stalled(model.profileId, limits.stallMs) }
        : { ms: limits.firstByteMs, error: () => silent(model.profileId, limits.firstByteMs) };
      const next = await within(iterator.next(), caller, model.profileId, { ...limit, controller });
      if (next.done) break;
      const chunk = next.value;
      if (!state.yielded) chunk.response_metadata = { ...chunk.response_metadata, graphwright_profile: model.profileId };
      state.yielded = started = true;
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

function silent(profileId: string, ms: number): ModelError {
  return new ModelError("timeout", `Model ${profileId} sent nothing within ${seconds(ms)} s`, { profileId });
}

function stalled(profileId: string, ms: number): ModelError {
  return new ModelError(
    "timeout",
    `Model ${profileId} stopped in the middle of its reply: nothing came for ${seconds(ms)} s. ` +
      `If this model pauses that long, raise timeout_ms of model profile "${profileId}" in Settings.`,
    { profileId },
  );
}

/**
 * Resolves with `step`, or rejects with `aborted` when the caller aborts, or with
 * `limit.error()` (aborting `limit.controller`) after `limit.ms` without a result.
 */
export function within<T>(
  step: Promise<T>,
  caller: AbortSignal | undefined,
  profileId: string,
  limit?: { ms: number; error: () => ModelError; controller: AbortController },
): Promise<T> {
  step.catch(() => undefined); // May settle after we stop listening; its error is then moot.
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      cleanup();
      reject(cancelled(profileId));
    };
    const timer =
      limit &&
      setTimeout(() => {
        cleanup();
        const error = limit.error();
        limit.controller.abort(error);
        reject(error);
      }, limit.ms);
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

export function cancelled(profileId: string): ModelError {
  return new ModelError("aborted", "The model call was cancelled", { profileId });
}
