import { describe, expect, it } from "vitest";
import { caseLabel, validate, type DatasetInput, type GraphDocumentInput, type ValidationIssue } from "./index.js";
import { minimalDocument } from "./fixtures/minimalDocument.js";

function withDatasets(...datasets: DatasetInput[]): GraphDocumentInput {
  return { ...minimalDocument(), datasets };
}

const weather: DatasetInput = {
  id: "weather",
  name: "Weather questions",
  cases: [
    { id: "c1", input: "What's the weather in Paris?", expected: "sunny" },
    { id: "c2", input: ["hello", "And in London?"], metadata: { city: "London", hard: true } },
  ],
  evaluators: [
    { kind: "judge", rubric: "Names the weather", profile: "scripted" },
    { kind: "reply_contains", text: "°C" },
    { kind: "limits", max_tokens: 500 },
  ],
};

function errorsOf(input: GraphDocumentInput): ValidationIssue[] {
  const result = validate(input);
  return result.ok ? [] : result.errors;
}

describe("datasets in the document", () => {
  it("leaves documents without datasets as they were", () => {
    const result = validate(minimalDocument());
    expect(result.ok).toBe(true);
    expect(result.ok && "datasets" in result.document).toBe(false);
  });

  it("fills in the contains match, metadata and the judge's 1–5 scale with threshold 4", () => {
    const result = validate(withDatasets(weather));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [dataset] = result.document.datasets ?? [];
    expect(dataset?.match).toBe("contains");
    expect(dataset?.cases[0]?.metadata).toEqual({});
    expect(dataset?.cases[1]?.metadata).toEqual({ city: "London", hard: true });
    expect(dataset?.evaluators[0]).toMatchObject({ kind: "judge", scale: "score", threshold: 4 });
  });

  it("labels a conversation case by its last turn", () => {
    expect(caseLabel({ input: ["hello", "And in London?"] })).toBe("And in London? (turn 2)");
    expect(caseLabel({ input: "Hi" })).toBe("Hi");
  });

  it("reports a dataset without a name and two datasets of one name", () => {
    const errors = errorsOf(withDatasets({ ...weather, name: " " }, { ...weather, id: "w2" }, { ...weather, id: "w3", name: "weather QUESTIONS" }));
    expect(errors).toContainEqual(
      expect.objectContaining({ code: "INVALID_VALUE", path: "$.datasets[0].name", message: "Dataset 1 has no name: give it one" }),
    );
    expect(errors).toContainEqual(expect.objectContaining({ code: "DUPLICATE_NAME", path: "$.datasets[2].name" }));
  });

  it("reports a case with no input, naming the dataset and the case", () => {
    const errors = errorsOf(
      withDatasets({
        ...weather,
        cases: [
          { id: "c1", input: "ok" },
          { id: "c2", input: "  " },
          { id: "c3", input: ["hi", ""] },
        ],
      }),
    );
    expect(errors).toContainEqual({
      code: "INVALID_VALUE",
      path: "$.datasets[0].cases[1].input",
      message: 'Dataset "Weather questions": case 2 has no input: give it a message to send',
    });
    expect(errors).toContainEqual(expect.objectContaining({ path: "$.datasets[0].cases[2].input[1]" }));
  });

  it("reports an expected pattern the linear-time engine refuses, with its path", () => {
    const errors = errorsOf(withDatasets({ ...weather, match: "regex", cases: [{ id: "c1", input: "hi", expected: "(a)\\1" }] }));
    expect(errors).toEqual([expect.objectContaining({ code: "INVALID_VALUE", path: "$.datasets[0].cases[0].expected" })]);
    expect(errors[0]?.message).toContain("backreference");
  });

  it("reports a regex assertion evaluator with a bad pattern and a judge on a missing profile", () => {
    const errors = errorsOf(
      withDatasets({
        ...weather,
        evaluators: [
          { kind: "reply_matches", pattern: "(?=x)" },
          { kind: "judge", rubric: "r", profile: "gpt-judge" },
        ],
      }),
    );
    expect(errors.map((e) => [e.code, e.path])).toEqual([
      ["INVALID_VALUE", "$.datasets[0].evaluators[0].pattern"],
      ["MISSING_MODEL", "$.datasets[0].evaluators[1].profile"],
    ]);
  });

  it("refuses a judge match without a judge, and a variant on a missing profile or node", () => {
    const errors = errorsOf(
      withDatasets({
        ...weather,
        match: "judge",
        evaluators: [],
        variants: [
          { id: "a", name: "A", profile: "nope" },
          { id: "b", name: "B", prompt: { node: "end", system_prompt: "Be brief" } },
        ],
      }),
    );
    expect(errors.map((e) => [e.code, e.path])).toEqual([
      ["INVALID_VALUE", "$.datasets[0].match"],
      ["MISSING_MODEL", "$.datasets[0].variants[0].profile"],
      ["MISSING_AGENT", "$.datasets[0].variants[1].prompt.node"],
    ]);
  });

  it("refuses an unknown evaluator kind with its path", () => {
    const errors = errorsOf(withDatasets({ ...weather, evaluators: [{ kind: "vibes" } as never] }));
    expect(errors[0]?.path).toBe("$.datasets[0].evaluators[0].kind");
  });
});
