/**
 * A dataset's evaluators as their form edits them: every field as text. The assertion kinds
 * are drafted and read exactly as a graph test's assertions (`regression/testDraft.ts`); the
 * four evaluation kinds (judge, similar to expected, JSON Schema, limits) are described here
 * by their fields and read back through the document's own schema, so the form never writes
 * an evaluator the document would refuse.
 */
import {
  assertionKindList,
  assertionKinds,
  evaluatorSchema,
  isAssertionEvaluator,
  type AssertionKind,
  type Evaluator,
  type EvaluatorKind,
} from "../../schema/index.js";
import { assertionOf, changeKind, draftOf, type AssertionDraft, type DraftProblem } from "../regression/testDraft";
import { errorMessage } from "../../schema/errorMessage.js";

/** The evaluation kinds that are not graph-test assertions. */
export type EvaluationKind = Exclude<EvaluatorKind, AssertionKind>;

export interface EvaluationField {
  key: string;
  label: string;
  /** `profile`: a model profile of the document; `choice`: one of `choices`; `json`: a JSON object. */
  type: "text" | "number" | "profile" | "choice" | "json";
  optional?: boolean;
  choices?: readonly { value: string; label: string }[];
  hint?: string;
}

interface EvaluationKindDescriptor {
  title: string;
  description: string;
  fields: readonly EvaluationField[];
  /** A new evaluator of the kind; `profile` is the document's first model profile. */
  blank(profile: string): Evaluator;
}

export const evaluationKinds: { readonly [K in EvaluationKind]: EvaluationKindDescriptor } = {
  judge: {
    title: "LLM judge",
    description: "A model scores the reply against a rubric",
    fields: [
      { key: "rubric", label: "Rubric", type: "text", hint: "What a good reply does, in words" },
      { key: "profile", label: "Judge profile", type: "profile" },
      {
        key: "scale",
        label: "Scale",
        type: "choice",
        choices: [
          { value: "score", label: "Score 1–5" },
          { value: "pass_fail", label: "Pass or fail" },
        ],
      },
      { key: "threshold", label: "Pass at score", type: "number", optional: true, hint: "1–5; used with the score scale" },
    ],
    blank: (profile) => ({ kind: "judge", rubric: "", profile, scale: "score", threshold: 4 }),
  },
  similar: {
    title: "Similar to expected",
    description: "Embeddings' cosine similarity, or word overlap without a profile",
    fields: [
      { key: "threshold", label: "Threshold", type: "number", hint: "0–1" },
      { key: "embedding_profile", label: "Embeddings profile", type: "profile", optional: true },
    ],
    blank: () => ({ kind: "similar", threshold: 0.6 }),
  },
  json_schema: {
    title: "JSON matching a schema",
    description: "The reply is JSON that the JSON Schema accepts",
    fields: [{ key: "schema", label: "JSON Schema", type: "json" }],
    blank: () => ({ kind: "json_schema", schema: { type: "object" } }),
  },
  limits: {
    title: "Limits",
    description: "Latency, tokens or cost per case",
    fields: [
      { key: "max_latency_ms", label: "Max latency (ms)", type: "number", optional: true },
      { key: "max_tokens", label: "Max tokens", type: "number", optional: true },
      { key: "max_cost_usd", label: "Max cost (USD)", type: "number", optional: true },
    ],
    blank: () => ({ kind: "limits" }),
  },
};

export const evaluationKindList = Object.keys(evaluationKinds) as EvaluationKind[];

/** Every kind the form offers, assertion kinds first, with its title. */
export const evaluatorKindChoices: readonly { kind: EvaluatorKind; title: string }[] = [
  ...assertionKindList.map((kind) => ({ kind, title: assertionKinds[kind].title })),
  ...evaluationKindList.map((kind) => ({ kind, title: evaluationKinds[kind].title })),
];

export interface EvaluationDraft {
  kind: EvaluationKind;
  values: Record<string, string>;
  /** Fields the form does not edit (a scripted judge's rules), kept as they were. */
  kept: Record<string, unknown>;
}

export type EvaluatorDraft = AssertionDraft | EvaluationDraft;

export function isEvaluationDraft(draft: EvaluatorDraft): draft is EvaluationDraft {
  return draft.kind in evaluationKinds;
}

/**
 * An evaluator's fields as text.
 * @example evaluatorDraftOf({ kind: "similar", threshold: 0.6 }).values // { threshold: "0.6", embedding_profile: "" }
 */
