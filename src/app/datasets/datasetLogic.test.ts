// The Datasets dialog's logic without a browser: document edits, cell text, imports merged,
// regex problems, evaluator drafts and the reply a thread turn proposes.
import { describe, expect, it } from "vitest";
import { evaluatorSchema, validate, type Dataset, type GraphDocument } from "../../schema/index.js";
import { minimalDocument } from "../../schema/fixtures/minimalDocument.js";
import { deriveChat } from "../playground/chatMessages";
import { toolRun } from "../timeline/eventFixtures";
import { cellText, mergeCases, patternProblems, readInput, readMetadata, withCell } from "./caseCells";
import { addCaseTo, addDataset, deleteDataset, duplicateDataset, renameDataset } from "./datasetDocument";
import { changeEvaluatorKind, evaluatorDraftOf, evaluatorOf, evaluatorsOf } from "./evaluatorDraft";
import { mappingOfRoles, rolesOfMapping } from "./columnRoles";
import { nextCell } from "./gridNavigation";
import { repliesAfterTurns } from "./turnReplies";

function document(): GraphDocument {
  const result = validate(minimalDocument());
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.document;
}

const smoke: Dataset = {
  id: "smoke",
  name: "Smoke",
  match: "contains",
  evaluators: [],
  cases: [
    { id: "case-1", input: "Hi", expected: "Hello", metadata: { topic: "greeting" } },
    { id: "case-2", input: ["Hi", "Weather in Paris?"], metadata: {} },
  ],
};

describe("dataset edits of the document", () => {
  it("adds datasets under free names, renames, duplicates after the original and deletes", () => {
    const first = addDataset(document());
    const second = addDataset(first.document);
    expect([first.dataset.name, second.dataset.name]).toEqual(["Dataset 1", "Dataset 2"]);
    const renamed = renameDataset(second.document, first.dataset.id, "  Smoke ");
    if (!("document" in renamed)) throw new Error(renamed.problem);
    expect(renamed.document.datasets?.map((d) => d.name)).toEqual(["Smoke", "Dataset 2"]);
    const copy = duplicateDataset(renamed.document, first.dataset.id);
    expect(copy.document.datasets?.map((d) => d.name)).toEqual(["Smoke", "Smoke copy", "Dataset 2"]);
    expect(new Set(copy.document.datasets?.map((d) => d.id)).size).toBe(3);
    expect(deleteDataset(copy.document, first.dataset.id).datasets?.map((d) => d.name)).toEqual(["Smoke copy", "Dataset 2"]);
    // The whole document stays valid: what the dialog writes, the document takes.
    expect(validate(copy.document).ok).toBe(true);
  });

  it("refuses an empty name and one another dataset has, whatever its case", () => {
    const { document: withTwo } = addDataset(addDataset(document()).document);
    expect(renameDataset(withTwo, "dataset-2", " ")).toEqual({ problem: "Give the dataset a name" });
    expect(renameDataset(withTwo, "dataset-2", "dataset 1")).toEqual({ problem: 'Another dataset is named "dataset 1"' });
    expect("document" in renameDataset(withTwo, "dataset-2", "Dataset 2")).toBe(true);
  });
});

