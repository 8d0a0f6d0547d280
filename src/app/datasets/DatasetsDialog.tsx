// Datasets: the graph's evaluation datasets in a dialog — a list to pick, add, and the chosen
// one's panel (name, pass rule, cases, evaluators, import and export). Every change is a
// document edit through the editor store: saved with the graph, undoable, exported with it.
import { useState } from "react";
import { Dialog } from "../shell/Dialog";
import { fieldHint, secondaryButton } from "../shell/styles";
import { useEditor } from "../store/hooks";
import { useEditorStore } from "../store/EditorProvider";
import { addDataset, datasetsOf } from "./datasetDocument";
import { DatasetPanel } from "./DatasetPanel";

export function DatasetsDialog({ onClose }: { onClose(): void }) {
  const store = useEditorStore();
  const datasets = useEditor((s) => datasetsOf(s.document));
  const [chosen, setChosen] = useState<string | null>(() => datasets[0]?.id ?? null);
  // An undo can take the chosen dataset away: the first one is shown then.
  const selected = datasets.find((d) => d.id === chosen) ?? datasets[0] ?? null;

  const create = () => {
    let created = "";
    store.getState().updateDocument((document) => {
      const next = addDataset(document);
      created = next.dataset.id;
      return next.document;
    });
    setChosen(created);
  };

  return (
    <Dialog title="Datasets" onClose={onClose} width="max-w-7xl">
      <div className="flex min-h-[24rem] gap-4">
        <nav aria-label="Dataset list" className="flex w-52 shrink-0 flex-col gap-2">
          <button type="button" className={secondaryButton} onClick={create} data-autofocus>
            New dataset
          </button>
          {datasets.length === 0 ? (
            <p className={fieldHint}>No datasets yet. A dataset is a list of cases — a message and the reply expected — that Evaluate runs the graph on.</p>
          ) : (
            <ul className="space-y-0.5">
              {datasets.map((dataset) => (
                <li key={dataset.id}>
                  <button
                    type="button"
                    aria-current={dataset.id === selected?.id ? "true" : undefined}
                    onClick={() => setChosen(dataset.id)}
                    className="flex w-full items-baseline justify-between gap-2 rounded-md px-2 py-1 text-left text-sm hover:bg-zinc-100 aria-[current=true]:bg-indigo-50 aria-[current=true]:font-semibold focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-zinc-800 dark:aria-[current=true]:bg-indigo-950/40"
                  >
                    <span className="truncate">{dataset.name}</span>
                    <span aria-hidden="true" className="shrink-0 text-xs text-zinc-500">
                      {dataset.cases.length}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </nav>
        {selected ? (
          // Keyed: another dataset starts with its own name field, cell and evaluators.
          <DatasetPanel key={selected.id} dataset={selected} onChoose={setChosen} />
        ) : (
          <p className="m-auto text-sm text-zinc-500 dark:text-zinc-400">Create a dataset to add cases.</p>
        )}
      </div>
    </Dialog>
  );
}
