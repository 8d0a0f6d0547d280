import { describe, expect, it } from "vitest";
import type { RouterRule } from "../../schema/index.js";
import { compileRule, keywordPattern, orderRules, resolveRoute, ruleProblem } from "./routeRules.js";

const rule = (r: Partial<RouterRule> & Pick<RouterRule, "id" | "route" | "match">): RouterRule => ({
  keywords: [],
  flags: "i",
  gate: false,
  description: "",
  ...r,
});
const at = { router: "R", turn: "m1", now: 5 };

describe("route rules", () => {
  it("matches keyword phrases across whitespace, as whole words", () => {
    expect(keywordPattern(["end it all"]).exec("I want to END  it all now")?.[0]).toBe("END  it all");
    expect(keywordPattern(["end"]).test("weekend")).toBe(false);
  });

  it("orders gate rules first and picks the first match, else default", () => {
    const rules = orderRules([
      compileRule(rule({ id: "q", route: "lookup", match: "regex", pattern: "\\?$" })),
      compileRule(rule({ id: "g", route: "crisis", match: "keyword", keywords: ["hopeless"], gate: true })),
      compileRule(rule({ id: "c", route: "lookup", match: "cel", expression: "size(text) > 100" })),
    ]);
    expect(resolveRoute(rules, "is it hopeless?", {}, at)).toEqual({
      router: "R",
      turn: "m1",
      started_at: 5,
      kind: "crisis",
      rule: "g",
      match: "keyword",
      matched: "hopeless",
      gate: true,
    });
    expect(resolveRoute(rules, "open?", {}, at)).toMatchObject({ kind: "lookup", rule: "q", matched: "?" });
    expect(resolveRoute(rules, "x".repeat(101), { text: "x".repeat(101) }, at)).toMatchObject({ kind: "lookup", rule: "c", matched: null });
    expect(resolveRoute(rules, "hello", { text: "hello" }, at)).toMatchObject({ kind: "default", rule: null, gate: false });
  });

  it("routes a 60-character message past the exponential pattern ^(\\w+\\s?)*$ instead of hanging", () => {
    const rules = [compileRule(rule({ id: "words", route: "lookup", match: "regex", pattern: "^(\\w+\\s?)*$" }))];
    const message = "Please tell me what the weather will be like in Paris today?";
    expect(resolveRoute(rules, message, {}, at)).toMatchObject({ kind: "default", rule: null });
    expect(resolveRoute(rules, "only words here", {}, at)).toMatchObject({ kind: "lookup", rule: "words", matched: "only words here" });
  });

  it("keeps the keyword matcher fast on long hostile text (the pattern is ours, literal words only)", () => {
    const pattern = keywordPattern(["kill myself", "end it all", "hopeless"]);
    expect(pattern.test(`${"kill ".repeat(20_000)}x`)).toBe(false);
    expect(pattern.test(`${"a".repeat(50_000)} hopeless`)).toBe(true);
  });

  it("refuses a backreference or lookahead, naming it", () => {
    expect(ruleProblem(rule({ id: "r", route: "a", match: "regex", pattern: "(a)\\1" }))).toMatch(/^pattern uses a backreference \(`\\1`\)/);
    expect(() => compileRule(rule({ id: "r", route: "a", match: "regex", pattern: "x(?=y)" }))).toThrow(/uses a lookahead/);
  });

  it("explains rules that cannot run", () => {
    expect(ruleProblem(rule({ id: "k", route: "a", match: "keyword", keywords: [" "] }))).toBe("a keyword rule needs at least one keyword");
    expect(ruleProblem(rule({ id: "r", route: "a", match: "regex", pattern: "[" }))).toMatch(/^pattern is not a valid regular expression/);
    expect(ruleProblem(rule({ id: "c", route: "a", match: "cel" }))).toBe("a CEL rule needs an expression");
  });
});