describe("a thread turn added to a dataset", () => {
  it("joins a chosen dataset, or starts a new one under a free name, with the reply as expected", () => {
    const base = { ...document(), datasets: [smoke] };
    const joined = addCaseTo(base, "smoke", "", "What's the weather in Paris?", "Sunny");
    if (!("document" in joined)) throw new Error(joined.problem);
    expect(joined.datasetName).toBe("Smoke");
    expect(joined.document.datasets?.[0]?.cases.at(-1)).toEqual({ id: "case-3", input: "What's the weather in Paris?", expected: "Sunny", metadata: {} });
    const started = addCaseTo(base, null, "Regressions", "Hi", "");
    if (!("document" in started)) throw new Error(started.problem);
    expect(started.document.datasets?.map((d) => [d.name, d.cases.length])).toEqual([
      ["Smoke", 2],
      ["Regressions", 1],
    ]);
    // An empty reply is no expected output: only the evaluators decide.
    expect(started.document.datasets?.[1]?.cases[0]).toEqual({ id: "case-1", input: "Hi", metadata: {} });
    expect(validate(started.document).ok).toBe(true);
  });

  it("refuses a new dataset under a taken name, and a dataset deleted meanwhile", () => {
    const base = { ...document(), datasets: [smoke] };
    expect(addCaseTo(base, null, "smoke", "Hi", "")).toEqual({ problem: 'Another dataset is named "smoke"' });
    expect(addCaseTo(base, "gone", "", "Hi", "")).toEqual({ problem: "That dataset is gone: choose another" });
  });
});

describe("case cells as text", () => {
  it("edits a conversation as turns between lines of ---, and one message as itself", () => {
    expect(cellText(smoke.cases[1]!, "input")).toBe("Hi\n---\nWeather in Paris?");
    expect(readInput("Hi\n---\nWeather in Paris?")).toEqual({ input: ["Hi", "Weather in Paris?"] });
    expect(readInput("One line\nand another")).toEqual({ input: "One line\nand another" });
    expect(readInput("Hi\n---\n ")).toEqual({ problem: "Every turn needs a message" });
    expect(readInput("")).toEqual({ problem: "Give the case a message to send" });
  });

  it("reads metadata as a flat JSON object and says what is wrong otherwise", () => {
    expect(readMetadata('{"topic": "weather", "tier": 2}')).toEqual({ metadata: { topic: "weather", tier: 2 } });
    expect(readMetadata("")).toEqual({ metadata: {} });
    expect(readMetadata("topic=weather")).toEqual({ problem: 'Metadata is a JSON object, such as {"topic": "weather"}' });
    expect(readMetadata('{"deep": {"a": 1}}')).toEqual({ problem: 'Metadata values are text, numbers, true/false or null; "deep" is not' });
  });

  it("clears the expected output when its cell is emptied", () => {
    const cleared = withCell(smoke.cases[0]!, "expected", "");
    expect("case" in cleared && cleared.case).toEqual({ id: "case-1", input: "Hi", metadata: { topic: "greeting" } });
  });

  it("gives imported cases free ids when appended, and keeps theirs when replacing", () => {
    const imported = [{ id: "case-1", input: "New", metadata: {} }];
    expect(mergeCases(smoke, imported, "append").cases.map((c) => c.id)).toEqual(["case-1", "case-2", "case-1-2"]);
    expect(mergeCases(smoke, imported, "replace").cases.map((c) => c.id)).toEqual(["case-1"]);
  });

  it("names the expected patterns of a regex dataset that the linear-time engine refuses", () => {
    const regex: Dataset = { ...smoke, match: "regex", cases: [...smoke.cases, { id: "bad", input: "x", expected: "(?=Sunny)", metadata: {} }] };
    const problems = patternProblems(regex);
    expect([...problems.keys()]).toEqual(["bad"]);
    expect(problems.get("bad")).toMatch(/lookahead/);
    expect(patternProblems({ ...regex, match: "contains" }).size).toBe(0);
  });
});

