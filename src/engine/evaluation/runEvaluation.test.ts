import { describe, expect, it } from "vitest";
import weather from "../../../examples/weather-assistant.json" with { type: "json" };
import { assertValid, type Dataset, type DatasetInput, type GraphDocument } from "../../schema/index.js";
import { testServices } from "../../../tests/support/services.js";
import { EngineError } from "../errors.js";
import { runEvaluation, type EvaluationProgress } from "./runEvaluation.js";

/** The weather example (streaming at once) with a second scripted profile and this dataset. */
function weatherWith(dataset: DatasetInput): { document: GraphDocument; dataset: Dataset } {
  const source = structuredClone(weather) as unknown as {
    models: unknown[];
    nodes: { kind: string; data: { script?: { tokens_per_second: number; rules: unknown[] } } }[];
  };
  source.models.push({ id: "fast", provider: "scripted", model: "scripted-fast" });
  for (const node of source.nodes) {
    if (node.kind !== "agent" || !node.data.script) continue;
    node.data.script.tokens_per_second = 0;
    // The "fast" profile and a "be terse" prompt answer greetings differently: what a variant comparison sees.
    node.data.script.rules.unshift({ match: "^hello", when: "profile == 'fast' || system.contains('terse')", reply: "Yo." });
  }
  const document = assertValid({ ...source, datasets: [dataset] });
  return { document, dataset: document.datasets?.[0] as Dataset };
}

const cases: DatasetInput["cases"] = [
  { id: "paris", input: "What's the weather in Paris?", expected: "sunny" },
  { id: "hello", input: "hello", expected: "Hello!" },
  { id: "sum", input: "What is 12 * (3 + 4)?", expected: "84" },
];

