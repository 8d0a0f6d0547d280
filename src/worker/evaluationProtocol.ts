/**
 * Evaluations' part of the engine worker's protocol (protocol.ts re-exports it): start an
 * evaluation of one dataset of the document on 1–4 variants, hear its cases start and end in
 * batches, stop it (the finished cases are kept), get the result, kept in history, and compare
 * two results (the engine's comparison runs here: the page loads no engine code).
 */
import type { CaseResult, EvaluationComparison, EvaluationResult, VariantSummary } from "../engine/index.js";
import type { GraphDocument, Variant } from "../schema/index.js";

/**
 * Runs a dataset of `document` in the worker. Each case's trace is stored as a thread of its own
 * (runs and events, no thread record: it stays out of the thread list); the result is kept in
 * the evaluation history under `evaluationId`. Progress comes as `evaluation_progress`, then one
 * `evaluation_result`.
 */
export interface RunEvaluationRequest {
  type: "run_evaluation";
  requestId: string;
  /** The history record: a resumed evaluation keeps the id of the one it continues. */
  evaluationId: string;
  document: GraphDocument;
  /** A dataset of the document, by id. */
  datasetId: string;
  /** Absent: the dataset's own variants, else the graph as drawn. */
  variants?: Variant[];
  /** Cases running at once (1–16). */
  concurrency?: number;
  /** A stopped or incomplete result of the same dataset: only its cases without a verdict run again. */
  previous?: EvaluationResult;
}

/** Stops the evaluation `requestId`: running cases end cancelled, the finished ones are kept, the result follows. */
export interface StopEvaluationRequest {
  type: "stop_evaluation";
  requestId: string;
}

/** Cases that started and ended since the last post (at most a few posts a second, however fast cases end). */
export interface EvaluationProgressMessage {
  type: "evaluation_progress";
  requestId: string;
  done: number;
  total: number;
  started: { case_id: string; variant_id: string; thread_id: string }[];
  finished: CaseResult[];
  /** Each variant's numbers over every case finished so far (a resumed run's kept cases too): the charts fill in as it runs. */
  summary: VariantSummary[];
}

/** Compares two evaluations of one dataset (history's Compare): answered by `evaluation_comparison`. */
export interface CompareEvaluationsRequest {
  type: "compare_evaluations";
  requestId: string;
  before: EvaluationResult;
  after: EvaluationResult;
}

/** Every cell of the two runs and how it changed (regressed, fixed, same, added, removed). */
export interface EvaluationComparisonMessage {
  type: "evaluation_comparison";
  requestId: string;
  comparison: EvaluationComparison;
}

/**
 * The end of `run_evaluation`: the result (stopped or not), or why it could not run. `saveError`:
 * the result could not be kept in history (a full disk); the page still has it and may save it again.
 */
export interface EvaluationResultMessage {
  type: "evaluation_result";
  requestId: string;
  ok: boolean;
  result: EvaluationResult | null;
  error: string | null;
  saveError: string | null;
}