describe("evaluator drafts", () => {
  it("round-trips a judge, keeping its scripted rules the form does not show", () => {
    const judge = evaluatorSchema.parse({
      kind: "judge",
      rubric: "Polite",
      profile: "scripted",
      threshold: 4,
      script: { rules: [{ match: "please", reply: "5" }] },
    });
    const draft = evaluatorDraftOf(judge);
    expect(draft.values).toEqual({ rubric: "Polite", profile: "scripted", scale: "score", threshold: "4" });
    const read = evaluatorOf({ ...draft, values: { ...draft.values, threshold: "5" } }, 0);
    expect(read).toEqual({ evaluator: { ...judge, threshold: 5 } });
  });

  it("names the field and the evaluator of each problem, for the four kinds and the assertion kinds", () => {
    const similar = evaluatorDraftOf({ kind: "similar", threshold: 0.6 });
    expect(evaluatorOf({ ...similar, values: { ...similar.values, threshold: "2" } }, 1)).toEqual({
      problems: [{ message: expect.stringMatching(/^Threshold: /), assertion: 1, field: "threshold" }],
    });
    const schema = evaluatorDraftOf({ kind: "json_schema", schema: { type: "object" } });
    expect(evaluatorOf({ ...schema, values: { schema: "{" } }, 0)).toEqual({
      problems: [{ message: expect.stringMatching(/^JSON Schema: not valid JSON/), assertion: 0, field: "schema" }],
    });
    const pattern = evaluatorDraftOf({ kind: "reply_matches", pattern: "x" });
    const bad = evaluatorsOf([similar, { ...pattern, values: { ...pattern.values, pattern: "(?=x)y" } }]);
    expect("problems" in bad && bad.problems).toEqual([{ message: expect.stringMatching(/lookahead/), assertion: 1, field: "pattern" }]);
  });

  it("changes kind keeping shared fields, and reads limits with only the ones set", () => {
    const judge = changeEvaluatorKind(evaluatorDraftOf({ kind: "reply_contains", text: "Sunny" }), "judge", "scripted");
    expect(judge.values.profile).toBe("scripted");
    const limits = changeEvaluatorKind(judge, "limits", "scripted");
    expect(evaluatorOf({ ...limits, values: { ...limits.values, max_tokens: "500" } }, 0)).toEqual({ evaluator: { kind: "limits", max_tokens: 500 } });
  });
});

describe("the reply a thread turn proposes as expected", () => {
  it("is the last reply with text before the next user message", () => {
    const chat = deriveChat(toolRun());
    const user = chat.find((m) => m.kind === "user");
    expect(repliesAfterTurns(chat).get(user!.id)).toBe("Sunny, 21°C.");
  });
});

describe("moving in the case grid", () => {
  const size = { rows: 3, columns: 3, page: 10 };
  it("wraps Tab to the next row and lets it leave past the last cell", () => {
    expect(nextCell({ row: 0, column: 2 }, { key: "Tab" }, size)).toEqual({ row: 1, column: 0 });
    expect(nextCell({ row: 1, column: 0 }, { key: "Tab", shiftKey: true }, size)).toEqual({ row: 0, column: 2 });
    expect(nextCell({ row: 2, column: 2 }, { key: "Tab" }, size)).toBeNull();
    expect(nextCell({ row: 0, column: 0 }, { key: "Tab", shiftKey: true }, size)).toBeNull();
  });

  it("stops arrows and pages at the edges and jumps with Ctrl+Home and Ctrl+End", () => {
    expect(nextCell({ row: 0, column: 0 }, { key: "ArrowUp" }, size)).toEqual({ row: 0, column: 0 });
    expect(nextCell({ row: 1, column: 1 }, { key: "PageDown" }, size)).toEqual({ row: 2, column: 1 });
    expect(nextCell({ row: 1, column: 1 }, { key: "End", ctrlKey: true }, size)).toEqual({ row: 2, column: 2 });
    expect(nextCell({ row: 1, column: 1 }, { key: "Home" }, size)).toEqual({ row: 1, column: 0 });
    expect(nextCell({ row: 0, column: 0 }, { key: "x" }, size)).toBeNull();
  });
});

describe("the import mapping by column", () => {
  it("turns the proposed mapping into a role per column and back, and asks for an input column", () => {
    const mapping = { input: 1, expected: 0, id: null, metadata: [3] };
    const roles = rolesOfMapping(mapping, 4);
    expect(roles).toEqual(["expected", "input", "ignore", "metadata"]);
    expect(mappingOfRoles(roles)).toEqual(mapping);
    expect(mappingOfRoles(["expected", "ignore"])).toBe("Choose the column that holds the input");
  });
});
