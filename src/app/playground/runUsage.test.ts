import { describe, expect, it } from "vitest";
import type { RunEvent } from "../../engine/index.js";
import { toolRun } from "../timeline/eventFixtures";
import { lastRunUsage } from "./runUsage";

const withUsage = (events: RunEvent[], input_tokens: number, output_tokens: number, estimated = false): RunEvent[] =>
  events.map((e) => (e.type === "ai_message" ? { ...e, usage: { input_tokens, output_tokens, ...(estimated ? { estimated } : {}) } } : e));

describe("the playground's last run usage", () => {
  it("totals the run started last, priced at the answering profile", () => {
    const events = [...withUsage(toolRun({ runId: "r1" }), 10_000, 10_000), ...withUsage(toolRun({ runId: "r2", start: 5_000 }), 600, 17)];
    expect(lastRunUsage(events, [{ id: "scripted", prices: { input_per_million: 1, output_per_million: 10 } }])).toEqual({
      text: "Last run: 1,234 tokens · $0.00154",
      detail: "input 1,200 · output 34 · 2 model calls",
    });
  });

  it("totals only the last run's calls when an earlier run's events arrive among them", () => {
    const earlier = withUsage(toolRun({ runId: "r1" }), 10_000, 10_000);
    const last = withUsage(toolRun({ runId: "r2", start: 5_000 }), 100, 20);
    // r1's last events stream in after r2 started (a background run finishing beside a new turn).
    const events = [...earlier.slice(0, 8), last[0]!, ...earlier.slice(8), ...last.slice(1)];
    expect(lastRunUsage(events, [])?.text).toBe("Last run: 240 tokens");
  });

  it("marks an estimate with ~ and leaves the cost out without prices", () => {
    expect(lastRunUsage(withUsage(toolRun(), 100, 20, true), [])?.text).toBe("Last run: ~240 tokens");
  });

  it("is empty before a run and for a run whose calls reported no usage", () => {
    expect(lastRunUsage([], [])).toBeNull();
    expect(lastRunUsage(toolRun(), [])).toBeNull();
  });
});
