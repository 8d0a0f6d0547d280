// One memory in the Memory panel: its key, text and when it was last written; Edit turns the
// text into a field (Ctrl/Cmd+Enter saves, Escape cancels), Delete removes it.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { MemoryEntry } from "../../worker/protocol";
import { secondaryButton, textInput } from "../shell/styles";
import { updatedLabel } from "./memoryGroups";
import type { MemoryChange } from "./useGraphMemories";

const smallButton = secondaryButton.replace("px-3 py-1.5", "px-2 py-0.5");

export function MemoryItem({ memory, busy, change }: { memory: MemoryEntry; busy: boolean; change(request: MemoryChange): Promise<boolean> }) {
  const { agent, key, content, updated } = memory;
  const [draft, setDraft] = useState<string | null>(null);
  const fieldId = useId();
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const editing = draft !== null;

  // Back from the field, focus returns to Edit, where it was before.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const save = async () => {
    if (draft !== null && (await change({ op: "update", agent, key, content: draft }))) setDraft(null);
  };
  const onFieldKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Escape") {
      // Cancels the edit only: the dialog stays open.
      event.preventDefault();
      event.stopPropagation();
      setDraft(null);
    } else if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void save();
    }
  };

  return (
    <li className="py-2">
      <div className="flex items-baseline justify-between gap-2 text-xs text-zinc-500 dark:text-zinc-400">
        <span className="font-mono text-zinc-700 dark:text-zinc-300">{key}</span>
        <span>
          updated <time dateTime={updated}>{updatedLabel(updated)}</time>
        </span>
      </div>
      {editing ? (
        <div className="mt-1">
          <label htmlFor={fieldId} className="sr-only">
            Memory {key}
          </label>
          <textarea
            id={fieldId}
            className={textInput}
            rows={3}
            value={draft}
            autoFocus
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onFieldKey}
          />
          <div className="mt-1 flex gap-2">
            <button type="button" className={smallButton} disabled={busy} aria-label={`Save memory ${key}`} onClick={() => void save()}>
              Save
            </button>
            <button type="button" className={smallButton} aria-label={`Cancel editing memory ${key}`} onClick={() => setDraft(null)}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <div className="mt-0.5 flex items-start justify-between gap-2">
          <p className="text-sm break-words whitespace-pre-wrap">{content}</p>
          <div className="flex shrink-0 gap-1">
            <button ref={editButton} type="button" className={smallButton} disabled={busy} aria-label={`Edit memory ${key}`} onClick={() => setDraft(content)}>
              Edit
            </button>
            <button
              type="button"
              className={smallButton}
              disabled={busy}
              aria-label={`Delete memory ${key}`}
              onClick={() => void change({ op: "delete", agent, key })}
            >
              Delete
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
