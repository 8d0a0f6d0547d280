import { describe, expect, it } from "vitest";
import { compileUserRegex, toRe2Syntax, userRegexProblem, UserRegexError } from "./userRegex.js";

// The patterns and message lengths of issue 12: a backtracking engine needs 2^n steps on them.
const WORDS_THEN_END = "^(\\w+\\s?)*$";
const WORDS_THEN_BANG = "(\\w+\\s?)*!";
const sixtyChars = "Please tell me what the weather will be like in Paris today?";

function thrown(pattern: string, flags = ""): UserRegexError {
  try {
    compileUserRegex(pattern, flags);
  } catch (error) {
    if (error instanceof UserRegexError) return error;
    throw error;
  }
  throw new Error(`expected ${pattern} to be refused`);
}

describe("user regexes run on a linear-time engine", () => {
  it("answers the issue's exponential patterns on ordinary messages instead of hanging", () => {
    expect(sixtyChars).toHaveLength(60);
    expect(compileUserRegex(WORDS_THEN_END, "i").test(sixtyChars)).toBe(false);
    expect(compileUserRegex(WORDS_THEN_END, "i").test("Please tell me the weather")).toBe(true);
    const fortySix = JSON.stringify({ q: "x".repeat(38) });
    expect(fortySix).toHaveLength(46);
    expect(compileUserRegex(WORDS_THEN_BANG, "i").test(fortySix)).toBe(false);
    expect(compileUserRegex(WORDS_THEN_BANG, "i").test("hello there!")).toBe(true);
  });

  it("keeps JavaScript syntax: named groups, \\u escapes, control escapes and the i m s flags", () => {
    expect(compileUserRegex("order (?<id>\\d+)", "i").exec("My ORDER 42 is late")).toEqual({
      captures: ["ORDER 42", "42"],
      groups: { id: "42" },
      index: 3,
    });
    expect(compileUserRegex("\\u0041\\u{1F600}").test("A😀")).toBe(true);
    expect(compileUserRegex("a\\cJb").test("a\nb")).toBe(true);
    expect(compileUserRegex("^b$", "m").test("a\nb\nc")).toBe(true);
    expect(compileUserRegex("^b$").test("a\nb\nc")).toBe(false);
    expect(compileUserRegex("a.b", "s").test("a\nb")).toBe(true);
    expect(compileUserRegex("a.b").test("a\nb")).toBe(false);
    expect(compileUserRegex("\\p{L}+", "u").exec("42 héllo")?.captures[0]).toBe("héllo");
    expect(compileUserRegex("(?<!not )ok").test("not ok")).toBe(false);
  });

  it("reports an optional group that did not take part as undefined, as RegExp does", () => {
    expect(compileUserRegex("(a)(b)?").exec("a")?.captures).toEqual(["a", "a", undefined]);
  });

  it("translates only unescaped \\u escapes", () => {
    expect(toRe2Syntax("\\\\u0041")).toBe("\\\\u0041");
    expect(toRe2Syntax("[\\u0041-\\u005A]")).toBe("[\\x{41}-\\x{5a}]");
  });

  it("names the constructs the linear-time engine refuses", () => {
    expect(thrown("(a)\\1")).toMatchObject({
      code: "UNSUPPORTED_REGEX",
      reason: expect.stringMatching(/^uses a backreference \(`\\1`\), which the linear-time/),
    });
    expect(thrown("(?<n>a)\\k<n>").reason).toMatch(/^uses a named backreference/);
    expect(thrown("foo(?=bar)").reason).toMatch(/^uses a lookahead \(`\(\?=/);
    expect(thrown("foo(?!bar)").reason).toMatch(/^uses a lookahead/);
    expect(thrown("(?>a+)b").reason).toMatch(/^uses an atomic group/);
  });

  it("says why a malformed pattern or flag does not compile", () => {
    expect(thrown("refund(")).toMatchObject({
      code: "INVALID_REGEX",
      reason: expect.stringMatching(/^is not a valid regular expression \(missing closing \)/),
    });
    expect(thrown("a", "g").reason).toMatch(/allowed flags are i m s u/);
    expect(userRegexProblem("a", "ii")).toMatch(/each at most once/);
    expect(userRegexProblem("order (?<id>\\d+)", "iu")).toBeUndefined();
  });
});
