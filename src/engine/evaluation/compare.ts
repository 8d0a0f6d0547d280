/**
 * Two evaluations of one dataset side by side, as history shows them: each case and variant in
 * both, and whether it regressed (passed before, not now), was fixed, or stayed as it was. Cases
 * or variants in only one of the two are `added` or `removed`, never counted as regressions.
 */
import type { CaseResult, EvaluationResult } from "./types.js";

/**
 * How one cell changed between two runs.
 * @example const change: CaseChange = { case_id: "paris", variant_id: "fast", change: "regressed", before: "passed", after: "failed" };
 */
export interface CaseChange {
  case_id: string;
  variant_id: string;
  change: "regressed" | "fixed" | "same" | "added" | "removed";
  before: CaseResult["status"] | null;
  after: CaseResult["status"] | null;
}

/**
 * The comparison: every cell in either run, and the pass rate per variant before and after.
 * @example compareEvaluations(older, newer).regressed // 2
 */
export interface EvaluationComparison {
  changes: CaseChange[];
  regressed: number;
  fixed: number;
  /** Per variant id in either run: pass rate before and after (null where the variant did not run). */
  passRates: { variant_id: string; before: number | null; after: number | null }[];
}

const key = (c: Pick<CaseResult, "case_id" | "variant_id">) => `${c.variant_id}\u0000${c.case_id}`;

/**
 * Compares an earlier evaluation with a later one, cell by cell (case and variant ids), in the later run's order.
 * @example const { changes } = compareEvaluations(history[1], history[0]); changes.filter((c) => c.change === "regressed")
 */
export function compareEvaluations(before: EvaluationResult, after: EvaluationResult): EvaluationComparison {
  const earlier = new Map(before.cases.map((c) => [key(c), c]));
  const later = new Map(after.cases.map((c) => [key(c), c]));
  const changes: CaseChange[] = after.cases.map((now) => {
    const then = earlier.get(key(now));
    const change: CaseChange["change"] = !then ? "added" : then.passed && !now.passed ? "regressed" : !then.passed && now.passed ? "fixed" : "same";
    return { case_id: now.case_id, variant_id: now.variant_id, change, before: then?.status ?? null, after: now.status };
  });
  for (const then of before.cases)
    if (!later.has(key(then))) changes.push({ case_id: then.case_id, variant_id: then.variant_id, change: "removed", before: then.status, after: null });
  const variants = [...new Set([...after.summary.map((s) => s.variant_id), ...before.summary.map((s) => s.variant_id)])];
  const rate = (result: EvaluationResult, id: string) => result.summary.find((s) => s.variant_id === id)?.pass_rate ?? null;
  return {
    changes,
    regressed: changes.filter((c) => c.change === "regressed").length,
    fixed: changes.filter((c) => c.change === "fixed").length,
    passRates: variants.map((id) => ({ variant_id: id, before: rate(before, id), after: rate(after, id) })),
  };
}
