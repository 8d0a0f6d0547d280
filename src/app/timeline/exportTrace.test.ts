import { describe, expect, it } from "vitest";
import type { RunEvent } from "../../engine/index.js";
import { toolRun } from "./eventFixtures";
import { traceFile } from "./exportTrace";

const withUsage = (events: RunEvent[]): RunEvent[] =>
  events.map((e) => (e.type === "ai_message" ? { ...e, usage: { input_tokens: 1_000, output_tokens: 50, cached_tokens: 500 } } : e));

describe("the trace file", () => {
  it("holds each run's tokens and cost at the answering profile's prices, in run order", () => {
    const events = [...withUsage(toolRun({ runId: "r1" })), ...toolRun({ runId: "r2", start: 9_000 })];
    const prices = { input_per_million: 4, output_per_million: 16, cached_input_per_million: 1 };
    const file = traceFile(events, { id: "t1", title: "Weather" }, "g1", new Date(0), [{ id: "scripted", prices }]);
    expect(file.runs).toEqual([
      {
        run_id: "r1",
        model_calls: 2,
        usage: { input_tokens: 2_000, output_tokens: 100, cached_tokens: 1_000 },
        cost_usd: expect.closeTo((1_000 * 4 + 1_000 * 1 + 100 * 16) / 1e6, 12) as number,
        unpriced_calls: 0,
      },
      { run_id: "r2", model_calls: 0, usage: { input_tokens: 0, output_tokens: 0 }, cost_usd: null, unpriced_calls: 0 },
    ]);
    expect(file.events).toHaveLength(events.length);
  });
});
