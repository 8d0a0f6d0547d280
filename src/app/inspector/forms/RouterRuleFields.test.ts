import { describe, expect, it } from "vitest";
import { parseKeywords, regexProblem } from "./RouterRuleFields";

describe("router rule fields", () => {
  it("splits keywords on commas, trimming blanks and repeats", () => {
    expect(parseKeywords(" refund, charged twice ,, refund,money back ")).toEqual(["refund", "charged twice", "money back"]);
  });

  it("accepts a pattern that compiles with its flags", () => {
    expect(regexProblem("order (?<id>\\d+)", "i")).toBeNull();
  });

  it("says why a pattern does not compile", () => {
    expect(regexProblem("refund(", "i")).toMatch(/unterminated|missing|\)/i);
  });
});

describe("router rule fields on the linear-time engine", () => {
  it("names a lookahead the engine refuses, as a sentence", () => {
    expect(regexProblem("help(?!ful)", "i")).toMatch(
      /^The pattern uses a lookahead \(`\(\?!`\), which the linear-time regex engine .* rewrite the pattern without it\.$/,
    );
  });
});
