// Save version: asks for a name and stores a named snapshot of the open graph.
import { useId, useState, type FormEvent } from "react";
import { LIMITS } from "../../schema/index.js";
import { unstorableReason } from "../services/autosave";
import { useGraphSession } from "../services/GraphSessionProvider";
import { Dialog } from "./Dialog";
import { errorText, fieldHint, fieldLabel, primaryButton, secondaryButton, textInput } from "./styles";
import { errorMessage } from "../../schema/errorMessage.js";

function versionId(): string {
  return `ver_${globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`}`;
}

function defaultName(now: Date): string {
  return `Version of ${now.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}`;
}

export function SaveVersionDialog({ onClose, onSaved }: { onClose: () => void; onSaved: (message: string) => void }) {
  const session = useGraphSession();
  const [name, setName] = useState(() => defaultName(new Date()));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError("Give the version a name.");
      return;
    }
    const document = session.store.getState().document;
    const unstorable = unstorableReason(document);
    if (unstorable) {
      setError(`The graph cannot be saved as it is: ${unstorable}`);
      return;
    }
    setBusy(true);
    try {
      await session.autosave.flush();
      await session.workspace.graphs.saveVersion(document, trimmed, versionId());
      onSaved(`Saved version "${trimmed}".`);
      onClose();
    } catch (failure) {
      setError(`Could not save the version: ${errorMessage(failure)}`);
      setBusy(false);
    }
  };

  return (
    <Dialog title="Save version" onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={inputId} className={fieldLabel}>
          Version name
        </label>
        <input
          id={inputId}
          type="text"
          value={name}
          maxLength={LIMITS.titleLength}
          data-autofocus
          onFocus={(event) => event.currentTarget.select()}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          className={`mt-1 ${textInput}`}
        />
        <p id={hintId} className={fieldHint}>
          A snapshot of the graph as it is now. Restore it later from Versions.
        </p>
        {error && (
          <p id={errorId} role="alert" className={errorText}>
            {error}
          </p>
        )}
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={primaryButton} disabled={busy}>
            Save
          </button>
        </div>
      </form>
    </Dialog>
  );
}
