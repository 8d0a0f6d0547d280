/**
 * What an evaluation produces, as plain JSON (the worker posts it, IndexedDB keeps it, the CLI
 * writes it): per case and variant whether it passed, each evaluator's verdict, the reply, its
 * latency, tokens and cost, and the thread and runs to open its trace.
 */
import type { EvaluatorKind, ModelProfile, TokenUsage, Variant } from "../../schema/index.js";
import type { EngineServices } from "../ports.js";
import type { TurnFacts } from "../regression/assertionChecks.js";

/**
 * Embeddings for the `similar` evaluator: texts to vectors with an OpenAI-compatible profile
 * (src/models gives one; the key is read at call time and goes only to the profile's host).
 * @example const embeddings: EmbeddingsPort = { embed: (profile, texts, signal) => createEmbedder(profile, getKey).embed(texts, signal) };
 */
export interface EmbeddingsPort {
  embed(profile: ModelProfile, texts: readonly string[], signal?: AbortSignal): Promise<ArrayLike<number>[]>;
}

/**
 * The engine's services plus what evaluators need: models judge through `models` (the same
 * resolver the graph uses), and `embeddings` compares by meaning (word overlap without it).
 * @example const services: EvaluationServices = { ...nodeServices(document), embeddings };
 */
export interface EvaluationServices extends EngineServices {
  embeddings?: EmbeddingsPort;
}

/**
 * What one evaluator said about a case: `error` when it could not decide (a judge that answered
 * in prose, an embeddings call that failed): never a pass.
 * @example const score: EvaluatorScore = { evaluator: "Judge: Names the weather", kind: "judge", verdict: "pass", score: 5, reason: "Names the weather" };
 */
export interface EvaluatorScore {
  /** The evaluator in a few words, for a column header or a JUnit failure. */
  evaluator: string;
  /** `expected` for the dataset's own match of `expected`. */
  kind: EvaluatorKind | "expected";
  verdict: "pass" | "fail" | "error";
  /** A judge's 1–5 (1 or 0 for pass/fail), a similarity from 0 to 1; null where there is no number. */
  score: number | null;
  /** Why: the judge's reasoning, what was expected against what came, what went wrong. */
  reason: string;
}

/**
 * What a case's run did: its turns (as graph tests read them), its final reply, time and usage.
 * @example const facts: CaseFacts = { turns, reply: "Sunny", latency_ms: 120, usage: { input_tokens: 40, output_tokens: 8 }, cost_usd: null };
 */
export interface CaseFacts {
  /** The case's user turns, in order. */
  inputs: readonly string[];
  turns: readonly TurnFacts[];
  /** The last turn's final reply, or null. */
  reply: string | null;
  latency_ms: number;
  /** Tokens of every model call of the run; null when none reported usage. */
  usage: TokenUsage | null;
  /** USD at the profiles' prices; null when no call had prices. */
  cost_usd: number | null;
}

/**
 * One cell of the matrix: a case run on a variant.
 * `error`: the run failed (a provider down) or an evaluator could not decide; `cancelled`: Stop came first.
 * Resuming runs again every case that is not `passed` or `failed`.
 * @example const failed = result.cases.filter((c: CaseResult) => c.status === "failed");
 */
export interface CaseResult {
  case_id: string;
  variant_id: string;
  status: "passed" | "failed" | "error" | "cancelled";
  passed: boolean;
  reply: string | null;
  scores: EvaluatorScore[];
  latency_ms: number;
  usage: TokenUsage | null;
  /** Input and output tokens together (0 when no call reported usage). */
  tokens: number;
  cost_usd: number | null;
  /** Why the case could not be judged (the run's error, or the evaluator that failed). */
  error: string | null;
  /** The thread the case ran on and its runs, in order: what the timeline opens. */
  thread_id: string;
  run_ids: string[];
}

/**
 * Numbers for one variant's column: pass rate, latency and cost (median and 95th percentile).
 * @example summary.pass_rate >= 0.9
 */
export interface VariantSummary {
  variant_id: string;
  name: string;
  /** Cases that ran to a verdict (passed or failed) or errored; cancelled and missing ones are not counted. */
  cases: number;
  passed: number;
  failed: number;
  errors: number;
  /** passed / cases (0 for no cases). */
  pass_rate: number;
  latency_ms: { median: number; p95: number };
  tokens: number;
  /** Null when no case had priced calls. */
  cost_usd: { total: number; median: number; p95: number } | null;
}

/**
 * A whole evaluation. `stopped`: Stop came before every case ran; `incomplete`: some cases errored
 * (resume runs them); `completed`: every case has a verdict.
 * @example const again = await runEvaluation(request, services, { previous: result });
 */
export interface EvaluationResult {
  graph_id: string;
  graph_name: string;
  dataset_id: string;
  dataset_name: string;
  variants: Variant[];
  status: "completed" | "incomplete" | "stopped";
  started: number;
  finished: number;
  /** Case-major: every variant of the first case, then of the second… (only cases that ran). */
  cases: CaseResult[];
  summary: VariantSummary[];
}
