import { describe, expect, it } from "vitest";
import { assertValid, type Dataset, type DatasetInput, type GraphDocument } from "../../schema/index.js";
import { minimalDocument } from "../../schema/fixtures/minimalDocument.js";
import { testServices } from "../../../tests/support/services.js";
import { turnFacts } from "../regression/assertionChecks.js";
import { matchExpected, scoreCase } from "./evaluators.js";
import { cosineSimilarity, wordOverlap } from "./similarity.js";
import type { CaseFacts, EmbeddingsPort } from "./types.js";

function documentWith(dataset: DatasetInput, extra: Partial<GraphDocument> = {}): { document: GraphDocument; dataset: Dataset } {
  const document = assertValid({ ...minimalDocument(), ...extra, datasets: [dataset] });
  return { document, dataset: document.datasets?.[0] as Dataset };
}

function facts(reply: string | null, extra: Partial<CaseFacts> = {}): CaseFacts {
  return {
    inputs: ["What's the weather in Paris?"],
    turns: [{ ...turnFacts("What's the weather in Paris?", []), reply, status: "completed" }],
    reply,
    latency_ms: 120,
    usage: { input_tokens: 40, output_tokens: 10 },
    cost_usd: null,
    ...extra,
  };
}

const base: DatasetInput = { id: "d", name: "D", cases: [{ id: "c1", input: "What's the weather in Paris?", expected: "sunny" }] };

describe("the match of expected output", () => {
  it("passes a reply containing the expected text whatever its case, and says what it got otherwise", () => {
    expect(matchExpected({ match: "contains" }, { expected: "SUNNY" }, "Sunny, 21°C")?.verdict).toBe("pass");
    expect(matchExpected({ match: "contains" }, { expected: "rain" }, "Sunny, 21°C")).toMatchObject({
      verdict: "fail",
      reason: 'Expected a reply containing "rain"; got: Sunny, 21°C',
    });
  });

  it("compares exactly after trimming, and runs regexes on the linear-time engine", () => {
    expect(matchExpected({ match: "exact" }, { expected: "Sunny" }, " Sunny\n")?.verdict).toBe("pass");
    expect(matchExpected({ match: "exact" }, { expected: "Sunny" }, "Sunny!")?.verdict).toBe("fail");
    expect(matchExpected({ match: "regex" }, { expected: "^sunny, \\d+°C$" }, "Sunny, 21°C")?.verdict).toBe("pass");
    expect(matchExpected({ match: "regex" }, { expected: "(a)\\1" }, "aa")).toMatchObject({ verdict: "error" });
  });

  it("has nothing to match without an expected output or under a judge", () => {
    expect(matchExpected({ match: "contains" }, {}, "x")).toBeNull();
    expect(matchExpected({ match: "judge" }, { expected: "x" }, "x")).toBeNull();
    expect(matchExpected({ match: "none" }, { expected: "x" }, "y")).toBeNull();
  });
});

