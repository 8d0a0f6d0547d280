import { describe, expect, it } from "vitest";
import type { RunEvent } from "../../engine/index.js";
import { usageTotals } from "../../schema/index.js";
import { toolRun } from "./eventFixtures";
import { rowUsage } from "./rowUsage";
import { indexCalls, timelineRows } from "./timelineRows";

/** The fixture run with usage on its two model calls, the first answered by a priced profile. */
function pricedRun(): RunEvent[] {
  let call = 0;
  return toolRun().map((event) => {
    if (event.type !== "ai_message") return event;
    call++;
    return call === 1
      ? { ...event, profile: "gpt", usage: { input_tokens: 1_000, output_tokens: 20, cached_tokens: 800 } }
      : { ...event, profile: "local", usage: { input_tokens: 1_100, output_tokens: 10 } };
  });
}

function usageByRow(events: RunEvent[]) {
  const totals = usageTotals(events, [{ id: "gpt", prices: { input_per_million: 2, output_per_million: 8, cached_input_per_million: 0.5 } }, { id: "local" }]);
  const rows = timelineRows(events, indexCalls(events), { collapsed: new Set(), filter: "", verbose: false });
  return Object.fromEntries(
    rows.flatMap((r) => {
      const usage = rowUsage(r.event, r.index, r.opensCall, totals);
      return usage ? [[`${r.label}#${r.index}`, usage]] : [];
    }),
  );
}

describe("tokens and cost on timeline rows", () => {
  it("shows each model call's tokens on its row, the agent's and the run's totals on theirs", () => {
    const cost = (200 * 2 + 800 * 0.5 + 20 * 8) / 1e6;
    expect(Object.fromEntries(Object.entries(usageByRow(pricedRun())).map(([k, v]) => [k, v.text]))).toEqual({
      "run_start#0": `2,130 tokens · ≥ $${Number(cost.toPrecision(3))}`,
      "agent_start Assistant#3": `2,130 tokens · ≥ $${Number(cost.toPrecision(3))}`,
      "ai_message Assistant#6": `1,020 tokens · $${Number(cost.toPrecision(3))}`,
      "ai_message Assistant#11": "1,110 tokens",
      "run_end#15": `2,130 tokens · ≥ $${Number(cost.toPrecision(3))}`,
    });
  });

  it("details input, cached and output tokens, the number of calls and those without prices", () => {
    const byRow = usageByRow(pricedRun());
    expect(byRow["ai_message Assistant#6"]?.detail).toBe("input 1,000 (800 cached) · output 20 · 1 model call");
    expect(byRow["run_start#0"]?.detail).toBe("input 2,100 (800 cached) · output 30 · 2 model calls · 1 without prices");
  });

  it("shows nothing where no model call reported usage", () => {
    expect(usageByRow(toolRun())).toEqual({});
  });
});
