/**
 * The Evaluate dialog's state, outside the dialog: an evaluation keeps running (and its matrix
 * stays) while the dialog is closed to read a case's trace in the timeline. It starts, stops and
 * resumes evaluations through the engine client, fills the matrix as batches of cases end, and
 * reads, opens, compares and deletes the history through the workspace.
 */
import { createStore, type StoreApi } from "zustand/vanilla";
import type { CaseResult, EvaluationComparison, EvaluationResult, VariantSummary } from "../../engine/index.js";
import type { EvaluationSummary, Workspace } from "../../persistence/workspace/index.js";
import type { GraphDocument, Variant } from "../../schema/index.js";
import type { EngineClient } from "../services/engineClient";
import { errorMessage } from "../../schema/errorMessage.js";

/** A cell of the matrix by variant and case. */
export const cellKey = (variantId: string, caseId: string) => `${variantId}\u0000${caseId}`;

export type Comparison = EvaluationComparison & { before: EvaluationSummary; after: EvaluationSummary };

export interface EvaluationState {
  /** The graph the shown evaluation and history belong to. */
  graphId: string | null;
  /** The evaluation shown: its history id, dataset and variants (set as it starts or is opened). */
  shown: { id: string; datasetId: string; datasetName: string; variants: Variant[] } | null;
  running: AbortController | null;
  done: number;
  total: number;
  /** Finished cells, and cells running now. */
  cells: ReadonlyMap<string, CaseResult>;
  runningCells: ReadonlySet<string>;
  /** Each variant's numbers over the finished cells (the charts). */
  summary: VariantSummary[];
  /** The last finished (or stopped) result: what Resume continues. */
  result: EvaluationResult | null;
  error: string | null;
  /** The result could not be kept in history: it is still here, and `keepAgain` retries. */
  saveError: string | null;
  /** The graph whose history is listed. */
  historyOf: string | null;
  history: EvaluationSummary[];
  historyError: string | null;
  comparison: Comparison | null;

  start(document: GraphDocument, choice: { datasetId: string; variants: Variant[]; concurrency: number }): Promise<void>;
  stop(): void;
  /** Runs again the cases of the shown result without a verdict (stopped, cancelled, failed providers). */
  resume(document: GraphDocument, concurrency: number): Promise<void>;
  keepAgain(): Promise<void>;
  loadHistory(graphId: string): Promise<void>;
  open(id: string): Promise<void>;
  remove(ids: readonly string[]): Promise<void>;
  compare(beforeId: string, afterId: string): Promise<void>;
  closeComparison(): void;
}

export interface EvaluationDeps {
  engine: () => Pick<EngineClient, "evaluate" | "compareEvaluations">;
  workspace: () => Pick<Workspace, "evaluations">;
  newId(): string;
}

const message = (error: unknown) => errorMessage(error);

/**
 * @example
 * const evaluation = createEvaluationStore({ engine: appEngine, workspace: appWorkspace, newId: () => crypto.randomUUID() });
 * await evaluation.getState().start(document, { datasetId: "weather-questions", variants, concurrency: 4 });
 */
