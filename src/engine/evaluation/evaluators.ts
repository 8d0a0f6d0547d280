/**
 * Scores one case's run: the dataset's match of `expected` (contains, exact, regex), then each
 * evaluator — graph-test assertions through the checks graph tests use, the LLM judge, similarity
 * to the expected output, a JSON Schema, limits. Evaluators that compare with `expected` do not
 * apply to a case without one. Never throws: what cannot be decided is an `error` verdict.
 */
import {
  compileUserRegex,
  describeEvaluator,
  isAssertionEvaluator,
  UserRegexError,
  type Dataset,
  type DatasetCase,
  type Evaluator,
  type GraphDocument,
  type LimitsEvaluator,
  type SimilarityEvaluator,
} from "../../schema/index.js";
import { structuredCheck } from "./jsonReply.js";
import { checkAssertion } from "../regression/assertionChecks.js";
import { runJudge } from "./judge.js";
import { cosineSimilarity, wordOverlap } from "./similarity.js";
import type { CaseFacts, EvaluationServices, EvaluatorScore } from "./types.js";
import { errorMessage } from "../../schema/errorMessage.js";

const NO_REPLY = "(no reply)";

function score(evaluator: Evaluator, verdict: boolean, reason: string, value: number | null = null): EvaluatorScore {
  return { evaluator: describeEvaluator(evaluator), kind: evaluator.kind, verdict: verdict ? "pass" : "fail", score: value, reason };
}

/**
 * The dataset's match of the case's `expected` against the final reply; null when there is nothing to match
 * (no `expected`; the `judge` match, where the judges decide; `none`, where evaluators read `expected`).
 * @example matchExpected({ match: "contains" }, { expected: "sunny" }, "Sunny, 21°C")?.verdict // "pass"
 */
export function matchExpected(
  dataset: Pick<Dataset, "match" | "flags">,
  datasetCase: Pick<DatasetCase, "expected">,
  reply: string | null,
): EvaluatorScore | null {
  const expected = datasetCase.expected;
  if (expected === undefined || dataset.match === "judge" || dataset.match === "none") return null;
  const base = { evaluator: `Expected output (${dataset.match})`, kind: "expected" as const, score: null };
  const actual = reply ?? NO_REPLY;
  let passed: boolean;
  try {
    if (dataset.match === "contains") passed = reply !== null && reply.toLowerCase().includes(expected.toLowerCase());
    else if (dataset.match === "exact") passed = reply !== null && reply.trim() === expected.trim();
    else passed = reply !== null && compileUserRegex(expected, dataset.flags ?? "i").test(reply);
  } catch (error) {
    if (error instanceof UserRegexError) return { ...base, verdict: "error", reason: error.message };
    throw error;
  }
  const wanted =
    dataset.match === "contains" ? `a reply containing "${expected}"` : dataset.match === "exact" ? `exactly "${expected}"` : `a reply matching /${expected}/`;
  return { ...base, verdict: passed ? "pass" : "fail", reason: passed ? `Got ${wanted}` : `Expected ${wanted}; got: ${actual}` };
}

function checkLimits(evaluator: LimitsEvaluator, facts: CaseFacts): EvaluatorScore {
  const over: string[] = [];
  const tokens = facts.usage ? facts.usage.input_tokens + facts.usage.output_tokens : 0;
  if (evaluator.max_latency_ms !== undefined && facts.latency_ms > evaluator.max_latency_ms)
    over.push(`took ${facts.latency_ms} ms (limit ${evaluator.max_latency_ms} ms)`);
  if (evaluator.max_tokens !== undefined && tokens > evaluator.max_tokens) over.push(`used ${tokens} tokens (limit ${evaluator.max_tokens})`);
  if (evaluator.max_cost_usd !== undefined && facts.cost_usd !== null && facts.cost_usd > evaluator.max_cost_usd)
    over.push(`cost $${facts.cost_usd} (limit $${evaluator.max_cost_usd})`);
  const unpriced = evaluator.max_cost_usd !== undefined && facts.cost_usd === null ? " (no prices: cost not checked)" : "";
  return score(
    evaluator,
    over.length === 0,
    over.length === 0 ? `Within limits: ${facts.latency_ms} ms, ${tokens} tokens${unpriced}` : `The case ${over.join(", ")}`,
  );
}

