/** The Weather and Support desk templates ship a dataset with a judge, and it runs offline the way `npm run cli -- eval` runs it. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runDocumentEvaluation } from "../src/cli/evalCommand.js";
import { validateText, type Dataset, type GraphDocument } from "../src/schema/index.js";

const dir = path.resolve(import.meta.dirname, "../examples");

function load(file: string): { document: GraphDocument; dataset: Dataset } {
  const result = validateText(readFileSync(path.join(dir, file), "utf8"));
  if (!result.ok) throw new Error(`${file}: ${result.errors.map((e) => `${e.path} ${e.message}`).join("; ")}`);
  const [dataset, ...more] = result.document.datasets ?? [];
  if (!dataset || more.length > 0) throw new Error(`${file} should ship one dataset`);
  return { document: result.document, dataset };
}

describe("template datasets", { timeout: 120_000 }, () => {
  it("Weather ships 5–8 cases judged by the scripted model, and every one passes", async () => {
    const { document, dataset } = load("weather-assistant.json");
    expect(dataset.cases.length).toBeGreaterThanOrEqual(5);
    expect(dataset.cases.length).toBeLessThanOrEqual(8);
    expect(dataset.evaluators).toContainEqual(expect.objectContaining({ kind: "judge", profile: "scripted" }));
    const result = await runDocumentEvaluation({ document, dataset }, dir);
    const notPassed = result.cases.filter((c) => !c.passed).map((c) => `${c.case_id}: ${c.error ?? c.scores.map((s) => s.reason).join("; ")}`);
    expect(notPassed).toEqual([]);
    expect(result.cases.every((c) => c.scores.some((s) => s.kind === "judge" && s.score !== null && s.score >= 4))).toBe(true);
  });

  it("Support desk compares two prompts: the one that offers more help passes every case, the current one only the non-policy ones", async () => {
    const { document, dataset } = load("support-desk.json");
    expect(dataset.cases.length).toBeGreaterThanOrEqual(5);
    expect(dataset.variants?.map((v) => v.name)).toEqual(["Current prompt", "Offers more help"]);
    const result = await runDocumentEvaluation({ document, dataset }, dir, { concurrency: 2 });
    expect(result.status).toBe("completed");
    expect(result.summary.map((s) => [s.name, s.passed, s.cases])).toEqual([
      ["Current prompt", 2, 6],
      ["Offers more help", 6, 6],
    ]);
    const current = result.cases.find((c) => c.variant_id === "as-drawn" && c.case_id === "returns");
    expect(current?.scores.find((s) => s.kind === "judge")).toMatchObject({ verdict: "fail", score: 3 });
    expect(current?.reply).toContain("Source: returns.md");
  });
});
