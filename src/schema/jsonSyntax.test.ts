/** Locating JSON syntax errors by line and column, the same way in every engine. */
import { describe, expect, it } from "vitest";
import { findJsonSyntaxError, lineColumn } from "./jsonSyntax.js";
import { parseJsonText } from "./jsonText.js";

describe("findJsonSyntaxError", () => {
  it.each([
    { name: "finds no error in valid JSON", text: '{"a": [1, -2.5e3, "x\\n\\u00e9", true, false, null, {}], "b": {}}' },
    { name: "finds no error in a bare scalar", text: " 42 " },
    { name: "finds no error in deeply nested arrays", text: `${"[".repeat(50_000)}${"]".repeat(50_000)}` },
  ])("$name", ({ text }) => {
    expect(() => JSON.parse(text) as unknown).not.toThrow();
    expect(findJsonSyntaxError(text)).toBeUndefined();
  });

  it.each([
    {
      name: "reports a trailing comma in an object",
      text: '{"a": 1,}',
      offset: 8,
      problem: "expected a property name in double quotes (remove the trailing comma)",
    },
    { name: "reports a trailing comma in an array", text: "[1, 2,]", offset: 6, problem: 'expected a value before "]" (remove the trailing comma)' },
    { name: "reports a missing value", text: '{"a": }', offset: 6, problem: 'expected a value before "}"' },
    { name: "reports a missing comma between members", text: '{"a": 1 "b": 2}', offset: 8, problem: 'expected "," or "}" after a property value' },
    { name: "reports a missing comma between items", text: "[1 2]", offset: 3, problem: 'expected "," or "]" after an array item' },
    { name: "reports a missing colon", text: '{"a" 1}', offset: 5, problem: 'expected ":" after a property name' },
    { name: "reports an unquoted property name", text: "{a: 1}", offset: 1, problem: "expected a property name in double quotes" },
    { name: "reports single-quoted strings", text: "['a']", offset: 1, problem: "strings must be in double quotes" },
    { name: "reports comments", text: "{} // note", offset: 3, problem: "unexpected text after the end of the JSON value" },
    { name: "reports a comment where a value belongs", text: "[/* x */ 1]", offset: 1, problem: "JSON does not allow comments" },
    { name: "reports NaN as not JSON", text: "[NaN]", offset: 1, problem: '"NaN" is not a JSON value' },
    { name: "reports an unterminated string", text: '{"a": "abc', offset: 6, problem: "this string is never closed" },
    {
      name: "reports a raw line break in a string",
      text: '"a\nb"',
      offset: 2,
      problem: "a string may not contain a raw line break or control character (write \\n)",
    },
    { name: "reports an invalid escape", text: '"\\x41"', offset: 1, problem: "invalid escape sequence in a string" },
    { name: "reports text that ends early", text: '{"a": [1, 2', offset: 11, problem: "the text ends too early" },
    { name: "reports empty text", text: "  ", offset: 2, problem: "the text is empty" },
    { name: "reports a leading zero", text: "[01]", offset: 2, problem: 'expected "," or "]" after an array item' },
  ])("$name", ({ text, offset, problem }) => {
    expect(() => JSON.parse(text) as unknown).toThrow(SyntaxError);
    expect(findJsonSyntaxError(text)).toEqual({ offset, problem });
  });
});

describe("lineColumn", () => {
  it("counts lines and columns from 1", () => {
    expect(lineColumn("ab\ncd\nef", 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumn("ab\ncd\nef", 4)).toEqual({ line: 2, column: 2 });
    expect(lineColumn("ab\r\ncd", 4)).toEqual({ line: 2, column: 1 });
  });
});

describe("parseJsonText", () => {
  it("puts line and column in the message of a syntax error", () => {
    const result = parseJsonText('{\n  "a": 1\n  "b": 2\n}');
    expect(result).toEqual({
      ok: false,
      issue: { code: "JSON_SYNTAX", path: "$", message: 'Invalid JSON at line 3, column 3: expected "," or "}" after a property value' },
    });
  });

  it("refuses text over 20 MB without parsing it", () => {
    const result = parseJsonText(`"${"a".repeat(21 * 1024 * 1024)}"`);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.issue.code).toBe("TOO_LARGE");
  });
});