async function checkSimilar(
  evaluator: SimilarityEvaluator,
  expected: string,
  reply: string | null,
  document: Pick<GraphDocument, "models">,
  services: EvaluationServices,
  signal: AbortSignal | undefined,
): Promise<EvaluatorScore> {
  const text = reply ?? "";
  const decide = (value: number, how: string) =>
    score(evaluator, value >= evaluator.threshold, `${how} ${value.toFixed(3)} (threshold ${evaluator.threshold})`, Number(value.toFixed(4)));
  if (evaluator.embedding_profile === undefined) return decide(wordOverlap(text, expected), "Word overlap");
  const profile = document.models.find((m) => m.id === evaluator.embedding_profile);
  const error = (why: string): EvaluatorScore => ({ evaluator: describeEvaluator(evaluator), kind: "similar", verdict: "error", score: null, reason: why });
  if (!profile) return error(`Embeddings profile "${evaluator.embedding_profile}" does not exist`);
  if (!services.embeddings) return error("Embeddings are not available here: compare by word overlap (remove the embeddings profile) or run where they are");
  try {
    const [a, b] = await services.embeddings.embed(profile, [text, expected], signal);
    if (!a || !b) return error(`Embeddings profile "${profile.id}" returned no vectors`);
    return decide(cosineSimilarity(a, b), "Cosine similarity");
  } catch (failure) {
    return error(errorMessage(failure));
  }
}

/**
 * Every verdict on one case: the match of `expected` first, then each evaluator in order.
 * @example const scores = await scoreCase(document, dataset, datasetCase, facts, services, signal);
 */
export async function scoreCase(
  document: Pick<GraphDocument, "models">,
  dataset: Dataset,
  datasetCase: DatasetCase,
  facts: CaseFacts,
  services: EvaluationServices,
  signal?: AbortSignal,
): Promise<EvaluatorScore[]> {
  const scores: EvaluatorScore[] = [];
  const matched = matchExpected(dataset, datasetCase, facts.reply);
  if (matched) scores.push(matched);
  for (const evaluator of dataset.evaluators) {
    if (isAssertionEvaluator(evaluator)) {
      const turn = evaluator.turn ?? facts.turns.length;
      const turnFacts = facts.turns[turn - 1];
      if (!turnFacts) scores.push(score(evaluator, false, `The case has ${facts.turns.length} turns, not ${turn}`));
      else {
        const outcome = checkAssertion(evaluator, turnFacts);
        scores.push(score(evaluator, outcome.passed, outcome.passed ? `Got ${outcome.actual}` : `Expected ${outcome.expected}; got: ${outcome.actual}`));
      }
      continue;
    }
    switch (evaluator.kind) {
      case "judge":
        scores.push(
          await runJudge(
            evaluator,
            document,
            services.models,
            { inputs: facts.inputs, expected: datasetCase.expected, reply: facts.reply },
            signal,
            describeEvaluator(evaluator),
          ),
        );
        break;
      case "similar":
        if (datasetCase.expected !== undefined) scores.push(await checkSimilar(evaluator, datasetCase.expected, facts.reply, document, services, signal));
        break;
      case "json_schema": {
        const checked = structuredCheck(facts.reply ?? "", evaluator.schema);
        scores.push(score(evaluator, checked.ok, checked.ok ? "The reply is JSON matching the schema" : checked.reason));
        break;
      }
      case "limits":
        scores.push(checkLimits(evaluator, facts));
        break;
      default: {
        const never: never = evaluator;
        throw new Error(`Unknown evaluator ${JSON.stringify(never)}`);
      }
    }
  }
  return scores;
}
