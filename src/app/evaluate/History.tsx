// The evaluation history of the open graph: each run with its dataset, the graph revision it ran
// on and each variant's pass rate; open one, delete one, or pick two and Compare them (cases
// that regressed first, highlighted).
import { useState } from "react";
import type { EvaluationSummary } from "../../persistence/workspace/index.js";
import { secondaryButton } from "../shell/styles";
import { evaluationStore, useEvaluation } from "./useEvaluation";

const NONE: readonly EvaluationSummary[] = [];
const small = "rounded border border-zinc-300 px-2 py-0.5 text-xs hover:bg-zinc-100 disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800";

/** When a run started, as a person reads it. */
export function runTime(started: number): string {
  return new Date(started).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "medium" });
}

function versionText(run: EvaluationSummary): string {
  const { rev, version_name } = run.graph_version;
  const revision = rev === null ? "unsaved graph" : `revision ${rev}`;
  return version_name ? `${revision}, after version "${version_name}"` : revision;
}

function Comparison() {
  const comparison = useEvaluation((s) => s.comparison);
  if (!comparison) return null;
  const { before, after } = comparison;
  const names = new Map([...before.pass_rates, ...after.pass_rates].map((p) => [p.variant_id, p.name]));
  const changed = comparison.changes.filter((c) => c.change !== "same").sort((a, b) => Number(b.change === "regressed") - Number(a.change === "regressed"));
  const percent = (rate: number | null) => (rate === null ? "–" : `${Math.round(rate * 100)}%`);
  return (
    <section role="region" aria-label="Comparison" className="space-y-2 rounded-md border border-zinc-200 p-2 text-sm dark:border-zinc-800">
      <div className="flex items-center gap-2">
        <p className="flex-1">
          {runTime(before.started)} → {runTime(after.started)}: <strong>{comparison.regressed} regressed</strong>, {comparison.fixed} fixed
        </p>
        <button type="button" className={small} onClick={() => evaluationStore().getState().closeComparison()}>
          Close comparison
        </button>
      </div>
      <ul className="text-xs">
        {comparison.passRates.map((p) => (
          <li key={p.variant_id}>
            {names.get(p.variant_id) ?? p.variant_id}: {percent(p.before)} → {percent(p.after)}
          </li>
        ))}
      </ul>
      {changed.length === 0 ? (
        <p className="text-xs text-zinc-500">No case changed.</p>
      ) : (
        <table aria-label="Changed cases" className="w-full text-xs">
          <thead>
            <tr>
              <th className="text-left">Case</th>
              <th className="text-left">Variant</th>
              <th className="text-left">Change</th>
              <th className="text-left">Before</th>
              <th className="text-left">After</th>
            </tr>
          </thead>
          <tbody>
            {changed.map((c) => (
              <tr
                key={`${c.variant_id}-${c.case_id}`}
                data-change={c.change}
                className={c.change === "regressed" ? "bg-red-50 font-medium text-red-800 dark:bg-red-950/40 dark:text-red-300" : ""}
              >
                <td>{c.case_id}</td>
                <td>{names.get(c.variant_id) ?? c.variant_id}</td>
                <td>{c.change === "regressed" ? "Regressed" : c.change === "fixed" ? "Fixed" : c.change === "added" ? "Added" : "Removed"}</td>
                <td>{c.before ?? "–"}</td>
                <td>{c.after ?? "–"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function History({ graphId }: { graphId: string }) {
  const history = useEvaluation((s) => (s.historyOf === graphId ? s.history : NONE));
  const problem = useEvaluation((s) => s.historyError);
  const running = useEvaluation((s) => s.running !== null);
  const shownId = useEvaluation((s) => s.shown?.id ?? null);
  const [picked, setPicked] = useState<readonly string[]>([]);
  const chosen = picked.filter((id) => history.some((h) => h.id === id));
  const toggle = (id: string, on: boolean) => setPicked(on ? [...chosen.filter((x) => x !== id), id].slice(-2) : chosen.filter((x) => x !== id));

  return (
    <section aria-label="History" className="space-y-2">
      <div className="flex items-center gap-2">
        <h3 className="flex-1 text-sm font-semibold">History</h3>
        <button
          type="button"
          className={secondaryButton}
          disabled={chosen.length !== 2}
          title={chosen.length === 2 ? undefined : "Pick two runs to compare"}
          onClick={() =>
            void evaluationStore()
              .getState()
              .compare(chosen[0] as string, chosen[1] as string)
          }
        >
          Compare
        </button>
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {problem}
        </p>
      )}
      {history.length === 0 ? (
        <p className="text-xs text-zinc-500">No evaluation of this graph yet.</p>
      ) : (
        <ul aria-label="Evaluation history" className="max-h-48 space-y-1 overflow-auto text-xs">
          {history.map((run) => {
            const name = `${run.dataset_name}, ${runTime(run.started)}`;
            return (
              <li
                key={run.id}
                aria-label={name}
                aria-current={run.id === shownId ? "true" : undefined}
                className="flex items-center gap-2 rounded px-1 py-0.5 aria-[current=true]:bg-indigo-50 dark:aria-[current=true]:bg-indigo-950/40"
              >
                <input type="checkbox" aria-label={`Pick ${name}`} checked={chosen.includes(run.id)} onChange={(e) => toggle(run.id, e.target.checked)} />
                <span className="min-w-0 flex-1 truncate">
                  {name} · {versionText(run)} · {run.status} · {run.pass_rates.map((p) => `${p.name} ${Math.round(p.pass_rate * 100)}%`).join(", ")}
                </span>
                <button type="button" className={small} disabled={running} onClick={() => void evaluationStore().getState().open(run.id)}>
                  Open
                </button>
                <button
                  type="button"
                  className={small}
                  disabled={running && run.id === shownId}
                  onClick={() => void evaluationStore().getState().remove([run.id])}
                >
                  Delete
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <Comparison />
    </section>
  );
}
