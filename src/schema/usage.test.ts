import { describe, expect, it } from "vitest";
import { addUsage, costOf, estimateTokens, formatBreakdown, formatCost, formatTotal, usageTotals, type UsageEvent } from "./usage.js";

const prices = { input_per_million: 3, output_per_million: 15 };

/** A run with an agent that calls its model, then delegates to a sub-agent (nested call) that calls its own. */
function events(): UsageEvent[] {
  const at = (call_id: string, parent_call_id: string | null, type = "agent_start") => ({ type, run_id: "r1", call_id, parent_call_id });
  return [
    at("r1", null, "run_start"),
    at("agent", "r1"),
    { ...at("agent", "r1", "ai_message"), profile: "claude", usage: { input_tokens: 1000, output_tokens: 100 } },
    at("tool", "agent", "tool_call"),
    at("sub", "tool"),
    { ...at("sub", "tool", "ai_message"), profile: "mini", usage: { input_tokens: 400, output_tokens: 40, cached_tokens: 300 } },
    { ...at("agent", "r1", "ai_message"), profile: "claude", usage: { input_tokens: 1500, output_tokens: 60 } },
    at("r1", null, "run_end"),
  ];
}

describe("usage totals", () => {
  it("totals a run's calls per run, per call (nested calls included) and per event", () => {
    const totals = usageTotals(events(), [
      { id: "claude", prices },
      { id: "mini", prices: { input_per_million: 1, output_per_million: 2, cached_input_per_million: 0.5 } },
    ]);
    expect(totals.byRun.get("r1")?.usage).toEqual({ input_tokens: 2900, output_tokens: 200, cached_tokens: 300 });
    expect(totals.byRun.get("r1")?.calls).toBe(3);
    expect(totals.byCall.get("sub")?.usage).toEqual({ input_tokens: 400, output_tokens: 40, cached_tokens: 300 });
    expect(totals.byCall.get("tool")?.calls).toBe(1);
    expect(totals.byCall.get("agent")?.calls).toBe(3);
    expect([...totals.byEvent.keys()]).toEqual([2, 5, 6]);
    const claude = (2500 * 3 + 160 * 15) / 1e6;
    const mini = (100 * 1 + 300 * 0.5 + 40 * 2) / 1e6;
    expect(totals.byRun.get("r1")?.cost_usd).toBeCloseTo(claude + mini, 12);
    expect(totals.byCall.get("sub")?.cost_usd).toBeCloseTo(mini, 12);
  });

  it("leaves the cost null when no profile has prices, and counts calls without prices", () => {
    expect(usageTotals(events(), [{ id: "claude" }]).byRun.get("r1")).toMatchObject({ cost_usd: null, unpriced_calls: 3 });
    expect(usageTotals(events(), [{ id: "claude", prices }]).byRun.get("r1")).toMatchObject({ unpriced_calls: 1 });
  });

  it("skips ai_message events without usage", () => {
    const totals = usageTotals([{ type: "ai_message", run_id: "r", call_id: "c", parent_call_id: null, profile: null }], []);
    expect(totals.byRun.size).toBe(0);
  });
});

describe("cost", () => {
  it("charges cache reads and writes at their own prices, and at the input price when unset", () => {
    const usage = { input_tokens: 1000, output_tokens: 10, cached_tokens: 600, cache_write_tokens: 100 };
    expect(costOf(usage, { input_per_million: 4, output_per_million: 20 })).toBeCloseTo((1000 * 4 + 10 * 20) / 1e6, 12);
    expect(costOf(usage, { input_per_million: 4, output_per_million: 20, cached_input_per_million: 0.4, cache_write_per_million: 5 })).toBeCloseTo(
      (300 * 4 + 600 * 0.4 + 100 * 5 + 10 * 20) / 1e6,
      12,
    );
  });

  it("marks a sum estimated when either part is", () => {
    expect(addUsage({ input_tokens: 1, output_tokens: 1 }, { input_tokens: 2, output_tokens: 3, estimated: true })).toEqual({
      input_tokens: 3,
      output_tokens: 4,
      estimated: true,
    });
  });

  it("estimates about four characters a token", () => {
    expect([estimateTokens(""), estimateTokens("abcd"), estimateTokens("abcde")]).toEqual([0, 1, 2]);
  });
});

describe("usage text", () => {
  it("reads tokens and cost, with ~ for estimates and ≥ when some calls are unpriced", () => {
    const total = { usage: { input_tokens: 1200, output_tokens: 34 }, calls: 2, cost_usd: 0.004512, unpriced_calls: 0 };
    expect(formatTotal(total)).toBe("1,234 tokens · $0.00451");
    expect(formatTotal({ ...total, cost_usd: null })).toBe("1,234 tokens");
    expect(formatTotal({ ...total, usage: { ...total.usage, estimated: true } })).toBe("~1,234 tokens · ~$0.00451");
    expect(formatTotal({ ...total, unpriced_calls: 1 })).toBe("1,234 tokens · ≥ $0.00451");
  });

  it("writes dollars with three significant digits below one dollar, cents above", () => {
    expect([formatCost(0), formatCost(0.000123456), formatCost(0.5), formatCost(12.345)]).toEqual(["$0", "$0.000123", "$0.5", "$12.35"]);
  });

  it("breaks a usage into input, cached and output", () => {
    expect(formatBreakdown({ input_tokens: 1200, output_tokens: 80, cached_tokens: 1024, cache_write_tokens: 100 })).toBe(
      "input 1,200 (1,024 cached, 100 written to cache) · output 80",
    );
  });
});
