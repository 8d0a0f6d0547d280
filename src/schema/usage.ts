/**
 * Tokens and cost: what a model call used (plain JSON, carried on `ai_message` events), what a
 * model profile's tokens cost, and the totals per call, per agent and per run that the
 * timeline, the playground and the trace export show. Pure, so the engine, the app and the
 * CLI share one definition.
 */
import { z } from "zod";

/** A price per million tokens, in US dollars. */
const perMillion = z.number().finite().min(0).max(1_000_000);

/**
 * A model profile's prices in USD per million tokens. Cached input (prompt-cache reads) and
 * cache writes (Anthropic) cost the input price unless set.
 */
export const modelPricesSchema = z.strictObject({
  input_per_million: perMillion,
  output_per_million: perMillion,
  cached_input_per_million: perMillion.optional(),
  cache_write_per_million: perMillion.optional(),
});
export type ModelPrices = z.infer<typeof modelPricesSchema>;

/**
 * The tokens of one model call (or a sum of calls), as the provider reported them.
 * `input_tokens` counts the whole prompt: `cached_tokens` (read from the prompt cache) and
 * `cache_write_tokens` (written to it) are parts of it, not additions.
 * @example const usage: TokenUsage = { input_tokens: 1200, output_tokens: 80, cached_tokens: 1024 };
 */
export interface TokenUsage {
  input_tokens: number;
  output_tokens: number;
  cached_tokens?: number;
  cache_write_tokens?: number;
  /** Counted by the app rather than reported by the provider (the scripted model). */
  estimated?: boolean;
}

/** The scripted model's estimate: about four characters of English text per token. */
export const CHARS_PER_TOKEN = 4;

/**
 * Tokens a text would take, estimated from its length (`CHARS_PER_TOKEN`).
 * @example estimateTokens("Sunny in Paris") // 4
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/**
 * The sum of two usages; estimated when either is.
 * @example addUsage({ input_tokens: 10, output_tokens: 2 }, { input_tokens: 5, output_tokens: 1, cached_tokens: 4 })
 */
export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  const cached = (a.cached_tokens ?? 0) + (b.cached_tokens ?? 0);
  const written = (a.cache_write_tokens ?? 0) + (b.cache_write_tokens ?? 0);
  return {
    input_tokens: a.input_tokens + b.input_tokens,
    output_tokens: a.output_tokens + b.output_tokens,
    ...(cached > 0 ? { cached_tokens: cached } : {}),
    ...(written > 0 ? { cache_write_tokens: written } : {}),
    ...(a.estimated || b.estimated ? { estimated: true } : {}),
  };
}

/**
 * What a call's tokens cost at `prices`, in USD.
 * @example costOf({ input_tokens: 1_000_000, output_tokens: 0 }, { input_per_million: 0.15, output_per_million: 0.6 }) // 0.15
 */
export function costOf(usage: TokenUsage, prices: ModelPrices): number {
  const cached = usage.cached_tokens ?? 0;
  const written = usage.cache_write_tokens ?? 0;
  const fresh = Math.max(0, usage.input_tokens - cached - written);
  const micro =
    fresh * prices.input_per_million +
    cached * (prices.cached_input_per_million ?? prices.input_per_million) +
    written * (prices.cache_write_per_million ?? prices.input_per_million) +
    usage.output_tokens * prices.output_per_million;
  return micro / 1_000_000;
}

/** Usage and cost of a set of model calls. */
export interface UsageTotal {
  usage: TokenUsage;
  /** Model calls that reported usage. */
  calls: number;
  /** USD of the calls whose profile has prices; null when none has. */
  cost_usd: number | null;
  /** Calls whose profile has no prices (their cost is not in `cost_usd`). */
  unpriced_calls: number;
}

/** What the totals read from an event: a `RunEvent` fits (only `ai_message` events carry usage). */
export interface UsageEvent {
  type: string;
  run_id: string;
  call_id: string;
  parent_call_id: string | null;
  usage?: TokenUsage;
  profile?: string | null;
}

/** Totals of a thread's model calls: per run, per call (everything nested in it included) and per event. */
export interface UsageTotals {
  byRun: ReadonlyMap<string, UsageTotal>;
  /** A call's total includes the calls nested in it (an agent's sub-agents). */
  byCall: ReadonlyMap<string, UsageTotal>;
  /** Each `ai_message` with usage, by event position. */
  byEvent: ReadonlyMap<number, UsageTotal>;
}

