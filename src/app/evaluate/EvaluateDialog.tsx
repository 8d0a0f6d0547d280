// Evaluate: run a dataset of the graph on 1–4 variants in the engine worker, watch the progress,
// stop and resume, read the matrix and the summary, and keep, open, compare and delete runs in
// history. The evaluation lives outside the dialog (useEvaluation), so closing it to read a
// case's trace in the timeline neither stops the run nor loses the matrix.
import { useEffect, useMemo } from "react";
import type { CaseResult } from "../../engine/index.js";
import { Dialog } from "../shell/Dialog";
import { secondaryButton } from "../shell/styles";
import { useEditor } from "../store/hooks";
import { usePlaygroundStore } from "../store/playground/PlaygroundStoreProvider";
import { EvaluationSetup } from "./EvaluationSetup";
import { History } from "./History";
import { gridCases, ResultsGrid } from "./ResultsGrid";
import { Summary } from "./Summary";
import { evaluationStore, useEvaluation } from "./useEvaluation";

const STATUS_TEXT = {
  completed: "Completed",
  incomplete: "Some cases could not be judged: Resume runs them again",
  stopped: "Stopped: Resume runs the rest",
} as const;

function Progress() {
  const running = useEvaluation((s) => s.running !== null);
  const done = useEvaluation((s) => s.done);
  const total = useEvaluation((s) => s.total);
  const result = useEvaluation((s) => s.result);
  const shown = useEvaluation((s) => s.shown);
  const error = useEvaluation((s) => s.error);
  const saveError = useEvaluation((s) => s.saveError);
  return (
    <div className="space-y-1">
      {running && (
        <div className="flex items-center gap-2 text-sm">
          <progress aria-label="Evaluation progress" max={Math.max(1, total)} value={done} className="h-2 flex-1" />
          <span>
            {done} / {total || "…"}
          </span>
        </div>
      )}
      <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
        {running
          ? `Running ${shown?.datasetName ?? ""}: ${done} of ${total || "…"} cases done`
          : result && shown?.id
            ? `${result.dataset_name}: ${STATUS_TEXT[result.status]}`
            : ""}
      </p>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      {saveError && (
        <p role="alert" className="flex items-center gap-2 text-sm text-red-700 dark:text-red-400">
          <span className="flex-1">{saveError} The results stay shown here.</span>
          <button type="button" className={secondaryButton} onClick={() => void evaluationStore().getState().keepAgain()}>
            Keep in history
          </button>
        </p>
      )}
    </div>
  );
}

/** The dialog the header's `Evaluate` button and the command palette open (shell dialog "evaluate"). */
export function EvaluateDialog({ onClose }: { onClose(): void }) {
  const document = useEditor((s) => s.document);
  const playground = usePlaygroundStore();
  const shown = useEvaluation((s) => s.shown);
  const cells = useEvaluation((s) => s.cells);
  const runningCells = useEvaluation((s) => s.runningCells);
  const summary = useEvaluation((s) => s.summary);
  const graphId = document.meta.id;
  const ofThisGraph = useEvaluation((s) => s.graphId === graphId);

  useEffect(() => {
    void evaluationStore().getState().loadHistory(graphId);
  }, [graphId]);

  const datasetCases = (document.datasets ?? []).find((d) => d.id === shown?.datasetId)?.cases;
  const cases = useMemo(() => gridCases(datasetCases, cells.values()), [datasetCases, cells]);

  const openTrace = (result: CaseResult) => {
    onClose();
    void playground.getState().switchThread(result.thread_id);
  };

  return (
    <Dialog title="Evaluate" onClose={onClose} width="max-w-6xl">
      <div className="space-y-3">
        <EvaluationSetup document={document} />
        {ofThisGraph && (
          <>
            <Progress />
            {shown && <ResultsGrid cases={cases} variants={shown.variants} cells={cells} runningCells={runningCells} onOpen={openTrace} />}
            <Summary summary={summary} />
          </>
        )}
        <History graphId={graphId} />
      </div>
    </Dialog>
  );
}
