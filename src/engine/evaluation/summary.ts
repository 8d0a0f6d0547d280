/** The numbers of an evaluation's summary: per variant, pass rate, median and p95 latency and cost. */
import type { Variant } from "../../schema/index.js";
import type { CaseResult, VariantSummary } from "./types.js";

/**
 * The q-quantile (0–1) of numbers by the nearest-rank method; 0 for none.
 * @example quantile([10, 20, 30, 40], 0.5) // 20
 */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(q * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1] as number;
}

/**
 * One summary per variant, in the variants' order, over the cases that ran (cancelled ones left out).
 * @example summarize(variants, result.cases)[0].pass_rate // 0.8
 */
export function summarize(variants: readonly Variant[], cases: readonly CaseResult[]): VariantSummary[] {
  return variants.map((variant) => {
    const ran = cases.filter((c) => c.variant_id === variant.id && c.status !== "cancelled");
    const passed = ran.filter((c) => c.status === "passed").length;
    const failed = ran.filter((c) => c.status === "failed").length;
    const latencies = ran.map((c) => c.latency_ms);
    const costs = ran.flatMap((c) => (c.cost_usd === null ? [] : [c.cost_usd]));
    return {
      variant_id: variant.id,
      name: variant.name,
      cases: ran.length,
      passed,
      failed,
      errors: ran.length - passed - failed,
      pass_rate: ran.length === 0 ? 0 : passed / ran.length,
      latency_ms: { median: quantile(latencies, 0.5), p95: quantile(latencies, 0.95) },
      tokens: ran.reduce((sum, c) => sum + c.tokens, 0),
      cost_usd: costs.length === 0 ? null : { total: costs.reduce((a, b) => a + b, 0), median: quantile(costs, 0.5), p95: quantile(costs, 0.95) },
    };
  });
}
