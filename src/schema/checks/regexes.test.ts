import { describe, expect, it } from "vitest";
import { docWith, mockTool } from "../fixtures/builders.js";
import { validate, type ValidationResult } from "../validate.js";

function errorsOf(result: ValidationResult) {
  return result.ok ? [] : result.errors;
}

describe("regex checks name what the linear-time engine refuses, at the JSON path", () => {
  it("reports a backreference in a scripted rule at its match", () => {
    const result = validate(docWith((d) => (d.nodes[1].data.script = { rules: [{ match: "(a)\\1", reply: "hi" }] })));
    expect(errorsOf(result)).toContainEqual(
      expect.objectContaining({
        code: "INVALID_VALUE",
        path: "$.nodes[1].data.script.rules[0].match",
        message: expect.stringMatching(
          /script rule 1 has a pattern that uses a backreference \(`\\1`\), which the linear-time regex engine \(RE2 syntax\) does not support/,
        ),
      }),
    );
  });

  it("reports a lookahead in a mock tool's when at that response", () => {
    const result = validate(docWith((d) => (d.tools = [mockTool("m", "lookup", { responses: [{ result: "any" }, { when: "(?=x)", result: "hi" }] })])));
    expect(errorsOf(result)).toContainEqual(
      expect.objectContaining({
        code: "INVALID_VALUE",
        path: "$.tools[0].config.responses[1].when",
        message: expect.stringMatching(/^Tool "lookup": response 2 has a pattern that uses a lookahead \(`\(\?=/),
      }),
    );
  });

  it("still reports a pattern that is not a regular expression at all", () => {
    const result = validate(docWith((d) => (d.nodes[1].data.script = { rules: [{ match: "(unclosed", reply: "hi" }] })));
    expect(errorsOf(result)).toContainEqual(
      expect.objectContaining({
        path: "$.nodes[1].data.script.rules[0].match",
        message: expect.stringContaining("is not a valid regular expression (missing closing )"),
      }),
    );
  });

  it("accepts the exponential-on-backtracking pattern of issue 12: it runs in linear time", () => {
    expect(validate(docWith((d) => (d.nodes[1].data.script = { rules: [{ match: "^(\\w+\\s?)*$", reply: "hi" }] }))).ok).toBe(true);
  });
});
