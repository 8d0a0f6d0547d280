/**
 * runEvaluation: runs a dataset's cases on 1–4 variants through the path graph tests take
 * (compileGraph on a fresh thread, turns played as the app plays them), a few at a time, then
 * scores each reply. Stop keeps every finished case; a provider failing marks its cases `error`;
 * given a previous result, only the cases without a verdict run again. The engine worker and
 * the CLI call it alike: plain data in and out, progress as it goes.
 */
import {
  usageTotals,
  addUsage,
  caseTurns,
  MAX_VARIANTS,
  type Dataset,
  type DatasetCase,
  type GraphDocument,
  type TokenUsage,
  type Variant,
} from "../../schema/index.js";
import { EngineError } from "../errors.js";
import type { RunEvent } from "../events.js";
import { turnFacts, type TurnFacts } from "../regression/assertionChecks.js";
import { compileIsolated, playTurn } from "../regression/isolatedRun.js";
import { scoreCase } from "./evaluators.js";
import { summarize } from "./summary.js";
import type { CaseFacts, CaseResult, EvaluationResult, EvaluationServices } from "./types.js";
import { applyVariant, variantsFor } from "./variants.js";
import { errorMessage } from "../../schema/errorMessage.js";

/**
 * What to evaluate: a dataset of the document (or one imported beside it) on variants (default: the dataset's own, else the document as drawn).
 * @example const request: EvaluationRequest = { document, dataset: document.datasets[0], variants: variantsOfProfiles(["scripted", "gpt"]) };
 */
export interface EvaluationRequest {
  document: GraphDocument;
  dataset: Dataset;
  variants?: readonly Variant[];
}

/**
 * What `onProgress` hears: a case starting on a variant, then its result with the run events of its trace.
 * @example const onProgress = (p: EvaluationProgress) => p.type === "case_end" && bar.set(p.done / p.total);
 */
export type EvaluationProgress =
  | { type: "case_start"; case_id: string; variant_id: string; thread_id: string; done: number; total: number }
  | { type: "case_end"; result: CaseResult; events: readonly RunEvent[]; done: number; total: number };

/**
 * How an evaluation runs.
 * @example const options: RunEvaluationOptions = { concurrency: 4, signal: controller.signal, previous: partial };
 */
export interface RunEvaluationOptions {
  /** Cases running at once (1–16, default 4). */
  concurrency?: number;
  /** Stop: cases not started do not run, running ones end `cancelled`; the finished ones are kept. */
  signal?: AbortSignal;
  onProgress?(progress: EvaluationProgress): void;
  /** A result of the same dataset: its passed and failed cases are kept, the rest run again. */
  previous?: EvaluationResult;
  /** Starts each case's thread id (default `eval-<time>`), so the traces of two evaluations never share a thread. */
  threadPrefix?: string;
}

const DEFAULT_CONCURRENCY = 4;

interface Job {
  datasetCase: DatasetCase;
  variant: Variant;
  document: GraphDocument;
}

function totalUsage(events: readonly RunEvent[], document: GraphDocument): { usage: TokenUsage | null; cost: number | null } {
  let usage: TokenUsage | null = null;
  let cost: number | null = null;
  for (const total of usageTotals(events, document.models).byRun.values()) {
    usage = usage ? addUsage(usage, total.usage) : total.usage;
    if (total.cost_usd !== null) cost = (cost ?? 0) + total.cost_usd;
  }
  return { usage, cost };
}

function failedRun(facts: TurnFacts): string | null {
  if (facts.status === "completed" || facts.status === "interrupted") return null;
  return `The run ended ${facts.status}${facts.error ? `: ${facts.error}` : ""}`;
}

async function runCase(job: Job, dataset: Dataset, services: EvaluationServices, threadId: string, signal: AbortSignal | undefined) {
  const clock = services.clock ?? { now: () => Date.now() };
  const started = clock.now();
  const inputs = caseTurns(job.datasetCase.input);
  const events: RunEvent[] = [];
  const turns: TurnFacts[] = [];
  let error: string | null = null;
  try {
    const compiled = compileIsolated(job.document, services, services.models);
    for (const input of inputs) {
      const played = await playTurn(compiled, { message: input }, threadId, signal);
      events.push(...played);
      const facts = turnFacts(input, played);
      turns.push(facts);
      error = failedRun(facts);
      if (error !== null || signal?.aborted) break;
    }
  } catch (failure) {
    error = `The graph cannot run: ${errorMessage(failure)}`;
  }
  const latency_ms = Math.max(0, clock.now() - started);
  const { usage, cost } = totalUsage(events, job.document);
  const facts: CaseFacts = { inputs, turns, reply: turns.at(-1)?.reply ?? null, latency_ms, usage, cost_usd: cost };
  const scores = error === null && !signal?.aborted ? await scoreCase(job.document, dataset, job.datasetCase, facts, services, signal) : [];
  const undecided = scores.find((s) => s.verdict === "error");
  const status: CaseResult["status"] = signal?.aborted
    ? "cancelled"
    : error !== null || undecided
      ? "error"
      : scores.every((s) => s.verdict === "pass")
        ? "passed"
        : "failed";
  const result: CaseResult = {
    case_id: job.datasetCase.id,
    variant_id: job.variant.id,
    status,
    passed: status === "passed",
    reply: facts.reply,
    scores,
    latency_ms,
    usage,
    tokens: usage ? usage.input_tokens + usage.output_tokens : 0,
    cost_usd: cost,
    error: status === "cancelled" ? "Stopped" : (error ?? (undecided ? `${undecided.evaluator}: ${undecided.reason}` : null)),
    thread_id: threadId,
    run_ids: events.flatMap((e) => (e.type === "run_start" ? [e.run_id] : [])),
  };
  return { result, events };
}