describe("evaluators", () => {
  it("checks graph-test assertions against the case's turn", async () => {
    const { document, dataset } = documentWith({
      ...base,
      evaluators: [
        { kind: "reply_matches", pattern: "\\d+°C" },
        { kind: "tool_called", tool: "get_weather" },
      ],
    });
    const scores = await scoreCase(document, dataset, dataset.cases[0]!, facts("Sunny, 21°C"), testServices());
    expect(scores.map((s) => [s.kind, s.verdict])).toEqual([
      ["expected", "pass"],
      ["reply_matches", "pass"],
      ["tool_called", "fail"],
    ]);
  });

  it("scores word overlap without an embeddings profile, at the threshold", async () => {
    expect(wordOverlap("Sunny in Paris", "sunny in paris")).toBe(1);
    expect(wordOverlap("Sunny in Paris", "It is sunny in Paris today")).toBeCloseTo(2 / 3, 5);
    expect(wordOverlap("Rain", "sunny")).toBe(0);
    const { document, dataset } = documentWith({
      ...base,
      cases: [{ id: "c1", input: "q", expected: "It is sunny in Paris today" }],
      evaluators: [{ kind: "similar", threshold: 0.6 }],
    });
    const [, similar] = await scoreCase(document, dataset, dataset.cases[0]!, facts("Sunny in Paris"), testServices());
    expect(similar).toMatchObject({ kind: "similar", verdict: "pass", score: 0.6667 });
    const [, far] = await scoreCase(document, dataset, dataset.cases[0]!, facts("Rain tomorrow"), testServices());
    expect(far).toMatchObject({ verdict: "fail", score: 0 });
  });

  it("compares by the cosine of embeddings with an embeddings profile, and reports a failed embedding as an error", async () => {
    expect(cosineSimilarity([1, 0], [1, 1])).toBeCloseTo(Math.SQRT1_2, 5);
    const extra = {
      models: [
        { id: "scripted", provider: "scripted", model: "s" },
        { id: "emb", provider: "openai", model: "text-embedding-3-small" },
      ],
    } as Partial<GraphDocument>;
    const { document, dataset } = documentWith({ ...base, evaluators: [{ kind: "similar", threshold: 0.9, embedding_profile: "emb" }] }, extra);
    const seen: string[][] = [];
    const embeddings: EmbeddingsPort = {
      embed: async (profile, texts) => (seen.push([profile.id, ...texts]), texts.map((t) => (t.toLowerCase().includes("sunny") ? [1, 0.1] : [0, 1]))),
    };
    const [, close] = await scoreCase(document, dataset, dataset.cases[0]!, facts("Sunny!"), { ...testServices(), embeddings });
    expect(close).toMatchObject({ verdict: "pass", reason: expect.stringContaining("Cosine similarity") });
    expect(seen).toEqual([["emb", "Sunny!", "sunny"]]);
    const failing: EmbeddingsPort = { embed: async () => Promise.reject(new Error("Embedding with emb failed: 401")) };
    const [, error] = await scoreCase(document, dataset, dataset.cases[0]!, facts("Sunny!"), { ...testServices(), embeddings: failing });
    expect(error).toMatchObject({ verdict: "error", reason: "Embedding with emb failed: 401" });
  });

  it("passes a reply that is JSON matching the schema, fenced or not, and says what does not match", async () => {
    const schema = { type: "object", required: ["city"], properties: { city: { type: "string" } } };
    const { document, dataset } = documentWith({ ...base, cases: [{ id: "c1", input: "q" }], evaluators: [{ kind: "json_schema", schema }] });
    const run = async (reply: string) => (await scoreCase(document, dataset, dataset.cases[0]!, facts(reply), testServices()))[0];
    expect((await run('{"city": "Paris"}'))?.verdict).toBe("pass");
    expect((await run('```json\n{"city": "Paris"}\n```'))?.verdict).toBe("pass");
    expect(await run('{"town": "Paris"}')).toMatchObject({ verdict: "fail", reason: expect.stringContaining("does not match the schema") });
    expect(await run("Paris, of course")).toMatchObject({ verdict: "fail", reason: expect.stringContaining('The reply is not JSON ("Paris, of course")') });
  });

  it("fails a case over its latency, token or cost limit, naming each", async () => {
    const { document, dataset } = documentWith({
      ...base,
      cases: [{ id: "c1", input: "q" }],
      evaluators: [{ kind: "limits", max_latency_ms: 100, max_tokens: 60, max_cost_usd: 0.01 }],
    });
    const within = await scoreCase(document, dataset, dataset.cases[0]!, facts("ok", { latency_ms: 90, cost_usd: 0.001 }), testServices());
    expect(within[0]?.verdict).toBe("pass");
    const over = await scoreCase(
      document,
      dataset,
      dataset.cases[0]!,
      facts("ok", { latency_ms: 150, usage: { input_tokens: 50, output_tokens: 20 }, cost_usd: 0.02 }),
      testServices(),
    );
    expect(over[0]).toMatchObject({ verdict: "fail", reason: "The case took 150 ms (limit 100 ms), used 70 tokens (limit 60), cost $0.02 (limit $0.01)" });
  });
});
