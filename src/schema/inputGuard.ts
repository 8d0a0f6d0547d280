/**
 * Hostile-input guards that run before zod: plain JSON objects only, no prototype keys,
 * bounded depth, string length and value count. Iterative, so no input can overflow the stack.
 */
import { describeValue, nodeIdAt, quote, where } from "./describe.js";
import type { ValidationIssue } from "./issues.js";
import { formatJsonPath, type PathSegment } from "./jsonPath.js";
import { LIMITS } from "./primitives.js";

export const INPUT_LIMITS = {
  /** Containers nested inside each other, the root object counting as 1. */
  maxDepth: 64,
  maxStringLength: 1_000_000,
  /** Every value counts: objects, arrays, strings, numbers, booleans, nulls. */
  maxValues: 200_000,
  /** UTF-16 code units of JSON text (each at least one byte): 20 MiB. */
  maxTextLength: 20 * 1024 * 1024,
  /** The guard stops after this many findings; more would only repeat the point. */
  maxIssues: 100,
} as const;

const MAX_STRING = INPUT_LIMITS.maxStringLength.toLocaleString("en");

/** `$.knowledge_bases[i].files[j].text`: a file's text packed into an export, allowed up to `LIMITS.knowledgeTextLength`. */
function isPackedKnowledgeText(segments: readonly PathSegment[]): boolean {
  return segments.length === 5 && segments[0] === "knowledge_bases" && segments[2] === "files" && segments[4] === "text";
}

/** Keys that reach an object's prototype when assigned naively; no document needs them. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

interface Frame {
  value: unknown;
  key: PathSegment | undefined;
  parent: Frame | undefined;
  /** Containers enclosing this value. */
  depth: number;
}

function segmentsOf(frame: Frame): PathSegment[] {
  const segments: PathSegment[] = [];
  for (let f: Frame | undefined = frame; f?.key !== undefined; f = f.parent) segments.push(f.key);
  return segments.reverse();
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Findings about input that must not reach zod. Empty when the input is safe to parse.
 *
 * @example
 * guardInput(JSON.parse('{"__proto__": {}}')); // [{ code: "FORBIDDEN_KEY", path: "$.__proto__", … }]
 */
export function guardInput(input: unknown): ValidationIssue[] {
  if (!isPlainObject(input)) {
    return [{ code: "INVALID_TYPE", path: "$", message: `The document must be a JSON object, not ${describeValue(input)}` }];
  }
  const issues: ValidationIssue[] = [];
  const add = (issue: ValidationIssue, segments: PathSegment[]): void => {
    const nodeId = nodeIdAt(input, segments);
    issues.push(nodeId === undefined ? issue : { ...issue, nodeId });
  };
  const report = (code: ValidationIssue["code"], segments: PathSegment[], problem: string): void => {
    add({ code, path: formatJsonPath(segments), message: `${where(input, segments)} ${problem}` }, segments);
  };
  const stack: Frame[] = [{ value: input, key: undefined, parent: undefined, depth: 0 }];
  let counted = 1;

  while (stack.length > 0 && issues.length < INPUT_LIMITS.maxIssues) {
    const frame = stack.pop() as Frame; // the loop condition guarantees one
    const { value } = frame;
    if (typeof value === "string") {
      if (value.length > INPUT_LIMITS.maxStringLength) {
        const segments = segmentsOf(frame);
        const limit = isPackedKnowledgeText(segments) ? LIMITS.knowledgeTextLength : INPUT_LIMITS.maxStringLength;
        if (value.length > limit)
          report("TOO_LARGE", segments, `is ${value.length.toLocaleString("en")} characters long; the limit is ${limit.toLocaleString("en")}`);
      }
      continue;
    }
    if (value === null || typeof value !== "object") continue;

    const depth = frame.depth + 1;
    if (depth > INPUT_LIMITS.maxDepth) {
      report("TOO_DEEP", segmentsOf(frame), `is nested more than ${INPUT_LIMITS.maxDepth} levels deep`);
      continue;
    }
    if (!Array.isArray(value) && !isPlainObject(value)) {
      report("INVALID_TYPE", segmentsOf(frame), `must be plain JSON data, not ${describeValue(value)}`);
      continue;
    }
    // Count children before pushing them, so a huge (or sparse) array is refused without being walked.
    const keys = Array.isArray(value) ? [] : Object.keys(value);
    counted += Array.isArray(value) ? value.length : keys.length;
    if (counted > INPUT_LIMITS.maxValues) {
      issues.push({
        code: "TOO_LARGE",
        path: "$",
        message: `The document has more than ${INPUT_LIMITS.maxValues.toLocaleString("en")} values; it is too large to open`,
      });
      break;
    }
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: i, parent: frame, depth });
      continue;
    }
    const pending: Frame[] = [];
    for (const key of keys) {
      if (FORBIDDEN_KEYS.has(key)) {
        const parent = segmentsOf(frame);
        const message = `${where(input, parent)} has a key named ${quote(key)}; keys __proto__, constructor and prototype are not allowed anywhere`;
        add({ code: "FORBIDDEN_KEY", path: formatJsonPath([...parent, key]), message }, parent);
      } else if (key.length > INPUT_LIMITS.maxStringLength) {
        report("TOO_LARGE", segmentsOf(frame), `has a key ${key.length.toLocaleString("en")} characters long; the limit is ${MAX_STRING}`);
      } else {
        pending.push({ value: (value as Record<string, unknown>)[key], key, parent: frame, depth });
      }
    }
    for (let i = pending.length - 1; i >= 0; i--) stack.push(pending[i] as Frame);
  }
  return issues.slice(0, INPUT_LIMITS.maxIssues);
}