function keptFrom(previous: EvaluationResult | undefined, dataset: Dataset, variants: readonly Variant[]): Map<string, CaseResult> {
  const kept = new Map<string, CaseResult>();
  if (!previous) return kept;
  if (previous.dataset_id !== dataset.id)
    throw new EngineError(
      "INVALID_EVALUATION",
      `The previous result is of dataset "${previous.dataset_name}", not "${dataset.name}": it cannot be resumed with this one`,
    );
  const cases = new Set(dataset.cases.map((c) => c.id));
  const variantIds = new Set(variants.map((v) => v.id));
  for (const result of previous.cases)
    if ((result.status === "passed" || result.status === "failed") && cases.has(result.case_id) && variantIds.has(result.variant_id))
      kept.set(`${result.variant_id}\u0000${result.case_id}`, result);
  return kept;
}

/**
 * Runs the evaluation and returns every case's result with a summary per variant. Throws
 * EngineError (INVALID_EVALUATION, INVALID_VARIANT) before running anything when the request
 * cannot run; a failing graph or provider is a case result, never a throw.
 * @example
 * const result = await runEvaluation({ document, dataset }, services, { concurrency: 4, onProgress });
 * result.summary.map((s) => `${s.name}: ${Math.round(s.pass_rate * 100)}%`);
 */
export async function runEvaluation(request: EvaluationRequest, services: EvaluationServices, options: RunEvaluationOptions = {}): Promise<EvaluationResult> {
  const { dataset, document } = request;
  const clock = services.clock ?? { now: () => Date.now() };
  const started = clock.now();
  const variants = variantsFor(dataset, request.variants);
  if (variants.length > MAX_VARIANTS)
    throw new EngineError("INVALID_EVALUATION", `An evaluation compares at most ${MAX_VARIANTS} variants, not ${variants.length}`);
  if (new Set(variants.map((v) => v.id)).size !== variants.length) throw new EngineError("INVALID_EVALUATION", "Two variants have the same id: name each once");
  if (dataset.cases.length === 0)
    throw new EngineError("INVALID_EVALUATION", `Dataset "${dataset.name}" has no cases: add some, or import a CSV or JSONL file`);
  const documents = new Map(variants.map((variant) => [variant.id, applyVariant(document, variant)]));
  const kept = keptFrom(options.previous, dataset, variants);
  const concurrency = Math.min(16, Math.max(1, Math.floor(options.concurrency ?? DEFAULT_CONCURRENCY)));
  const prefix = options.threadPrefix ?? `eval-${started.toString(36)}`;
  const { signal, onProgress } = options;

  const jobs: Job[] = dataset.cases.flatMap((datasetCase) =>
    variants
      .filter((variant) => !kept.has(`${variant.id}\u0000${datasetCase.id}`))
      .map((variant) => ({ datasetCase, variant, document: documents.get(variant.id) as GraphDocument })),
  );
  const total = jobs.length;
  const fresh = new Map<string, CaseResult>();
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < jobs.length && !signal?.aborted) {
      const job = jobs[next++] as Job;
      const threadId = `${prefix}:${job.variant.id}:${job.datasetCase.id}`;
      onProgress?.({ type: "case_start", case_id: job.datasetCase.id, variant_id: job.variant.id, thread_id: threadId, done, total });
      const { result, events } = await runCase(job, dataset, services, threadId, signal);
      fresh.set(`${job.variant.id}\u0000${job.datasetCase.id}`, result);
      done += 1;
      onProgress?.({ type: "case_end", result, events, done, total });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(1, jobs.length)) }, worker));

  const cases = dataset.cases.flatMap((datasetCase) =>
    variants.flatMap((variant) => {
      const key = `${variant.id}\u0000${datasetCase.id}`;
      const result = fresh.get(key) ?? kept.get(key);
      return result ? [result] : [];
    }),
  );
  const finishedAll = cases.length === dataset.cases.length * variants.length && cases.every((c) => c.status !== "cancelled");
  return {
    graph_id: document.meta.id,
    graph_name: document.meta.name,
    dataset_id: dataset.id,
    dataset_name: dataset.name,
    variants,
    status: !finishedAll ? "stopped" : cases.some((c) => c.status === "error") ? "incomplete" : "completed",
    started,
    finished: clock.now(),
    cases,
    summary: summarize(variants, cases),
  };
}
