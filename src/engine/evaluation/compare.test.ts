import { describe, expect, it } from "vitest";
import weather from "../../../examples/weather-assistant.json" with { type: "json" };
import { assertValid, type Dataset } from "../../schema/index.js";
import { testServices } from "../../../tests/support/services.js";
import { compareEvaluations } from "./compare.js";
import { runEvaluation } from "./runEvaluation.js";

function weatherDocument(greeting: string) {
  const source = structuredClone(weather) as unknown as {
    nodes: { kind: string; data: { script?: { tokens_per_second: number; rules: { match?: string; reply?: string }[] } } }[];
  };
  for (const node of source.nodes) {
    if (!node.data.script) continue;
    node.data.script.tokens_per_second = 0;
    const rule = node.data.script.rules.find((r) => r.match?.startsWith("^(hi|hello"));
    if (rule) rule.reply = greeting;
  }
  const document = assertValid(source);
  return { document, dataset: document.datasets?.[0] as Dataset };
}

describe("compareEvaluations", () => {
  it("marks the case that passed before and fails after a change of the graph as regressed", async () => {
    const before = weatherDocument("Hello! Ask me about the weather in a city, or give me a sum to work out.");
    const after = weatherDocument("Hi.");
    const first = await runEvaluation(before, testServices());
    const second = await runEvaluation(after, testServices());
    const comparison = compareEvaluations(first, second);
    expect(comparison.regressed).toBe(1);
    expect(comparison.fixed).toBe(0);
    expect(comparison.changes.filter((c) => c.change !== "same")).toEqual([
      { case_id: "greeting", variant_id: "as-drawn", change: "regressed", before: "passed", after: "failed" },
    ]);
    expect(comparison.passRates).toEqual([{ variant_id: "as-drawn", before: 1, after: 6 / 7 }]);
    expect(compareEvaluations(second, first)).toMatchObject({ regressed: 0, fixed: 1 });
  });

  it("counts cases in only one run as added or removed, not as regressions", async () => {
    const { document, dataset } = weatherDocument("Hello!");
    const small = await runEvaluation({ document, dataset: { ...dataset, cases: dataset.cases.slice(0, 2) } }, testServices());
    const other = await runEvaluation({ document, dataset: { ...dataset, cases: dataset.cases.slice(1, 3) } }, testServices());
    const { changes, regressed } = compareEvaluations(small, other);
    expect(regressed).toBe(0);
    expect(changes.map((c) => [c.case_id, c.change])).toEqual([
      ["london", "same"],
      ["tokyo", "added"],
      ["paris", "removed"],
    ]);
  });
});