export function evaluatorDraftOf(evaluator: Evaluator): EvaluatorDraft {
  if (isAssertionEvaluator(evaluator)) return draftOf(evaluator);
  const data = evaluator as unknown as Record<string, unknown>;
  const fields = evaluationKinds[evaluator.kind].fields;
  const values = Object.fromEntries(
    fields.map((field) => {
      const value = data[field.key];
      return [field.key, value === undefined ? "" : field.type === "json" ? JSON.stringify(value, null, 2) : String(value)];
    }),
  );
  const edited = new Set(["kind", ...fields.map((f) => f.key)]);
  const kept = Object.fromEntries(Object.entries(data).filter(([key]) => !edited.has(key)));
  return { kind: evaluator.kind, values, kept };
}

/** A new evaluator of another kind, keeping the text of the fields both kinds have. */
export function changeEvaluatorKind(draft: EvaluatorDraft, kind: EvaluatorKind, profile: string): EvaluatorDraft {
  if (kind in assertionKinds && !isEvaluationDraft(draft)) return changeKind(draft, kind as AssertionKind);
  const fresh =
    kind in evaluationKinds ? evaluatorDraftOf(evaluationKinds[kind as EvaluationKind].blank(profile)) : draftOf(assertionKinds[kind as AssertionKind].blank());
  for (const key of Object.keys(fresh.values)) if (draft.values[key]) fresh.values[key] = draft.values[key];
  return fresh;
}

function readEvaluationField(field: EvaluationField, text: string): { value?: unknown; error?: string } {
  const trimmed = field.type === "text" ? text : text.trim();
  if (trimmed.trim() === "") return field.optional ? {} : { error: `${field.label} is required` };
  switch (field.type) {
    case "number": {
      const n = Number(trimmed);
      return Number.isFinite(n) ? { value: n } : { error: `${field.label} is a number` };
    }
    case "json": {
      let value: unknown;
      try {
        value = JSON.parse(trimmed);
      } catch (error) {
        return { error: `${field.label}: not valid JSON (${errorMessage(error)})` };
      }
      return value !== null && typeof value === "object" && !Array.isArray(value) ? { value } : { error: `${field.label} is a JSON object` };
    }
    default:
      return { value: trimmed };
  }
}

/**
 * The evaluator a draft describes, or the problems of its fields (`assertion` is the evaluator's index).
 * @example const read = evaluatorOf(draft, 0); if ("evaluator" in read) save(read.evaluator);
 */
export function evaluatorOf(draft: EvaluatorDraft, index: number): { evaluator: Evaluator } | { problems: DraftProblem[] } {
  if (!isEvaluationDraft(draft)) {
    const read = assertionOf(draft, index);
    return "problems" in read ? read : { evaluator: read.assertion };
  }
  const data: Record<string, unknown> = { ...draft.kept, kind: draft.kind };
  const problems: DraftProblem[] = [];
  for (const field of evaluationKinds[draft.kind].fields) {
    const read = readEvaluationField(field, draft.values[field.key] ?? "");
    if (read.error) problems.push({ message: read.error, assertion: index, field: field.key });
    else if (read.value !== undefined) data[field.key] = read.value;
  }
  if (problems.length > 0) return { problems };
  const parsed = evaluatorSchema.safeParse(data);
  if (!parsed.success)
    return {
      problems: parsed.error.issues.map((issue) => {
        const field = String(issue.path[0] ?? "");
        const label = evaluationKinds[draft.kind].fields.find((f) => f.key === field)?.label;
        return { message: label ? `${label}: ${issue.message}` : issue.message, assertion: index, field };
      }),
    };
  return { evaluator: parsed.data };
}

/**
 * Every evaluator of a list of drafts, or every problem found.
 * @example const read = evaluatorsOf(drafts); if ("evaluators" in read) save(read.evaluators);
 */
export function evaluatorsOf(drafts: readonly EvaluatorDraft[]): { evaluators: Evaluator[] } | { problems: DraftProblem[] } {
  const evaluators: Evaluator[] = [];
  const problems: DraftProblem[] = [];
  drafts.forEach((draft, i) => {
    const read = evaluatorOf(draft, i);
    if ("problems" in read) problems.push(...read.problems);
    else evaluators.push(read.evaluator);
  });
  return problems.length > 0 ? { problems } : { evaluators };
}
