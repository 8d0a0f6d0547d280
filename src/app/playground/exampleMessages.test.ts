import { describe, expect, it } from "vitest";
import { examplesFromText, examplesToText, MAX_EXAMPLES } from "./exampleMessages";

describe("example messages as inspector text", () => {
  it("keeps one example per non-blank line, trimmed and without repeats", () => {
    expect(examplesFromText("Plan my day\n\n  Plan my day  \nWhat's the weather in Paris?")).toEqual(["Plan my day", "What's the weather in Paris?"]);
  });

  it("stores no list at all when the text is blank", () => {
    expect(examplesFromText(" \n \n")).toBeUndefined();
  });

  it("keeps at most the schema's number of examples", () => {
    const text = Array.from({ length: MAX_EXAMPLES + 5 }, (_, i) => `message ${i}`).join("\n");
    expect(examplesFromText(text)).toHaveLength(MAX_EXAMPLES);
  });

  it("round-trips through the text it shows", () => {
    const examples = ["hello", "@Analytics revenue?"];
    expect(examplesFromText(examplesToText(examples))).toEqual(examples);
    expect(examplesToText(undefined)).toBe("");
  });
});
