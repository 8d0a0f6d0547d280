import { EditorState } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import { celSyntaxProblem, loadCelParser } from "../inspector/fields/celSyntax";
import { celDiagnostics, jsonDiagnostics, offsetOf, ownDiagnostics, sandboxDiagnostics } from "./diagnostics";
import { hostGlobalDiagnostics, languageExtensions } from "./languageSupport";

/** The marked text, and its 1-based line, of a diagnostic. */
function marked(text: string, d: { from: number; to: number }) {
  return { text: text.slice(d.from, d.to), line: text.slice(0, d.from).split("\n").length };
}

describe("JSON lint markers", () => {
  it("marks the first syntax error our JSON check finds, at its line", () => {
    const text = '{\n  "a": 1,\n  "b": [1, 2,]\n}';
    const [d, ...rest] = jsonDiagnostics(text);
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ severity: "error", message: expect.stringContaining("remove the trailing comma") });
    expect(marked(text, d!)).toEqual({ text: "]", line: 3 });
  });

  it("marks the last character of text that ends too early, and the whole text for a shape problem", () => {
    expect(jsonDiagnostics('{"a": ')).toMatchObject([{ from: 5, to: 6, message: "Invalid JSON: the text ends too early" }]);
    expect(jsonDiagnostics("[1]", "Must be a JSON object")).toEqual([{ from: 0, to: 3, severity: "error", message: "Must be a JSON object" }]);
    expect(jsonDiagnostics('{"a": 1}', null)).toEqual([]);
  });

  it("leaves an empty optional value unmarked but marks an empty required one", () => {
    expect(jsonDiagnostics("  ", null, { optional: true })).toEqual([]);
    expect(jsonDiagnostics("")).toMatchObject([{ from: 0, to: 0, message: "Invalid JSON: the text is empty" }]);
  });
});

describe("CEL lint markers", () => {
  it("marks a syntax problem at the line and column the CEL parser reports", async () => {
    const parse = await loadCelParser();
    const text = "state.count > 1 &&\n  state.name ==";
    const problem = celSyntaxProblem(parse, text);
    expect(problem).not.toBeNull();
    const [d] = celDiagnostics(text, problem);
    expect(d!.message).toBe(`Syntax error at line ${problem!.line}, column ${problem!.column}: ${problem!.message}`);
    expect(problem!.line).toBe(2);
    expect(marked(text, d!).line).toBe(2);
    expect(celDiagnostics("state.count > 1", null)).toEqual([]);
  });
});

describe("JavaScript Test markers", () => {
  const code = "const n = args.n;\nif (n < 0) {\n  throw new Error('negative');\n}\nreturn n;";

  it("marks the line and column the sandbox named, to the end of that line", () => {
    const [d] = sandboxDiagnostics(code, { message: "negative", line: 3, column: 9 });
    expect(d).toMatchObject({ severity: "error", message: "Test failed at line 3: negative" });
    expect(marked(code, d!)).toEqual({ text: "new Error('negative');", line: 3 });
  });

  it("marks the whole line without a column, and nothing for a failure with no place in the code", () => {
    expect(marked(code, sandboxDiagnostics(code, { message: "x", line: 5 })[0]!)).toEqual({ text: "return n;", line: 5 });
    expect(sandboxDiagnostics(code, { message: "did not finish" })).toEqual([]);
    expect(sandboxDiagnostics(code, null)).toEqual([]);
  });

  it("finds offsets by line and column, clamped to the text", () => {
    expect(offsetOf("ab\ncd", 2, 2)).toBe(4);
    expect(offsetOf("ab\ncd", 9, 1)).toBe(5);
    expect(offsetOf("ab\ncd", 1, 9)).toBe(2);
  });

  it("warns where the code uses a host global the sandbox lacks, not a property or a local of that name", () => {
    const text = "const r = await fetch(args.url);\nconst t = setTimeout;\nconst o = { fetch: 1 };\nreturn o.fetch + Math.max(1, 2);";
    const state = EditorState.create({ doc: text, extensions: languageExtensions("javascript") });
    const found = hostGlobalDiagnostics(state).map((d) => ({ ...marked(text, d), severity: d.severity, message: d.message }));
    expect(found).toEqual([
      { text: "fetch", line: 1, severity: "warning", message: "fetch is not available here: the sandbox has no network." },
      { text: "setTimeout", line: 2, severity: "warning", message: "setTimeout is not available here: the sandbox has no timers." },
    ]);
  });
});

describe("a field's own check", () => {
  it("goes to the adapter of its kind", () => {
    expect(ownDiagnostics("[1,]", { kind: "json" })).toEqual(jsonDiagnostics("[1,]"));
    expect(ownDiagnostics("", { kind: "json", optional: true })).toEqual([]);
    expect(ownDiagnostics("[]", { kind: "json", shapeProblem: "Must be a JSON object" })).toMatchObject([{ message: "Must be a JSON object" }]);
    expect(ownDiagnostics("a\nb", { kind: "sandbox", failure: { message: "x", line: 2 } })).toMatchObject([{ from: 2, to: 3 }]);
    expect(ownDiagnostics("a >", { kind: "cel", problem: null })).toEqual([]);
  });
});
