// Add to dataset: a thread turn becomes a case — its message the input, the reply that followed
// the expected output (both editable) — in a chosen dataset or a new one, as one undoable edit.
import { useId, useState, type FormEvent } from "react";
import { blankDataset } from "../../schema/index.js";
import { Dialog } from "../shell/Dialog";
import { errorText, fieldHint, fieldLabel, primaryButton, secondaryButton, textInput } from "../shell/styles";
import { useShellStore } from "../shell/shellStore";
import { useEditorStore } from "../store/EditorProvider";
import { readInput } from "./caseCells";
import { addCaseTo, datasetsOf } from "./datasetDocument";

const NEW = "\u0000new";

export function AddToDatasetDialog({ input, expected, onClose }: { input: string; expected: string; onClose(): void }) {
  const store = useEditorStore();
  const shell = useShellStore();
  const datasets = datasetsOf(store.getState().document);
  const [target, setTarget] = useState(datasets.at(-1)?.id ?? NEW);
  const [name, setName] = useState(() => blankDataset(datasets).name);
  const [message, setMessage] = useState(input);
  const [reply, setReply] = useState(expected);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { target: useId(), name: useId(), input: useId(), expected: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readInput(message);
    if ("problem" in read) return setProblem(read.problem);
    const added = addCaseTo(store.getState().document, target === NEW ? null : target, name, read.input, reply);
    if ("problem" in added) return setProblem(added.problem);
    store.getState().updateDocument(() => added.document);
    shell.getState().notify(`Added the turn to the dataset "${added.datasetName}"`);
    onClose();
  };

  return (
    <Dialog title="Add to dataset" onClose={onClose} width="max-w-xl">
      <form onSubmit={submit} noValidate className="space-y-3">
        <div>
          <label htmlFor={ids.target} className={fieldLabel}>
            Dataset
          </label>
          <select id={ids.target} value={target} onChange={(e) => setTarget(e.target.value)} className={textInput} data-autofocus>
            {datasets.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name} ({d.cases.length} {d.cases.length === 1 ? "case" : "cases"})
              </option>
            ))}
            <option value={NEW}>New dataset…</option>
          </select>
        </div>
        {target === NEW && (
          <div>
            <label htmlFor={ids.name} className={fieldLabel}>
              New dataset name
            </label>
            <input id={ids.name} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} className={textInput} />
          </div>
        )}
        <div>
          <label htmlFor={ids.input} className={fieldLabel}>
            Input
          </label>
          <textarea id={ids.input} rows={3} value={message} onChange={(e) => setMessage(e.target.value)} className={textInput} />
        </div>
        <div>
          <label htmlFor={ids.expected} className={fieldLabel}>
            Expected output
          </label>
          <textarea id={ids.expected} rows={4} value={reply} onChange={(e) => setReply(e.target.value)} className={textInput} />
          <p className={fieldHint}>The reply that followed this turn. Shorten it to what must hold: by default a reply passes when it contains this text.</p>
        </div>
        {problem && (
          <p role="alert" className={errorText}>
            {problem}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={primaryButton}>
            Add case
          </button>
        </div>
      </form>
    </Dialog>
  );
}
