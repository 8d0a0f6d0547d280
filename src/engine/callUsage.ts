/**
 * A model call's token usage, read from the chunks of its stream: LangChain's `usage_metadata`
 * (OpenAI's final usage chunk; Anthropic's `message_start` and `message_delta`).
 */
import type { AIMessageChunk } from "@langchain/core/messages";
import type { TokenUsage } from "../schema/index.js";

/**
 * `response_metadata` key with which a model marks usage it counted itself (`"estimated"`).
 * @example new AIMessageChunk({ content: "", usage_metadata, response_metadata: { [USAGE_ESTIMATED_KEY]: "estimated" } })
 */
export const USAGE_ESTIMATED_KEY = "graphwright_usage";

/**
 * Collects the usage the chunks of one call report. Each field keeps the largest value seen
 * rather than the sum: providers report running totals (Anthropic's `message_start` says one
 * output token, its `message_delta` the final count; some OpenAI-compatible servers repeat
 * usage on every chunk), so summing, as `AIMessageChunk.concat` does, would overcount.
 *
 * @example
 * const meter = usageMeter();
 * for await (const chunk of stream) meter.add(chunk);
 * meter.usage(); // { input_tokens: 12, output_tokens: 4 } or undefined
 */
export function usageMeter() {
  let seen = false;
  let estimated = false;
  const most = { input: 0, output: 0, cached: 0, written: 0 };
  return {
    add(chunk: AIMessageChunk): void {
      const usage = chunk.usage_metadata;
      if (!usage) return;
      seen = true;
      if (chunk.response_metadata?.[USAGE_ESTIMATED_KEY] === "estimated") estimated = true;
      most.input = Math.max(most.input, count(usage.input_tokens));
      most.output = Math.max(most.output, count(usage.output_tokens));
      most.cached = Math.max(most.cached, count(usage.input_token_details?.cache_read));
      most.written = Math.max(most.written, count(usage.input_token_details?.cache_creation));
    },
    /** The call's usage; undefined when no chunk reported any. */
    usage(): TokenUsage | undefined {
      if (!seen) return undefined;
      return {
        input_tokens: most.input,
        output_tokens: most.output,
        ...(most.cached > 0 ? { cached_tokens: most.cached } : {}),
        ...(most.written > 0 ? { cache_write_tokens: most.written } : {}),
        ...(estimated ? { estimated: true } : {}),
      };
    },
  };
}

function count(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.round(value) : 0;
}
