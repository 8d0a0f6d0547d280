/**
 * Datasets (evaluations): named lists of cases a graph is run on to compare models and prompts.
 * A case is an input (a message, or a short conversation of user turns) with an optional
 * expected output; the dataset says how a reply is held against it (`match`) and which
 * evaluators also judge each reply. Datasets live in the document, so they are saved, undone
 * and exported with the graph, and `npm run cli -- eval` runs them.
 */
import { z } from "zod";
import { assertionKindList, assertionSchema, describeAssertion, type Assertion } from "./assertions.js";
import { jsonValue } from "./json.js";
import { id, LIMITS, text, title } from "./primitives.js";
import { scriptSchema } from "./script.js";
import { USER_REGEX_FLAGS } from "./userRegex.js";

/** The most cases a dataset holds, and the most rows a CSV or JSONL import reads. */
export const MAX_DATASET_CASES = 10_000;
/** Variants compared side by side in one evaluation. */
export const MAX_VARIANTS = 4;

/** What a case sends: one message, or user turns played in order on one thread (the last turn's reply is evaluated). */
export const caseInputSchema = z.union([text, z.array(text).min(1).max(20)]);

/** Metadata values a CSV column or a JSONL field can carry. */
const metadataValue = z.union([z.string().max(LIMITS.textLength), z.number().finite(), z.boolean(), z.null()]);

export const datasetCaseSchema = z.strictObject({
  id,
  input: caseInputSchema,
  /** What the final reply should hold, checked by the dataset's `match`; absent, only the evaluators decide. */
  expected: text.optional(),
  metadata: z.record(z.string().max(LIMITS.nameLength), metadataValue).default(() => ({})),
});

/**
 * How a reply is held against a case's `expected`: `contains` (case-insensitive, the default),
 * `exact` (after trimming), `regex` (`expected` is a pattern, run on the linear-time engine),
 * `judge` (the dataset's judge evaluators decide, and see `expected` as the reference answer), or
 * `none` (`expected` is only read by evaluators, such as similar to expected).
 */
export const datasetMatchSchema = z.enum(["contains", "exact", "regex", "judge", "none"]);

/** LLM judge: a model profile scores the reply against a rubric, 1–5 or pass/fail. */
export const judgeEvaluatorSchema = z.strictObject({
  kind: z.literal("judge"),
  /** What a good reply does, in words: the judge's instructions. */
  rubric: text.min(1),
  /** The model profile that judges (any provider; `scripted` judges by `script`). */
  profile: id,
  /** `score`: a whole number 1–5, passing at `threshold` or above; `pass_fail`: a verdict. */
  scale: z.enum(["score", "pass_fail"]).default("score"),
  threshold: z.number().int().min(1).max(5).default(4),
  /** Rules for a scripted judge, as an agent's: they see the judge's prompt as the user message. */
  script: scriptSchema.optional(),
});

/** Similar to expected: cosine similarity of embeddings with an embeddings profile, else word overlap (F1), at least `threshold`. */
export const similarityEvaluatorSchema = z.strictObject({
  kind: z.literal("similar"),
  threshold: z.number().min(0).max(1).default(0.6),
  /** An OpenAI-compatible profile whose `model` embeds; absent: word overlap, offline. */
  embedding_profile: id.optional(),
});

/** The reply is JSON (alone, or in one fenced block) matching a JSON Schema. */
export const jsonSchemaEvaluatorSchema = z.strictObject({
  kind: z.literal("json_schema"),
  schema: z.record(z.string(), jsonValue),
});

/** Limits per case: wall time of the run, tokens of its model calls, their cost (USD, at the profiles' prices). */
export const limitsEvaluatorSchema = z.strictObject({
  kind: z.literal("limits"),
  max_latency_ms: z.number().int().positive().max(3_600_000).optional(),
  max_tokens: z.number().int().positive().max(100_000_000).optional(),
  max_cost_usd: z.number().positive().max(1_000_000).optional(),
});

/** Every evaluator a dataset may use: the assertion kinds of graph tests, and the four of evaluations. */
export const evaluatorSchema = z.discriminatedUnion("kind", [
  ...assertionSchema.options,
  judgeEvaluatorSchema,
  similarityEvaluatorSchema,
  jsonSchemaEvaluatorSchema,
  limitsEvaluatorSchema,
]);

/**
 * A variant to compare: every agent, LLM node and Planner runs on `profile`, and/or one
 * agent's (or LLM node's) system prompt is replaced. The document as it is, when neither is set.
 */
