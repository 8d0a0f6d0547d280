/**
 * A test as its form edits it: every field as text, derived from the assertion kinds'
 * descriptors, and back again with the problem of each field that does not read — so the
 * dialog never writes a test the document would refuse.
 */
import {
  assertionKinds,
  assertionRegexes,
  graphTestSchema,
  userRegexProblem,
  type Assertion,
  type AssertionField,
  type AssertionKind,
  type GraphTest,
  type TestMode,
} from "../../schema/index.js";

export interface AssertionDraft {
  kind: AssertionKind;
  /** Field key → its text. */
  values: Record<string, string>;
}

export interface TestDraft {
  id: string;
  name: string;
  mode: TestMode;
  assertions: AssertionDraft[];
}

/** What is wrong with the draft: at the test (`name`) or at one field of one assertion. */
export interface DraftProblem {
  message: string;
  assertion?: number;
  field?: string;
}

function fieldText(field: AssertionField, value: unknown): string {
  if (value === undefined) return "";
  if (field.type === "args" || field.type === "args_regex") return JSON.stringify(value);
  return String(value);
}

/** The fields of an assertion as text. */
export function draftOf(assertion: Assertion): AssertionDraft {
  const data = assertion as unknown as Record<string, unknown>;
  return {
    kind: assertion.kind,
    values: Object.fromEntries(assertionKinds[assertion.kind].fields.map((field) => [field.key, fieldText(field, data[field.key])])),
  };
}

/** A new assertion of a kind, keeping the text of fields the previous kind shared with it (a tool name, a turn). */
export function changeKind(draft: AssertionDraft, kind: AssertionKind): AssertionDraft {
  const fresh = draftOf(assertionKinds[kind].blank());
  for (const key of Object.keys(fresh.values)) if (draft.values[key]) fresh.values[key] = draft.values[key];
  return fresh;
}

export function testDraftOf(test: GraphTest): TestDraft {
  return { id: test.id, name: test.name, mode: test.mode, assertions: test.assertions.map(draftOf) };
}

function readField(field: AssertionField, text: string): { value?: unknown; error?: string } {
  const trimmed = field.type === "text" ? text : text.trim();
  if (trimmed === "") return field.optional ? {} : { error: `${field.label} is required` };
  switch (field.type) {
    case "turn": {
      const n = Number(trimmed);
      return Number.isInteger(n) && n >= 1 ? { value: n } : { error: "Turn is a number from 1 (empty: the last turn)" };
    }
    case "args":
    case "args_regex": {
      let value: unknown;
      try {
        value = JSON.parse(trimmed);
      } catch {
        return { error: `${field.label}: not valid JSON` };
      }
      if (value === null || typeof value !== "object" || Array.isArray(value)) return { error: `${field.label}: a JSON object, such as {"city": "Paris"}` };
      if (field.type === "args_regex" && Object.values(value).some((v) => typeof v !== "string"))
        return { error: `${field.label}: each value is a pattern (a string)` };
      return { value };
    }
    default:
      return { value: trimmed };
  }
}

/** The assertion a draft describes, or the problems of its fields. */
export function assertionOf(draft: AssertionDraft, index: number): { assertion: Assertion } | { problems: DraftProblem[] } {
  const data: Record<string, unknown> = { kind: draft.kind };
  const problems: DraftProblem[] = [];
  for (const field of assertionKinds[draft.kind].fields) {
    const read = readField(field, draft.values[field.key] ?? "");
    if (read.error) problems.push({ message: read.error, assertion: index, field: field.key });
    else if (read.value !== undefined) data[field.key] = read.value;
  }
  if (problems.length > 0) return { problems };
  const parsed = graphTestSchema.shape.assertions.unwrap().element.safeParse(data);
  if (!parsed.success)
    return { problems: parsed.error.issues.map((issue) => ({ message: issue.message, assertion: index, field: String(issue.path[0] ?? "") })) };
  const bad = assertionRegexes(parsed.data).flatMap(({ at, pattern, flags }) => {
    const error = userRegexProblem(pattern, flags);
    return error ? [{ message: `The pattern ${error}`, assertion: index, field: at[0] }] : [];
  });
  return bad.length > 0 ? { problems: bad } : { assertion: parsed.data };
}

/**
 * The test a draft describes (turns and recording kept from `base`), or every problem found.
 * @example const read = testFromDraft(draft, proposed); if ("test" in read) save(read.test);
 */
export function testFromDraft(draft: TestDraft, base: GraphTest): { test: GraphTest } | { problems: DraftProblem[] } {
  const problems: DraftProblem[] = [];
  if (!draft.name.trim()) problems.push({ message: "Give the test a name" });
  const assertions: Assertion[] = [];
  draft.assertions.forEach((a, i) => {
    const read = assertionOf(a, i);
    if ("problems" in read) problems.push(...read.problems);
    else assertions.push(read.assertion);
  });
  if (draft.mode === "replay" && !base.recording) problems.push({ message: "Replay needs a recording: save the test from a thread" });
  if (problems.length > 0) return { problems };
  return { test: { ...base, name: draft.name.trim(), mode: draft.mode, assertions } };
}
