/**
 * Runs evaluations in the worker, as the CLI runs them in Node: the host's models (with the saved
 * keys) and tools, each case on a fresh in-memory thread. What a case did is kept as a thread of
 * its own in the run store (runs and events, no thread record, so the graph's thread list stays
 * the person's threads while the timeline opens a case like any thread); the result is kept in
 * the evaluation history. Progress is batched: a case that ends in 5 ms does not cost the page a
 * message each.
 */
import { compareEvaluations, runEvaluation, summarize, variantsFor, type CaseResult, type EvaluationResult, type RunEvent } from "../engine/index.js";
import { embeddingsPort } from "../models/index.js";
import type { EvaluationStore, RunRecord, RunStore } from "../persistence/workspace/index.js";
import { createIntervalBatcher, systemTimer, type Timer } from "./eventBatcher";
import type { CompareEvaluationsRequest, EvaluationProgressMessage, RunEvaluationRequest, StopEvaluationRequest } from "./evaluationProtocol";
import type { HostServices } from "./hostCompiler";
import type { FromWorker } from "./protocol";
import { keySource } from "./providerKeys";
import type { WorkerRedaction } from "./redaction";
import { errorMessage } from "../schema/errorMessage.js";

export interface EvaluationRunsOptions {
  servicesFor: HostServices;
  runs: Pick<RunStore, "keepFinished">;
  /** The history; without it results are only posted. */
  evaluations?: Pick<EvaluationStore, "save">;
  /** Reads the saved keys for the redactor, and gives them to the evaluation's runs. */
  redaction: WorkerRedaction;
  post(message: FromWorker): void;
  timer?: Timer;
  /** How often progress is posted at most (ms). */
  batchMs?: number;
  /** How often, at most, the cases finished so far are kept in history while the run goes on (ms). */
  keepEveryMs?: number;
}

type Progress = Omit<EvaluationProgressMessage, "type" | "requestId" | "summary">;

/** The finished run records of a case's events: one per `run_start`, ended by its `run_end`. */
function runRecords(events: readonly RunEvent[], graphId: string): RunRecord[] {
  const records = new Map<string, RunRecord>();
  for (const event of events) {
    if (event.type === "run_start")
      records.set(event.run_id, {
        id: event.run_id,
        v: 1,
        thread_id: event.thread_id,
        graph_id: graphId,
        input: event.input,
        status: "error",
        started: event.ts,
        ended: event.ts,
        error: null,
      });
    const record = records.get(event.run_id);
    if (!record) continue;
    record.ended = event.ts;
    if (event.type === "run_end") record.status = event.status === "interrupted" ? "completed" : event.status;
    if (event.type === "error") record.error ??= event.message;
  }
  return [...records.values()];
}

/**
 * @example
 * const evaluations = createEvaluationRuns({ servicesFor, runs: ws.runs, evaluations: ws.evaluations, redaction, post });
 * await evaluations.run({ type: "run_evaluation", requestId: "r1", evaluationId: "e1", document, datasetId: "ds_weather" });
 */