export function createEvaluationStore(deps: EvaluationDeps): StoreApi<EvaluationState> {
  const store = createStore<EvaluationState>()((set, get) => {
    async function run(
      document: GraphDocument,
      id: string,
      choice: { datasetId: string; variants: Variant[]; concurrency: number },
      previous?: EvaluationResult,
    ) {
      const engine = deps.engine();
      if (!engine.evaluate || get().running) return;
      const dataset = (document.datasets ?? []).find((d) => d.id === choice.datasetId);
      const controller = new AbortController();
      const kept = new Map<string, CaseResult>();
      for (const c of previous?.cases ?? []) if (c.status === "passed" || c.status === "failed") kept.set(cellKey(c.variant_id, c.case_id), c);
      set({
        graphId: document.meta.id,
        shown: { id, datasetId: choice.datasetId, datasetName: dataset?.name ?? choice.datasetId, variants: choice.variants },
        running: controller,
        summary: previous?.summary ?? [],
        done: 0,
        total: 0,
        cells: kept,
        runningCells: new Set(),
        error: null,
        saveError: null,
        comparison: null,
      });
      try {
        const { result, saveError } = await engine.evaluate(
          {
            evaluationId: id,
            document,
            datasetId: choice.datasetId,
            variants: choice.variants,
            concurrency: choice.concurrency,
            ...(previous ? { previous } : {}),
          },
          {
            signal: controller.signal,
            // One state change per batch (the worker posts at most every 100 ms), not per case.
            onProgress: (progress) => {
              const cells = new Map(get().cells);
              const runningCells = new Set(get().runningCells);
              for (const s of progress.started) runningCells.add(cellKey(s.variant_id, s.case_id));
              for (const r of progress.finished) {
                const key = cellKey(r.variant_id, r.case_id);
                runningCells.delete(key);
                cells.set(key, r);
              }
              set({ cells, runningCells, done: progress.done, total: progress.total, summary: progress.summary });
            },
          },
        );
        set({
          result,
          cells: new Map(result.cases.map((c) => [cellKey(c.variant_id, c.case_id), c])),
          runningCells: new Set(),
          summary: result.summary,
          saveError,
        });
      } catch (error) {
        set({ error: message(error), runningCells: new Set() });
      } finally {
        set({ running: null });
      }
      // The history shown is this graph's, unless the person opened another graph meanwhile.
      if (get().historyOf === null || get().historyOf === document.meta.id) await get().loadHistory(document.meta.id);
    }

    return {
      graphId: null,
      shown: null,
      running: null,
      done: 0,
      total: 0,
      cells: new Map(),
      runningCells: new Set(),
      summary: [],
      result: null,
      error: null,
      saveError: null,
      historyOf: null,
      history: [],
      historyError: null,
      comparison: null,

      start: (document, choice) => run(document, deps.newId(), choice),
      stop: () => get().running?.abort(),
      async resume(document, concurrency) {
        const { result, shown } = get();
        if (!result || !shown) return;
        await run(document, shown.id, { datasetId: result.dataset_id, variants: result.variants, concurrency }, result);
      },
      async keepAgain() {
        const { result, shown } = get();
        if (!result || !shown) return;
        try {
          await deps.workspace().evaluations.save(shown.id, result);
          set({ saveError: null });
          await get().loadHistory(result.graph_id);
        } catch (error) {
          set({ saveError: `The evaluation could not be kept in history: ${message(error)}` });
        }
      },
      async loadHistory(graphId) {
        try {
          const { runs, problems } = await deps.workspace().evaluations.list(graphId);
          set({ historyOf: graphId, history: runs, historyError: problems.length > 0 ? problems.join(" ") : null });
        } catch (error) {
          set({ historyError: `Could not read the evaluation history: ${message(error)}` });
        }
      },
      async open(id) {
        if (get().running) return;
        try {
          const record = await deps.workspace().evaluations.get(id);
          if (!record) throw new Error("It is no longer in the history");
          const { result } = record;
          set({
            graphId: record.graph_id,
            shown: { id, datasetId: result.dataset_id, datasetName: result.dataset_name, variants: result.variants },
            result,
            cells: new Map(result.cases.map((c) => [cellKey(c.variant_id, c.case_id), c])),
            runningCells: new Set(),
            summary: result.summary,
            done: result.cases.length,
            total: result.cases.length,
            error: null,
            saveError: null,
            comparison: null,
          });
        } catch (error) {
          set({ historyError: `Could not open the evaluation: ${message(error)}` });
        }
      },
      async remove(ids) {
        const graphId = get().historyOf;
        try {
          await deps.workspace().evaluations.delete(ids);
          if (get().shown && ids.includes(get().shown?.id ?? "")) set({ shown: null, result: null, cells: new Map(), summary: [], done: 0, total: 0 });
          set({ comparison: null });
        } catch (error) {
          set({ historyError: `Could not delete: ${message(error)}` });
        }
        if (graphId) await get().loadHistory(graphId);
      },
      async compare(beforeId, afterId) {
        try {
          const [before, after] = await Promise.all([deps.workspace().evaluations.get(beforeId), deps.workspace().evaluations.get(afterId)]);
          if (!before || !after) throw new Error("One of the two is no longer in the history");
          // Older first: a case that passed before and fails now regressed.
          const [older, newer] = before.started <= after.started ? [before, after] : [after, before];
          const compare = deps.engine().compareEvaluations;
          if (!compare) return;
          const comparison = await compare(older.result, newer.result);
          const summaryOf = (id: string) => get().history.find((h) => h.id === id) as EvaluationSummary;
          set({ comparison: { ...comparison, before: summaryOf(older.id), after: summaryOf(newer.id) }, historyError: null });
        } catch (error) {
          set({ historyError: `Could not compare: ${message(error)}` });
        }
      },
      closeComparison: () => set({ comparison: null }),
    };
  });
  return store;
}
