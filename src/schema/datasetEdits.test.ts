import { describe, expect, it } from "vitest";
import { addCase, blankDataset, duplicateCase, removeCases } from "./datasetEdits.js";
import { datasetSchema, validate } from "./index.js";
import { minimalDocument } from "./fixtures/minimalDocument.js";

describe("dataset edits", () => {
  it("names a new dataset so no two share a name or an id", () => {
    const first = blankDataset([]);
    expect(first).toEqual({ id: "dataset-1", name: "Dataset 1", match: "contains", evaluators: [], cases: [] });
    const second = blankDataset([first]);
    expect([second.id, second.name]).toEqual(["dataset-2", "Dataset 2"]);
    expect(blankDataset([first, { id: "smoke", name: "Smoke" }], "smoke").name).toBe("smoke 2");
  });

  it("adds a turn as a case with its reply as the expected output, and the document stays valid", () => {
    let dataset = blankDataset([]);
    dataset = addCase(dataset, "What's the weather in Paris?", "Right now: Sunny");
    dataset = addCase(dataset, ["hello", "And London?"]);
    expect(dataset.cases).toEqual([
      { id: "case-1", input: "What's the weather in Paris?", expected: "Right now: Sunny", metadata: {} },
      { id: "case-2", input: ["hello", "And London?"], metadata: {} },
    ]);
    expect(validate({ ...minimalDocument(), datasets: [dataset] }).ok).toBe(true);
  });

  it("duplicates a case right after it under a new id, and removes cases by id", () => {
    const dataset = datasetSchema.parse({
      id: "d",
      name: "D",
      cases: [
        { id: "a", input: "1" },
        { id: "b", input: "2" },
      ],
    });
    const doubled = duplicateCase(dataset, "a");
    expect(doubled.cases.map((c) => [c.id, c.input])).toEqual([
      ["a", "1"],
      ["a-2", "1"],
      ["b", "2"],
    ]);
    expect(addCase(doubled, "3").cases.at(-1)?.id).toBe("case-4");
    expect(removeCases(doubled, ["a", "b"]).cases.map((c) => c.id)).toEqual(["a-2"]);
    expect(duplicateCase(dataset, "nope")).toBe(dataset);
  });
});
