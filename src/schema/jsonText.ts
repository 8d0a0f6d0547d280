/** Reads JSON text into a value, refusing oversized text and reporting syntax errors by line and column. */
import { INPUT_LIMITS } from "./inputGuard.js";
import type { ValidationIssue } from "./issues.js";
import { findJsonSyntaxError, lineColumn } from "./jsonSyntax.js";

export type JsonTextResult = { ok: true; value: unknown } | { ok: false; issue: ValidationIssue };

const MB = 1024 * 1024;

/**
 * `JSON.parse` behind a size limit, with errors as validation issues.
 *
 * @example
 * parseJsonText('{"a":}'); // { ok: false, issue: { code: "JSON_SYNTAX", message: "Invalid JSON at line 1, column 6: …" } }
 */
export function parseJsonText(text: string): JsonTextResult {
  if (text.length > INPUT_LIMITS.maxTextLength) {
    const size = (text.length / MB).toFixed(1);
    return {
      ok: false,
      issue: { code: "TOO_LARGE", path: "$", message: `The file is at least ${size} MB; the limit is ${INPUT_LIMITS.maxTextLength / MB} MB` },
    };
  }
  // Editors on Windows like to start files with a byte-order mark; JSON.parse refuses it.
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  try {
    return { ok: true, value: JSON.parse(body) as unknown };
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    const found = findJsonSyntaxError(body);
    const offset = found?.offset ?? 0;
    const problem = found?.problem ?? error.message;
    const { line, column } = lineColumn(body, offset);
    return { ok: false, issue: { code: "JSON_SYNTAX", path: "$", message: `Invalid JSON at line ${line}, column ${column}: ${problem}` } };
  }
}