export function createEvaluationRuns(options: EvaluationRunsOptions) {
  const controllers = new Map<string, AbortController>();

  async function run(request: RunEvaluationRequest): Promise<void> {
    const { requestId, document } = request;
    const controller = new AbortController();
    controllers.set(requestId, controller);
    const redact = <T>(value: T): T => options.redaction.current().redactValue(value);
    let progress: Progress = { done: 0, total: 0, started: [], finished: [] };
    /** Every case with a result so far, by variant and case, for the running summary. */
    const results = new Map<string, CaseResult>();
    let variants: ReturnType<typeof variantsFor> = [];
    // Traces are written one transaction per batch, in order; a failed write is told with the result.
    let saving: Promise<void> = Promise.resolve();
    let traceError: string | null = null;
    let traces: { records: RunRecord[]; events: RunEvent[] } = { records: [], events: [] };
    /** What the history entry says of the run before it ends: set once the dataset is found. */
    let entry: Pick<EvaluationResult, "graph_id" | "graph_name" | "dataset_id" | "dataset_name" | "started"> | null = null;
    let keptAt = 0;
    const batcher = createIntervalBatcher<null>(
      () => {
        const sent = progress;
        progress = { done: sent.done, total: sent.total, started: [], finished: [] };
        const cases = [...results.values()];
        const summary = summarize(variants, cases);
        options.post({ type: "evaluation_progress", requestId, ...sent, summary });
        const batch = traces;
        traces = { records: [], events: [] };
        saving = saving.then(() =>
          options.runs.keepFinished(batch.records, batch.events).catch((error: unknown) => {
            traceError ??= `Some cases' traces could not be saved: ${errorMessage(error)}`;
          }),
        );
        // The cases finished so far go into history as a stopped run, now and then: a reload (or a
        // closed tab) mid-run finds them there, and Resume runs the rest. The run's end overwrites it.
        const now = Date.now();
        if (entry && options.evaluations && cases.length > 0 && now - keptAt >= (options.keepEveryMs ?? 1_000)) {
          keptAt = now;
          const evaluations = options.evaluations;
          const partial: EvaluationResult = redact({ ...entry, variants, status: "stopped", finished: now, cases, summary });
          saving = saving.then(() =>
            evaluations.save(request.evaluationId, partial).then(
              () => undefined,
              () => undefined, // the run's end saves again, and says so if that fails
            ),
          );
        }
      },
      options.batchMs ?? 100,
      options.timer ?? systemTimer,
    );
    try {
      options.redaction.learn(document);
      const credentials = await options.redaction.refresh();
      const dataset = (document.datasets ?? []).find((d) => d.id === request.datasetId);
      if (!dataset) throw new Error(`This graph has no dataset with id "${request.datasetId}"`);
      variants = variantsFor(dataset, request.variants);
      entry = { graph_id: document.meta.id, graph_name: document.meta.name, dataset_id: dataset.id, dataset_name: dataset.name, started: Date.now() };
      for (const kept of request.previous?.cases ?? [])
        if (kept.status === "passed" || kept.status === "failed") results.set(`${kept.variant_id}\u0000${kept.case_id}`, kept);
      const { document: prepared, services } = options.servicesFor(document, { credentials, graphId: document.meta.id });
      const result = await runEvaluation(
        { document: prepared, dataset, ...(request.variants ? { variants: request.variants } : {}) },
        { ...services, embeddings: embeddingsPort(keySource(credentials)) },
        {
          signal: controller.signal,
          ...(request.concurrency ? { concurrency: request.concurrency } : {}),
          ...(request.previous ? { previous: request.previous } : {}),
          threadPrefix: `eval-${request.evaluationId}-${Date.now().toString(36)}`,
          onProgress: (p) => {
            progress.done = p.done;
            progress.total = p.total;
            if (p.type === "case_start") progress.started.push({ case_id: p.case_id, variant_id: p.variant_id, thread_id: p.thread_id });
            else {
              const result = redact(p.result);
              progress.finished.push(result);
              results.set(`${result.variant_id}\u0000${result.case_id}`, result);
              const events = redact([...p.events]);
              traces.records.push(...runRecords(events, document.meta.id));
              traces.events.push(...events);
            }
            batcher.push(null);
          },
        },
      );
      batcher.close();
      await saving;
      const kept = redact(result);
      // Set by the batcher's writes, which TypeScript's flow analysis does not follow.
      let saveError = traceError as string | null;
      try {
        await options.evaluations?.save(request.evaluationId, kept);
      } catch (error) {
        saveError = `The evaluation could not be kept in history: ${errorMessage(error)}`;
      }
      options.post({ type: "evaluation_result", requestId, ok: true, result: kept, error: null, saveError });
    } catch (error) {
      batcher.close();
      await saving;
      options.post({
        type: "evaluation_result",
        requestId,
        ok: false,
        result: null,
        error: `The evaluation could not run: ${errorMessage(error)}`,
        saveError: null,
      });
    } finally {
      controllers.delete(requestId);
    }
  }

  return {
    run,
    stop(request: StopEvaluationRequest): void {
      controllers.get(request.requestId)?.abort();
    },
    compare(request: CompareEvaluationsRequest): void {
      options.post({ type: "evaluation_comparison", requestId: request.requestId, comparison: compareEvaluations(request.before, request.after) });
    },
  };
}
