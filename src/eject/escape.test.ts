import { describe, expect, it } from "vitest";
import { commentText, docComment, regexExpression, stringLiteral, templateLiteral, valueLiteral } from "./escape.js";

/** What a generated expression evaluates to: the test of an escaping is that the text comes back. */
const evaluate = (expression: string): unknown => new Function(`return ${expression};`)();

describe("escaping document text into generated code", () => {
  it("keeps backticks in a template literal", () => {
    const text = "Use `get_weather` for ``weather``";
    expect(evaluate(templateLiteral(text))).toBe(text);
  });

  it("keeps ${ in a template literal from interpolating", () => {
    const text = "Price: ${price} and $ {x} and $${y}";
    expect(evaluate(templateLiteral(text))).toBe(text);
  });

  it("keeps backslashes in a template literal", () => {
    const text = "C:\\new\\table \\` \\${x} \\u0041 ends with \\";
    expect(evaluate(templateLiteral(text))).toBe(text);
  });

  it("keeps Unicode, line separators and carriage returns in string and template literals", () => {
    const text = "Café ☕ 天气 🔥\u2028next\u2029para\r\nline";
    expect(evaluate(templateLiteral(text))).toBe(text);
    expect(evaluate(stringLiteral(text))).toBe(text);
    expect(stringLiteral(text)).not.toMatch(/[\u2028\u2029\r]/);
  });

  it("keeps */ from ending a comment early", () => {
    const text = "Never write */ here, or /* there */ either";
    const comment = docComment(text);
    expect(comment.startsWith("/**")).toBe(true);
    expect(comment.trimEnd().endsWith("*/")).toBe(true);
    expect(comment.slice(3, -3)).not.toContain("*/");
    expect(() => new Function(`${comment} return 1;`)).not.toThrow();
    expect(commentText("a */ b")).toBe("a *\u2215 b");
  });

  it("writes a multi-line description as a JSDoc block, one line per line", () => {
    expect(docComment("First\nSecond")).toBe("/**\n * First\n * Second\n */\n");
    expect(docComment("  ")).toBe("");
  });

  it("builds a regex from any pattern, slashes and quotes included", () => {
    const pattern = String.raw`^a/b "c" \d+$`;
    const regex = evaluate(regexExpression(pattern, "i")) as RegExp;
    expect(regex.source).toBe(new RegExp(pattern).source);
    expect(regex.flags).toBe("i");
    expect(regex.test('A/B "C" 12')).toBe(true);
  });

  it("writes JSON values with keys that are not identifiers quoted", () => {
    const value = { city: "Paris", "two words": [1, true, null], "`x`": { "${y}": "*/" } };
    expect(evaluate(`(${valueLiteral(value)})`)).toEqual(value);
  });

  it("writes a __proto__ key as a property, never as the object's prototype", () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}') as Record<string, unknown>;
    const written = evaluate(`(${valueLiteral(value)})`) as Record<string, unknown>;
    expect(Object.hasOwn(written, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(written)).toBe(Object.prototype);
    expect((written as { polluted?: boolean }).polluted).toBeUndefined();
  });
});