const EMPTY: UsageTotal = { usage: { input_tokens: 0, output_tokens: 0 }, calls: 0, cost_usd: null, unpriced_calls: 0 };

function plus(total: UsageTotal, call: UsageTotal): UsageTotal {
  return {
    usage: addUsage(total.usage, call.usage),
    calls: total.calls + call.calls,
    cost_usd: total.cost_usd === null && call.cost_usd === null ? null : (total.cost_usd ?? 0) + (call.cost_usd ?? 0),
    unpriced_calls: total.unpriced_calls + call.unpriced_calls,
  };
}

/**
 * Totals of the model calls in `events`, each priced at the profile that answered it.
 * Linear in the events (the call tree's depth aside).
 * @example
 * const totals = usageTotals(events, document.models);
 * totals.byRun.get(runId)?.cost_usd
 */
export function usageTotals(events: readonly UsageEvent[], profiles: ReadonlyArray<{ id: string; prices?: ModelPrices | undefined }>): UsageTotals {
  const prices = new Map(profiles.flatMap((p) => (p.prices ? [[p.id, p.prices] as const] : [])));
  const parent = new Map<string, string | null>();
  const byRun = new Map<string, UsageTotal>();
  const byCall = new Map<string, UsageTotal>();
  const byEvent = new Map<number, UsageTotal>();
  events.forEach((event, i) => {
    if (!parent.has(event.call_id)) parent.set(event.call_id, event.parent_call_id);
    if (event.type !== "ai_message" || !event.usage) return;
    const price = event.profile ? prices.get(event.profile) : undefined;
    const call: UsageTotal = { usage: event.usage, calls: 1, cost_usd: price ? costOf(event.usage, price) : null, unpriced_calls: price ? 0 : 1 };
    byEvent.set(i, call);
    byRun.set(event.run_id, plus(byRun.get(event.run_id) ?? EMPTY, call));
    let at: string | null | undefined = event.call_id;
    for (let guard = 0; at && guard < 64; guard++) {
      byCall.set(at, plus(byCall.get(at) ?? EMPTY, call));
      at = parent.get(at);
    }
  });
  return { byRun, byCall, byEvent };
}

/** `1,234` */
function count(n: number): string {
  return n.toLocaleString("en-US");
}

/**
 * US dollars as people read small amounts: three significant digits below a dollar.
 * @example formatCost(0.000123) // "$0.000123"
 */
export function formatCost(usd: number): string {
  if (usd === 0) return "$0";
  if (usd < 1) return `$${Number(usd.toPrecision(3))}`;
  return `$${usd.toFixed(2)}`;
}

/**
 * One line for a total: tokens (`~` when estimated) and, when priced, the cost (`≥` when
 * some calls have no prices).
 * @example formatTotal(total) // "~1,234 tokens · $0.0021"
 */
export function formatTotal(total: UsageTotal): string {
  const { usage } = total;
  const tokens = `${usage.estimated ? "~" : ""}${count(usage.input_tokens + usage.output_tokens)} tokens`;
  if (total.cost_usd === null) return tokens;
  return `${tokens} · ${total.unpriced_calls > 0 ? "≥ " : ""}${usage.estimated ? "~" : ""}${formatCost(total.cost_usd)}`;
}

/**
 * The parts of a usage, for a tooltip or a details pane.
 * @example formatBreakdown({ input_tokens: 1200, output_tokens: 80, cached_tokens: 1024 }) // "input 1,200 (1,024 cached) · output 80"
 */
export function formatBreakdown(usage: TokenUsage): string {
  const parts = [
    usage.cached_tokens ? `${count(usage.cached_tokens)} cached` : "",
    usage.cache_write_tokens ? `${count(usage.cache_write_tokens)} written to cache` : "",
  ]
    .filter(Boolean)
    .join(", ");
  const estimate = usage.estimated ? " (estimated)" : "";
  return `input ${count(usage.input_tokens)}${parts ? ` (${parts})` : ""} · output ${count(usage.output_tokens)}${estimate}`;
}
