/**
 * Our own checks, as lint markers for the code editors: one adapter per language turns what a
 * check found (a JSON syntax error, a CEL syntax problem, an error the sandbox reported for a
 * line of a JavaScript tool) into CodeMirror diagnostics with document offsets. Pure and
 * type-only towards CodeMirror, so the fields that compute markers never load the editor.
 */
import type { Diagnostic } from "@codemirror/lint";
import { findJsonSyntaxError } from "../../schema/jsonSyntax.js";
import type { CelSyntaxProblem } from "../inspector/fields/celSyntax";
import type { CodeFailure, OwnCheck } from "./codeEditorProps";

export type { Diagnostic };

/** The range a marker covers: the character at `offset`, or the one before it at the end of the text. */
function pointRange(text: string, offset: number): { from: number; to: number } {
  const at = Math.max(0, Math.min(offset, text.length));
  if (at < text.length) return { from: at, to: at + 1 };
  return { from: Math.max(0, at - 1), to: at };
}

/** Offset of a 1-based line and column, clamped into the text. */
export function offsetOf(text: string, line: number, column = 1): number {
  let start = 0;
  for (let current = 1; current < line; current++) {
    const next = text.indexOf("\n", start);
    if (next === -1) return text.length;
    start = next + 1;
  }
  const end = text.indexOf("\n", start);
  const lineEnd = end === -1 ? text.length : end;
  return Math.min(start + Math.max(0, column - 1), lineEnd);
}

/**
 * Markers for JSON text: the first syntax error where it is, or, for JSON that parses, the
 * field's own shape problem (e.g. "Must be a JSON object") over the whole text.
 * @example jsonDiagnostics('{"a": 1,}') // [{ from: 8, to: 9, severity: "error", message: "Invalid JSON: expected a property name …" }]
 */
export function jsonDiagnostics(text: string, shapeProblem: string | null = null, { optional = false } = {}): Diagnostic[] {
  if (optional && text.trim() === "") return [];
  const found = findJsonSyntaxError(text);
  if (found) return [{ ...pointRange(text, found.offset), severity: "error", message: `Invalid JSON: ${found.problem}` }];
  if (shapeProblem) return [{ from: 0, to: text.length, severity: "error", message: shapeProblem }];
  return [];
}

/**
 * The marker of a CEL syntax problem, at its line and column.
 * @example celDiagnostics("state.count >", { message: "Unexpected token: EOF", position: 13, line: 1, column: 14 }) // [{ from: 12, to: 13, … }]
 */
export function celDiagnostics(text: string, problem: CelSyntaxProblem | null): Diagnostic[] {
  if (!problem) return [];
  return [
    { ...pointRange(text, problem.position), severity: "error", message: `Syntax error at line ${problem.line}, column ${problem.column}: ${problem.message}` },
  ];
}

/**
 * The marker of an error `Test` reported, on the line (and column) the sandbox named; none
 * when the error has no place in the code (a timeout, a result that is not JSON).
 * @example sandboxDiagnostics("const a = 1;\nthrow new Error('boom')", { message: "boom", line: 2, column: 1 }) // [{ from: 13, to: 36, … }]
 */
export function sandboxDiagnostics(code: string, failure: CodeFailure | null): Diagnostic[] {
  if (!failure || failure.line === undefined) return [];
  const lineStart = offsetOf(code, failure.line, 1);
  const lineEndAt = code.indexOf("\n", lineStart);
  const lineEnd = lineEndAt === -1 ? code.length : lineEndAt;
  const from = failure.column === undefined ? lineStart : offsetOf(code, failure.line, failure.column);
  // Mark from the column to the end of the line, so a marker is visible even at a line's end.
  const to = Math.max(lineEnd, Math.min(from + 1, code.length));
  return [{ from: Math.min(from, to), to, severity: "error", message: `Test failed at line ${failure.line}: ${failure.message}` }];
}

/**
 * The markers of a field's own check, by the adapter of its kind.
 * @example ownDiagnostics('{"a": }', { kind: "json" }) // [{ from: 6, to: 7, … }]
 */
export function ownDiagnostics(text: string, check: OwnCheck): Diagnostic[] {
  switch (check.kind) {
    case "json":
      return jsonDiagnostics(text, check.shapeProblem ?? null, { optional: check.optional ?? false });
    case "cel":
      return celDiagnostics(text, check.problem);
    case "sandbox":
      return sandboxDiagnostics(text, check.failure);
    default: {
      const never: never = check;
      return never;
    }
  }
}
