import { describe, expect, it } from "vitest";
import { celToTypeScript, type CelName } from "./celToTs.js";

const NAMES: Record<string, CelName> = {
  input: { expression: "turn.input", type: "string" },
  iteration: { expression: "turn.iteration", type: "number" },
  last: { expression: "turn.last", fields: { content: "string" } },
};

/** Evaluates a translation over a turn, as the generated `when` function would. */
const run = (code: string, turn: { input: string; iteration: number; last: { content: string } }): unknown => new Function("turn", `return ${code};`)(turn);

describe("CEL conditions as TypeScript", () => {
  it("translates string methods, comparisons and logic, keeping their meaning", () => {
    const code = celToTypeScript("last.content.startsWith('Error') || (iteration >= 2 && !input.lowerAscii().contains('stop'))", NAMES);
    expect(code).not.toBeNull();
    const turn = (input: string, iteration: number, content: string) => ({ input, iteration, last: { content } });
    expect(run(code as string, turn("go", 0, "Error: down"))).toBe(true);
    expect(run(code as string, turn("go on", 2, "fine"))).toBe(true);
    expect(run(code as string, turn("STOP now", 2, "fine"))).toBe(false);
    expect(run(code as string, turn("go", 1, "fine"))).toBe(false);
  });

  it("changes only ASCII letters in lowerAscii, as CEL does", () => {
    const code = celToTypeScript("input.lowerAscii() == 'straße é'", NAMES) as string;
    expect(run(code, { input: "STRAßE é", iteration: 0, last: { content: "" } })).toBe(true);
    expect(run(code, { input: "STRASSE É", iteration: 0, last: { content: "" } })).toBe(false);
  });

  it("escapes the condition's strings: quotes, backticks, ${, */ and backslashes", () => {
    const needle = '"src":`a` $' + "{x} */ \\ ☕";
    const condition = `last.content.contains('${needle.replace(/\\/g, "\\\\")}')`;
    const code = celToTypeScript(condition, NAMES) as string;
    expect(code).not.toBeNull();
    expect(run(code, { input: "", iteration: 0, last: { content: `before ${needle} after` } })).toBe(true);
    expect(run(code, { input: "", iteration: 0, last: { content: "before after" } })).toBe(false);
  });

  it("leaves what it cannot translate to cel-js: unknown names, functions, macros, mixed types", () => {
    for (const condition of [
      "state.done == true",
      "size(input) > 3",
      "input.matches('a+')",
      "iteration == 'one'",
      "!input",
      "input",
      "[1, 2].exists(x, x > 1)",
      "not valid (",
    ]) {
      expect(celToTypeScript(condition, NAMES), condition).toBeNull();
    }
  });
});
