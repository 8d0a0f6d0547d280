/** Every template ships tests of its own behaviour, and they pass the way `npm run cli -- test` runs them. */
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { runDocumentTests } from "../src/cli/testCommand.js";
import { failureText } from "../src/cli/junit.js";
import { validateText, type GraphDocument } from "../src/schema/index.js";

const dir = path.resolve(import.meta.dirname, "../examples");
const files = readdirSync(dir).filter((f) => f.endsWith(".json"));

function load(file: string): GraphDocument {
  const result = validateText(readFileSync(path.join(dir, file), "utf8"));
  if (!result.ok) throw new Error(`${file}: ${result.errors.map((e) => `${e.path} ${e.message}`).join("; ")}`);
  return result.document;
}

describe("template tests", () => {
  it.each(files)("%s ships tests, and every one passes", async (file) => {
    const document = load(file);
    expect(document.tests.length).toBeGreaterThan(0);
    const report = await runDocumentTests(document, dir);
    const failures = report.results.filter((r) => r.status !== "passed").map((r) => `${r.name}: ${r.error ?? failureText(r)}`);
    expect(failures).toEqual([]);
    expect(report.passed).toBe(document.tests.length);
  });

  it("the Weather template's tests assert that Paris is Sunny via get_weather", () => {
    const paris = load("weather-assistant.json").tests.filter(
      (test) => test.mode === "scripted" && test.turns.some((turn) => "message" in turn && turn.message === "What's the weather in Paris?"),
    );
    expect(paris.flatMap((test) => test.assertions)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "tool_called", tool: "get_weather" }),
        expect.objectContaining({ kind: "reply_contains", text: "Sunny" }),
      ]),
    );
  });
});
