import { parse } from "@marcbachmann/cel-js";
import { describe, expect, it } from "vitest";
import { celSyntaxProblem, lineColumn, loadCelParser } from "./celSyntax";

describe("celSyntaxProblem", () => {
  it("accepts a well-formed expression", () => {
    expect(celSyntaxProblem(parse, "state.count > 3 && input.contains('x')")).toBeNull();
  });

  it("locates a dangling operator at the end of the text", () => {
    expect(celSyntaxProblem(parse, "state.count >")).toEqual({ message: "Unexpected token: EOF", position: 13, line: 1, column: 14 });
  });

  it("locates a bad character inside the text", () => {
    const problem = celSyntaxProblem(parse, "a &&& b");
    expect(problem).toMatchObject({ position: 4, column: 5 });
    expect(problem?.message).toMatch(/&/);
  });

  it("gives line and column on later lines", () => {
    expect(celSyntaxProblem(parse, "state.a ==\n  1 &&\n")).toMatchObject({ line: 3, column: 1 });
  });
});

describe("lineColumn", () => {
  it("counts columns from one and restarts them after a line break", () => {
    expect(lineColumn("ab\ncd", 4)).toEqual({ line: 2, column: 2 });
  });
});

describe("loadCelParser", () => {
  it("loads the parser once and reuses it", async () => {
    const first = loadCelParser();
    expect(loadCelParser()).toBe(first);
    expect(celSyntaxProblem(await first, "1 +")).not.toBeNull();
  });
});
