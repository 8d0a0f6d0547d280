// What to evaluate: a dataset of the graph, 1–4 variants (a model profile and/or one agent's
// prompt), how many cases run at once; then Run evaluation, or Stop evaluation while it runs.
import { useState } from "react";
import type { GraphDocument } from "../../schema/index.js";
import { fieldLabel, primaryButton, secondaryButton, textInput } from "../shell/styles";
import { blankRow, MAX_VARIANT_ROWS, promptNodes, rowsOf, variantsOf, type VariantRow } from "./variantChoice";
import { evaluationStore, useEvaluation } from "./useEvaluation";

const select = "rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-950";

function VariantFields({ document, row, index, onChange }: { document: GraphDocument; row: VariantRow; index: number; onChange(row: VariantRow): void }) {
  const n = index + 1;
  const nodes = promptNodes(document);
  return (
    <fieldset className="grid grid-cols-[8rem_1fr] items-center gap-x-2 gap-y-1 rounded-md border border-zinc-200 p-2 dark:border-zinc-800">
      <legend className="px-1 text-xs font-medium">Variant {n}</legend>
      <label className="text-xs" htmlFor={`variant-${n}-name`}>
        Name
      </label>
      <input
        id={`variant-${n}-name`}
        aria-label={`Variant ${n} name`}
        className={textInput}
        value={row.name}
        onChange={(e) => onChange({ ...row, name: e.target.value })}
      />
      <label className="text-xs" htmlFor={`variant-${n}-model`}>
        Model
      </label>
      <select
        id={`variant-${n}-model`}
        aria-label={`Variant ${n} model`}
        className={select}
        value={row.profile}
        onChange={(e) => onChange({ ...row, profile: e.target.value })}
      >
        <option value="">Each node&apos;s own</option>
        {document.models.map((m) => (
          <option key={m.id} value={m.id}>
            {m.id} ({m.provider} {m.model})
          </option>
        ))}
      </select>
      <label className="text-xs" htmlFor={`variant-${n}-prompt-of`}>
        Prompt of
      </label>
      <select
        id={`variant-${n}-prompt-of`}
        aria-label={`Variant ${n} prompt of`}
        className={select}
        value={row.node}
        onChange={(e) => onChange({ ...row, node: e.target.value, systemPrompt: nodes.find((x) => x.id === e.target.value)?.prompt ?? "" })}
      >
        <option value="">No prompt change</option>
        {nodes.map((node) => (
          <option key={node.id} value={node.id}>
            {node.name}
          </option>
        ))}
      </select>
      {row.node && (
        <>
          <label className="text-xs" htmlFor={`variant-${n}-prompt`}>
            System prompt
          </label>
          <textarea
            id={`variant-${n}-prompt`}
            aria-label={`Variant ${n} system prompt`}
            className={textInput}
            rows={2}
            value={row.systemPrompt}
            onChange={(e) => onChange({ ...row, systemPrompt: e.target.value })}
          />
        </>
      )}
    </fieldset>
  );
}

export function EvaluationSetup({ document }: { document: GraphDocument }) {
  const datasets = document.datasets ?? [];
  const [datasetId, setDatasetId] = useState(datasets[0]?.id ?? "");
  const dataset = datasets.find((d) => d.id === datasetId);
  const [rows, setRows] = useState<VariantRow[]>(() => rowsOf(dataset));
  const [concurrency, setConcurrency] = useState(4);
  const [problem, setProblem] = useState<string | null>(null);
  const running = useEvaluation((s) => s.running);
  const canResume = useEvaluation((s) => s.result !== null && s.result.status !== "completed" && s.result.graph_id === document.meta.id);

  if (datasets.length === 0)
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-400">This graph has no dataset yet: add one (Datasets) or import a CSV or JSONL file of cases.</p>
    );

  const run = () => {
    const chosen = variantsOf(rows);
    if ("problem" in chosen) return setProblem(chosen.problem);
    setProblem(null);
    void evaluationStore().getState().start(document, { datasetId, variants: chosen.variants, concurrency });
  };

  return (
    <section aria-label="Evaluation setup" className="space-y-2">
      <div className="flex flex-wrap items-end gap-3">
        <label className={fieldLabel}>
          Dataset
          <select
            className={`${select} ml-2`}
            value={datasetId}
            onChange={(e) => {
              setDatasetId(e.target.value);
              setRows(rowsOf(datasets.find((d) => d.id === e.target.value)));
            }}
          >
            {datasets.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name} ({d.cases.length} cases)
              </option>
            ))}
          </select>
        </label>
        <label className={fieldLabel}>
          Concurrency
          <input
            type="number"
            min={1}
            max={16}
            className={`${select} ml-2 w-16`}
            value={concurrency}
            onChange={(e) => setConcurrency(Math.min(16, Math.max(1, Number(e.target.value) || 1)))}
          />
        </label>
      </div>
      <div className="grid gap-2 sm:grid-cols-2">
        {rows.map((row, i) => (
          <div key={row.id} className="space-y-1">
            <VariantFields document={document} row={row} index={i} onChange={(next) => setRows(rows.map((r, j) => (j === i ? next : r)))} />
            {rows.length > 1 && (
              <button type="button" className="text-xs underline" onClick={() => setRows(rows.filter((_, j) => j !== i))}>
                Remove variant {i + 1}
              </button>
            )}
          </div>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={secondaryButton} disabled={rows.length >= MAX_VARIANT_ROWS} onClick={() => setRows([...rows, blankRow(rows)])}>
          Add variant
        </button>
        {running ? (
          <button type="button" className={secondaryButton} onClick={() => evaluationStore().getState().stop()}>
            Stop evaluation
          </button>
        ) : (
          <>
            <button type="button" className={primaryButton} data-autofocus onClick={run}>
              Run evaluation
            </button>
            {canResume && (
              <button type="button" className={secondaryButton} onClick={() => void evaluationStore().getState().resume(document, concurrency)}>
                Resume
              </button>
            )}
          </>
        )}
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {problem}
        </p>
      )}
    </section>
  );
}
