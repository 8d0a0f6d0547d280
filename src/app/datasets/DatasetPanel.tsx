// One dataset in the Datasets dialog: its name, Duplicate and Delete, the pass rule, the case table with its toolbar
// (add, duplicate, delete, import, export, undo) and the evaluators.
import { lazy, Suspense, useId, useState, type ChangeEvent } from "react";
import { addCase, duplicateCase, removeCases, type Dataset } from "../../schema/index.js";
import { DatasetFileError, readDatasetTable, type DatasetTable } from "../../schema/datasetFiles/index.js";
import { errorText, fieldLabel, secondaryButton, textInput } from "../shell/styles";
import { useEditorStore } from "../store/EditorProvider";
import { mergeCases, replaceCase, withCell } from "./caseCells";
import { CaseTable, type CaseTableActions, type CellEdit } from "./CaseTable";
import { ExportCasesMenu } from "./ExportCasesMenu";
import { changeDataset, deleteDataset, duplicateDataset, renameDataset } from "./datasetDocument";
import { EvaluatorsEditor } from "./EvaluatorsEditor";
import { PassRule } from "./PassRule";
import type { CellPosition } from "./gridNavigation";
import { errorMessage } from "../../schema/errorMessage.js";

const ImportCasesDialog = lazy(() => import("./ImportCasesDialog").then((m) => ({ default: m.ImportCasesDialog })));

export function DatasetPanel({ dataset, onChoose }: { dataset: Dataset; onChoose(id: string | null): void }) {
  const store = useEditorStore();
  const nameId = useId();
  const [name, setName] = useState(dataset.name);
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const [active, setActive] = useState<CellPosition>({ row: 0, column: 0 });
  const [editing, setEditing] = useState<CellEdit | null>(null);
  const [importing, setImporting] = useState<{ table: DatasetTable; fileName: string } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [notice, setNotice] = useState("");
  const profiles = store.getState().document.models.map((m) => m.id);

  const edit = (change: (d: Dataset) => Dataset) => store.getState().updateDocument((document) => changeDataset(document, dataset.id, change));
  const history = () => store.temporal.getState();
  const actions: CaseTableActions = {
    setCell(caseId, column, text) {
      const current = dataset.cases.find((c) => c.id === caseId);
      if (!current) return undefined;
      const next = withCell(current, column, text);
      if ("problem" in next) return next.problem;
      if (JSON.stringify(next.case) !== JSON.stringify(current)) edit((d) => replaceCase(d, caseId, next.case));
      return undefined;
    },
    removeCase: (caseId) => edit((d) => removeCases(d, [caseId])),
    duplicateCase: (caseId) => edit((d) => duplicateCase(d, caseId)),
    undo: () => history().undo(),
    redo: () => history().redo(),
  };
  const activeCase = dataset.cases[Math.min(active.row, dataset.cases.length - 1)];

  const commitName = () => {
    if (name.trim() === dataset.name) return setNameProblem(null);
    const renamed = renameDataset(store.getState().document, dataset.id, name);
    if ("problem" in renamed) return setNameProblem(renamed.problem);
    setNameProblem(null);
    store.getState().updateDocument(() => renamed.document);
  };

  const pickFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after fixing it.
    event.target.value = "";
    if (!file) return;
    setFileError(null);
    try {
      const table = readDatasetTable(new Uint8Array(await file.arrayBuffer()), file.name);
      setImporting({ table, fileName: file.name });
    } catch (error) {
      const reason = error instanceof DatasetFileError ? error.message : errorMessage(error);
      setFileError(`Could not import ${file.name}: ${reason}`);
    }
  };

  return (
    <div className="flex min-w-0 flex-1 flex-col gap-3">
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-48 flex-1">
          <label htmlFor={nameId} className={fieldLabel}>
            Dataset name
          </label>
          <input
            id={nameId}
            value={name}
            maxLength={200}
            aria-invalid={nameProblem ? true : undefined}
            onChange={(e) => setName(e.target.value)}
            onBlur={commitName}
            onKeyDown={(e) => {
              if (e.key === "Enter") commitName();
            }}
            className={textInput}
          />
        </div>
        <button
          type="button"
          className={secondaryButton}
          onClick={() => {
            let copy: string | null = null;
            store.getState().updateDocument((document) => {
              const next = duplicateDataset(document, dataset.id);
              copy = next.dataset?.id ?? null;
              return next.document;
            });
            onChoose(copy);
          }}
        >
          Duplicate dataset
        </button>
        <button
          type="button"
          className={secondaryButton}
          onClick={() => {
            store.getState().updateDocument((document) => deleteDataset(document, dataset.id));
            onChoose(null);
          }}
        >
          Delete dataset
        </button>
      </div>
      {nameProblem && (
        <p role="alert" className={errorText}>
          {nameProblem}
        </p>
      )}
      <PassRule dataset={dataset} onChange={edit} />
      <div role="toolbar" aria-label="Cases toolbar" className="flex flex-wrap items-center gap-1">
        <button
          type="button"
          className={secondaryButton}
          onClick={() => {
            edit((d) => addCase(d, ""));
            setActive({ row: dataset.cases.length, column: 0 });
            setEditing({ row: dataset.cases.length, column: 0 });
          }}
        >
          Add case
        </button>
        <button type="button" className={secondaryButton} disabled={!activeCase} onClick={() => activeCase && actions.duplicateCase(activeCase.id)}>
          Duplicate case
        </button>
        <button type="button" className={secondaryButton} disabled={!activeCase} onClick={() => activeCase && actions.removeCase(activeCase.id)}>
          Delete case
        </button>
        <label className={`${secondaryButton} cursor-pointer focus-within:outline-2 focus-within:outline-indigo-500`}>
          Import cases
          <input type="file" aria-label="Import cases" accept=".csv,.tsv,.jsonl,.ndjson,text/csv" className="sr-only" onChange={(e) => void pickFile(e)} />
        </label>
        <ExportCasesMenu dataset={dataset} />
        <button type="button" className={secondaryButton} onClick={actions.undo}>
          Undo
        </button>
        <button type="button" className={secondaryButton} onClick={actions.redo}>
          Redo
        </button>
        <span aria-live="polite" className="ml-2 text-xs text-zinc-500 dark:text-zinc-400">
          {notice}
        </span>
      </div>
      {fileError && (
        <p role="alert" className={errorText}>
          {fileError}
        </p>
      )}
      <CaseTable dataset={dataset} active={active} onActiveChange={setActive} editing={editing} onEditingChange={setEditing} actions={actions} />
      <EvaluatorsEditor
        key={JSON.stringify(dataset.evaluators)}
        evaluators={dataset.evaluators}
        profiles={profiles}
        onSave={(evaluators) => {
          edit((d) => ({ ...d, evaluators }));
          setNotice("Evaluators saved");
        }}
      />
      {importing && (
        <Suspense fallback={null}>
          <ImportCasesDialog
            datasetName={dataset.name}
            table={importing.table}
            fileName={importing.fileName}
            onClose={() => setImporting(null)}
            onImport={(cases, mode, skipped) => {
              edit((d) => mergeCases(d, cases, mode));
              setImporting(null);
              setNotice(`Imported ${cases.length} ${cases.length === 1 ? "case" : "cases"}${skipped > 0 ? `; ${skipped} rows without an input left out` : ""}`);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
