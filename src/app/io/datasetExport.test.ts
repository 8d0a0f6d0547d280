import { describe, expect, it } from "vitest";
import { validate, type GraphDocument } from "../../schema/index.js";
import { minimalDocument } from "../../schema/fixtures/minimalDocument.js";
import { exportGraphJson } from "./exportJson";
import { readGraphFile } from "./importGraph";

const OPENAI_KEY = "sk-proj-abcDEF1234567890abcdefXYZ";

function withDataset(): GraphDocument {
  const result = validate({
    ...minimalDocument(),
    datasets: [
      {
        id: "d1",
        name: "Smoke",
        match: "regex",
        cases: [
          { id: "c1", input: "hello", expected: "^Hel", metadata: { tier: "gold", score: 3 } },
          { id: "c2", input: ["hi", `my key is ${OPENAI_KEY}`] },
        ],
        evaluators: [{ kind: "judge", rubric: "Polite", profile: "scripted", scale: "pass_fail" }],
        variants: [{ id: "brief", name: "Brief", prompt: { node: "assistant", system_prompt: "Be brief." } }],
      },
    ],
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.document;
}

describe("datasets in the JSON export", () => {
  it("exports a dataset with the graph and reads it back equal, a pasted key redacted", () => {
    const document = withDataset();
    const exported = exportGraphJson(document);
    expect(exported.text).not.toContain(OPENAI_KEY);
    expect(exported.removed).toEqual(["$.datasets[0].cases[1].input[1]"]);
    const back = readGraphFile(exported.text, { takenIds: new Set(), newId: () => "fresh" });
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    const [dataset] = back.document.datasets ?? [];
    expect(dataset?.cases[0]).toEqual(document.datasets?.[0]?.cases[0]);
    expect(dataset?.evaluators).toEqual(document.datasets?.[0]?.evaluators);
    expect(dataset?.variants).toEqual(document.datasets?.[0]?.variants);
  });
});