export const variantSchema = z.strictObject({
  id,
  name: title.min(1),
  profile: id.optional(),
  prompt: z.strictObject({ node: id, system_prompt: text }).optional(),
});

export const datasetSchema = z.strictObject({
  id,
  name: title,
  description: text.optional(),
  match: datasetMatchSchema.default("contains"),
  /** Flags of the `regex` match (default `i`). */
  flags: z.string().regex(USER_REGEX_FLAGS, "allowed flags: i m s u, each at most once").max(4).optional(),
  evaluators: z
    .array(evaluatorSchema)
    .max(50)
    .default(() => []),
  /** Variants this dataset is meant to compare (the Evaluate dialog and the CLI offer them). */
  variants: z.array(variantSchema).max(MAX_VARIANTS).optional(),
  cases: z
    .array(datasetCaseSchema)
    .max(MAX_DATASET_CASES)
    .default(() => []),
});

export type Dataset = z.infer<typeof datasetSchema>;
export type DatasetInput = z.input<typeof datasetSchema>;
export type DatasetCase = z.infer<typeof datasetCaseSchema>;
export type DatasetMatch = z.infer<typeof datasetMatchSchema>;
export type CaseInput = z.infer<typeof caseInputSchema>;
export type Evaluator = z.infer<typeof evaluatorSchema>;
export type EvaluatorKind = Evaluator["kind"];
export type JudgeEvaluator = z.infer<typeof judgeEvaluatorSchema>;
export type SimilarityEvaluator = z.infer<typeof similarityEvaluatorSchema>;
export type JsonSchemaEvaluator = z.infer<typeof jsonSchemaEvaluatorSchema>;
export type LimitsEvaluator = z.infer<typeof limitsEvaluatorSchema>;
export type Variant = z.infer<typeof variantSchema>;

/**
 * The user turns of a case, in order.
 * @example caseTurns({ id: "c1", input: "Hi", metadata: {} }) // ["Hi"]
 */
export function caseTurns(input: CaseInput): string[] {
  return typeof input === "string" ? [input] : [...input];
}

/**
 * The case's input in one line, for tables and test names: the last turn, with how many came before.
 * @example caseLabel({ id: "c1", input: ["Hi", "Weather in Paris?"], metadata: {} }) // "Weather in Paris? (turn 2)"
 */
export function caseLabel(datasetCase: Pick<DatasetCase, "input">): string {
  const turns = caseTurns(datasetCase.input);
  const last = (turns.at(-1) ?? "").replace(/\s+/g, " ").trim();
  const clipped = last.length > 80 ? `${last.slice(0, 79)}…` : last;
  return turns.length > 1 ? `${clipped} (turn ${turns.length})` : clipped;
}

function clip(text: string, length: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}

const assertionKinds: ReadonlySet<string> = new Set(assertionKindList);

/**
 * True for the evaluators that are graph-test assertions (`reply_contains`, `tool_called`, …).
 * @example isAssertionEvaluator({ kind: "reply_contains", text: "Sunny" }) // true
 */
export function isAssertionEvaluator(evaluator: Evaluator): evaluator is Assertion {
  return assertionKinds.has(evaluator.kind);
}

/**
 * An evaluator in a few words: a column header, a line of a JUnit failure.
 * @example describeEvaluator({ kind: "similar", threshold: 0.6 }) // "Similar to expected (word overlap ≥ 0.6)"
 */
export function describeEvaluator(evaluator: Evaluator): string {
  if (isAssertionEvaluator(evaluator)) return describeAssertion(evaluator);
  switch (evaluator.kind) {
    case "judge":
      return `Judge (${evaluator.profile}): ${clip(evaluator.rubric, 60)}`;
    case "similar":
      return `Similar to expected (${evaluator.embedding_profile ? `cosine with ${evaluator.embedding_profile}` : "word overlap"} ≥ ${evaluator.threshold})`;
    case "json_schema":
      return "Reply is JSON matching the schema";
    case "limits": {
      const limits = [
        evaluator.max_latency_ms !== undefined ? `≤ ${evaluator.max_latency_ms} ms` : "",
        evaluator.max_tokens !== undefined ? `≤ ${evaluator.max_tokens} tokens` : "",
        evaluator.max_cost_usd !== undefined ? `≤ $${evaluator.max_cost_usd}` : "",
      ].filter(Boolean);
      return `Limits: ${limits.join(", ") || "none set"}`;
    }
    default: {
      const never: never = evaluator;
      return String(never);
    }
  }
}
