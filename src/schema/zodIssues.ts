/** Turns zod's issues into validation issues with our codes, JSON paths and plain-language messages. */
import type { z } from "zod";
import { describeValue, nodeIdAt, quote, valueAt, where } from "./describe.js";
import { edgeKinds, nodeKinds, toolKinds } from "./document.js";
import type { IssueCode, ValidationIssue } from "./issues.js";
import { formatJsonPath, type PathSegment } from "./jsonPath.js";

type ZodIssue = z.core.$ZodIssue;

const EXPECTED_WORDS: Readonly<Record<string, string>> = {
  string: "a string",
  number: "a finite number",
  int: "a whole number",
  boolean: "true or false",
  object: "an object",
  record: "an object",
  array: "an array",
  null: "null",
};

const KIND_COLLECTIONS: Readonly<Record<string, { code: IssueCode; word: string; kinds: readonly string[] }>> = {
  nodes: { code: "UNKNOWN_NODE_KIND", word: "node", kinds: nodeKinds },
  edges: { code: "UNKNOWN_EDGE_KIND", word: "edge", kinds: edgeKinds },
  tools: { code: "UNKNOWN_TOOL_KIND", word: "tool", kinds: toolKinds },
};

function toSegments(path: readonly PropertyKey[]): PathSegment[] {
  return path.map((key) => (typeof key === "symbol" ? String(key) : key));
}

/**
 * A union that failed because a value deep inside one branch is wrong (JSON values nest unions)
 * is best reported at that value, so follow the branches down while they point deeper.
 */
function deepestUnionIssue(issue: ZodIssue, segments: PathSegment[]): { issue: ZodIssue; segments: PathSegment[] } {
  if (issue.code !== "invalid_union" || issue.discriminator !== undefined) return { issue, segments };
  for (const branch of issue.errors) {
    const inner = branch[0];
    if (branch.length === 1 && inner !== undefined && inner.path.length > 0) {
      return deepestUnionIssue(inner, [...segments, ...toSegments(inner.path)]);
    }
  }
  return { issue, segments };
}

function isJsonLeaf(value: unknown): boolean {
  return ["string", "boolean"].includes(typeof value) || value === null || (typeof value === "number" && Number.isFinite(value));
}

function sizeProblem(issue: z.core.$ZodIssueTooBig | z.core.$ZodIssueTooSmall): string {
  const big = issue.code === "too_big";
  const limit = String("maximum" in issue ? issue.maximum : issue.minimum);
  const exclusive = issue.inclusive === false;
  switch (issue.origin) {
    case "string":
      if (!big && limit === "1") return "must not be empty";
      return big ? `is too long: at most ${limit} characters` : `must have at least ${limit} characters`;
    case "array":
    case "set":
      return big ? `has too many items: at most ${limit}` : `must have at least ${limit} items`;
    default:
      // number, int, bigint, date, file (and any origin a later zod adds) read as bounds on a value.
      if (big) return exclusive ? `must be less than ${limit}` : `must be at most ${limit}`;
      return exclusive ? `must be greater than ${limit}` : `must be at least ${limit}`;
  }
}

function formatProblem(issue: z.core.$ZodIssueInvalidStringFormat): string {
  switch (issue.format) {
    case "regex":
      return `is not valid: ${issue.message}`;
    case "url":
      return "must be an http:// or https:// URL";
    case "datetime":
      return "must be a date and time with a zone, like 2025-01-31T09:30:00Z";
    default:
      // The document uses only the formats above; zod's other formats (email, uuid, …) get its own name.
      return `is not a valid ${issue.format}`;
  }
}

/** Code and problem text ("must be …") for one zod issue at the value `actual`. */
function classify(issue: ZodIssue, actual: unknown): { code: IssueCode; problem: string } {
  switch (issue.code) {
    case "invalid_type":
      if (actual === undefined) return { code: "MISSING_FIELD", problem: "is required but missing" };
      return { code: "INVALID_TYPE", problem: `must be ${EXPECTED_WORDS[issue.expected] ?? issue.expected}, not ${describeValue(actual)}` };
    case "too_big":
      return {
        code: issue.origin === "string" || issue.origin === "array" || issue.origin === "set" ? "TOO_LARGE" : "INVALID_VALUE",
        problem: sizeProblem(issue),
      };
    case "too_small":
      return { code: "INVALID_VALUE", problem: sizeProblem(issue) };
    case "invalid_format":
      return { code: "INVALID_VALUE", problem: formatProblem(issue) };
    case "invalid_value": {
      const options = issue.values.map((v) => JSON.stringify(v)).join(", ");
      return { code: "INVALID_VALUE", problem: issue.values.length === 1 ? `must be ${options}` : `must be one of ${options}` };
    }
    case "invalid_union":
      if (!isJsonLeaf(actual) && typeof actual !== "object") {
        return {
          code: "INVALID_TYPE",
          problem: `must be JSON data (a string, finite number, true/false, null, array or object), not ${actual === undefined ? "undefined" : describeValue(actual)}`,
        };
      }
      return { code: "INVALID_VALUE", problem: "does not match any allowed form" };
    default:
      // custom refinements, invalid_key, invalid_element, not_multiple_of and unrecognized_keys
      // found inside a union branch (mapOne words the top-level ones) keep zod's own message.
      return { code: "INVALID_VALUE", problem: `is not valid: ${issue.message}` };
  }
}

function unknownKind(issue: ZodIssue, segments: PathSegment[], root: unknown): ValidationIssue | undefined {
  if (issue.code !== "invalid_union" || issue.discriminator !== "kind") return undefined;
  const [collection] = segments;
  const known = typeof collection === "string" && Object.hasOwn(KIND_COLLECTIONS, collection) ? KIND_COLLECTIONS[collection] : undefined;
  if (known === undefined || segments.length !== 3) return undefined;
  const value = valueAt(root, segments);
  const what =
    value === undefined ? "has no kind" : `has kind ${typeof value === "string" ? quote(value) : describeValue(value)}, which Graphwright does not know`;
  return {
    code: known.code,
    path: formatJsonPath(segments),
    message: `${where(root, segments.slice(0, 2))} ${what}; known ${known.word} kinds: ${known.kinds.join(", ")}`,
  };
}

function mapOne(issue: ZodIssue, root: unknown): ValidationIssue[] {
  const direct = toSegments(issue.path);
  const kind = unknownKind(issue, direct, root);
  if (kind !== undefined) return [kind];
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => ({
      code: "UNKNOWN_FIELD" as const,
      path: formatJsonPath([...direct, key]),
      message: `${where(root, direct)} has an unknown field ${quote(key)}`,
    }));
  }
  const deepest = deepestUnionIssue(issue, direct);
  const { code, problem } = classify(deepest.issue, valueAt(root, deepest.segments));
  return [{ code, path: formatJsonPath(deepest.segments), message: `${where(root, deepest.segments)} ${problem}` }];
}

/**
 * Validation issues for a failed zod parse of `root`: one per location (the first zod gave),
 * each with a `nodeId` when it lies inside a node that has a string id.
 */
export function mapZodIssues(issues: readonly ZodIssue[], root: unknown): ValidationIssue[] {
  const seen = new Set<string>();
  const mapped: ValidationIssue[] = [];
  for (const issue of issues) {
    for (const one of mapOne(issue, root)) {
      if (seen.has(one.path)) continue;
      seen.add(one.path);
      const nodeId = nodeIdAt(root, toSegments(issue.path));
      mapped.push(nodeId === undefined ? one : { ...one, nodeId });
    }
  }
  return mapped;
}