describe("runEvaluation", () => {
  it("runs every case on every variant and keeps reply, scores, tokens, thread and runs per cell", async () => {
    const { document, dataset } = weatherWith({ id: "w", name: "Weather", cases, evaluators: [{ kind: "tool_not_called", tool: "calculator", turn: 1 }] });
    const progress: EvaluationProgress[] = [];
    const result = await runEvaluation(
      {
        document,
        dataset,
        variants: [
          { id: "base", name: "scripted", profile: "scripted" },
          { id: "fast", name: "fast", profile: "fast" },
        ],
      },
      testServices(),
      { concurrency: 2, onProgress: (p) => progress.push(p), threadPrefix: "t" },
    );
    expect(result.status).toBe("completed");
    expect(result.cases.map((c) => [c.variant_id, c.case_id, c.status])).toEqual([
      ["base", "paris", "passed"],
      ["fast", "paris", "passed"],
      ["base", "hello", "passed"],
      ["fast", "hello", "failed"],
      ["base", "sum", "failed"],
      ["fast", "sum", "failed"],
    ]);
    const paris = result.cases[0];
    expect(paris?.reply).toBe("Right now: Sunny, 21°C, light wind in Paris.");
    expect(paris?.thread_id).toBe("t:base:paris");
    expect(paris?.run_ids).toHaveLength(1);
    expect(paris?.tokens).toBeGreaterThan(0);
    expect(paris?.usage?.estimated).toBe(true);
    expect(paris?.scores.map((s) => [s.kind, s.verdict])).toEqual([
      ["expected", "pass"],
      ["tool_not_called", "pass"],
    ]);
    expect(result.cases[3]?.scores[0]?.reason).toBe('Expected a reply containing "Hello!"; got: Yo.');
    expect(result.summary.map((s) => [s.name, s.passed, s.cases, Number(s.pass_rate.toFixed(2))])).toEqual([
      ["scripted", 2, 3, 0.67],
      ["fast", 1, 3, 0.33],
    ]);
    const ends = progress.filter((p) => p.type === "case_end");
    expect(ends.map((p) => p.done)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ends[0]?.type === "case_end" && ends[0].events.some((e) => e.type === "run_end")).toBe(true);
  });

  it("runs a prompt override of one agent as its own variant, leaving the document unchanged", async () => {
    const { document, dataset } = weatherWith({
      id: "w",
      name: "Weather",
      cases: [cases[1]!],
      variants: [
        { id: "drawn", name: "As drawn" },
        { id: "terse", name: "Terse prompt", prompt: { node: "assistant", system_prompt: "Be terse." } },
      ],
    });
    const before = JSON.stringify(document);
    const result = await runEvaluation({ document, dataset }, testServices());
    expect(result.cases.map((c) => [c.variant_id, c.reply])).toEqual([
      ["drawn", "Hello! Ask me about the weather in a city, or give me a sum to work out."],
      ["terse", "Yo."],
    ]);
    expect(JSON.stringify(document)).toBe(before);
  });

  it("plays a conversation case turn by turn on one thread and evaluates the last reply", async () => {
    const { document, dataset } = weatherWith({
      id: "w",
      name: "W",
      cases: [{ id: "conv", input: ["hello", "What's the weather in London?"], expected: "drizzle" }],
    });
    const result = await runEvaluation({ document, dataset }, testServices());
    expect(result.cases[0]).toMatchObject({ status: "passed", reply: "Right now: Drizzle, 14°C in London." });
    expect(result.cases[0]?.run_ids).toHaveLength(2);
  });

  it("counts a judge that answers in prose as an error of the case, not a pass", async () => {
    const { document, dataset } = weatherWith({
      id: "w",
      name: "W",
      match: "judge",
      cases: [cases[0]!],
      evaluators: [{ kind: "judge", rubric: "Names the weather", profile: "scripted", script: { rules: [{ match: "Reply:", reply: "Looks great to me!" }] } }],
    });
    const result = await runEvaluation({ document, dataset }, testServices());
    expect(result.status).toBe("incomplete");
    expect(result.cases[0]).toMatchObject({ status: "error", passed: false });
    expect(result.cases[0]?.error).toContain('Judge error: it answered "Looks great to me!"');
    expect(result.summary[0]).toMatchObject({ passed: 0, errors: 1, pass_rate: 0 });
  });

  it("keeps the finished cases on Stop, and a resume runs only the rest", async () => {
    const { document, dataset } = weatherWith({ id: "w", name: "W", cases });
    const controller = new AbortController();
    const stopped = await runEvaluation({ document, dataset }, testServices(), {
      concurrency: 1,
      signal: controller.signal,
      onProgress: (p) => p.type === "case_end" && controller.abort(),
    });
    expect(stopped.status).toBe("stopped");
    expect(stopped.cases.map((c) => [c.case_id, c.status])).toEqual([["paris", "passed"]]);
    const started: string[] = [];
    const resumed = await runEvaluation({ document, dataset }, testServices(), {
      previous: stopped,
      onProgress: (p) => p.type === "case_start" && started.push(p.case_id),
    });
    expect(started).toEqual(["hello", "sum"]);
    expect(resumed.status).toBe("completed");
    expect(resumed.cases.map((c) => c.case_id)).toEqual(["paris", "hello", "sum"]);
    expect(resumed.cases[0]).toBe(stopped.cases[0]);
  });

  it("marks the cases running when Stop comes as cancelled, and a resume runs them again", async () => {
    const { document, dataset } = weatherWith({ id: "w", name: "W", cases });
    const slow = structuredClone(document);
    for (const node of slow.nodes) if (node.kind === "agent" && node.data.script) node.data.script.tokens_per_second = 50;
    const controller = new AbortController();
    const stopped = await runEvaluation({ document: slow, dataset }, testServices(), {
      concurrency: 2,
      signal: controller.signal,
      onProgress: (p) => p.type === "case_start" && p.case_id === "hello" && controller.abort(),
    });
    expect(stopped.status).toBe("stopped");
    expect(stopped.cases.map((c) => [c.case_id, c.status, c.error])).toEqual([
      ["paris", "cancelled", "Stopped"],
      ["hello", "cancelled", "Stopped"],
    ]);
    expect(stopped.summary[0]).toMatchObject({ cases: 0, pass_rate: 0 });
    const resumed = await runEvaluation({ document, dataset }, testServices(), { previous: stopped });
    expect(resumed.cases.map((c) => [c.case_id, c.status])).toEqual([
      ["paris", "passed"],
      ["hello", "passed"],
      ["sum", "passed"],
    ]);
  });

  it("refuses what cannot run before running anything, saying why", async () => {
    const { document, dataset } = weatherWith({ id: "w", name: "W", cases });
    const five = Array.from({ length: 5 }, (_, i) => ({ id: `v${i}`, name: `v${i}` }));
    await expect(runEvaluation({ document, dataset, variants: five }, testServices())).rejects.toThrow("at most 4 variants, not 5");
    await expect(runEvaluation({ document, dataset: { ...dataset, cases: [] } }, testServices())).rejects.toThrow('Dataset "W" has no cases');
    const missing = runEvaluation({ document, dataset, variants: [{ id: "x", name: "gpt", profile: "gpt-4o" }] }, testServices());
    await expect(missing).rejects.toBeInstanceOf(EngineError);
    await expect(missing).rejects.toThrow('Variant "gpt" uses model profile "gpt-4o", which this graph does not have (it has "scripted", "fast")');
    const other = { ...(await runEvaluation({ document, dataset: { ...dataset, cases: [dataset.cases[0]!] } }, testServices())), dataset_id: "other" };
    await expect(runEvaluation({ document, dataset }, testServices(), { previous: other })).rejects.toThrow("cannot be resumed");
  });
});
