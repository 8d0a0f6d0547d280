// Edit controls in the header: Undo, Redo and Auto layout (elkjs, loaded on first use).
import { useState } from "react";
import { autoLayout } from "../canvas/autoLayout";
import { GRAPH_SCOPE_ATTRIBUTE } from "../canvas/shortcuts/keys";
import { useEditorStore } from "../store/EditorProvider";
import { useHistory } from "../store/hooks";
import { errorMessage } from "../../schema/errorMessage.js";

const buttonClass =
  "rounded border border-zinc-300 px-2.5 py-1 text-sm hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-500 disabled:cursor-not-allowed disabled:opacity-40 dark:border-zinc-700 dark:hover:bg-zinc-800";

export function EditToolbar() {
  const store = useEditorStore();
  const canUndo = useHistory((h) => h.pastStates.length > 0);
  const canRedo = useHistory((h) => h.futureStates.length > 0);
  const [layingOut, setLayingOut] = useState(false);
  const [layoutError, setLayoutError] = useState<string | null>(null);

  const layOut = async () => {
    setLayingOut(true);
    setLayoutError(null);
    try {
      await autoLayout(store);
    } catch (error) {
      setLayoutError(errorMessage(error));
    } finally {
      setLayingOut(false);
    }
  };

  return (
    <div role="group" aria-label="Edit" className="flex items-center gap-1.5" {...{ [GRAPH_SCOPE_ATTRIBUTE]: "" }}>
      {/* Arrows rather than words keep the header on one row at 1280 px; the names stay Undo and Redo. */}
      <button
        type="button"
        className={buttonClass}
        disabled={!canUndo}
        onClick={() => store.temporal.getState().undo()}
        aria-label="Undo"
        aria-keyshortcuts="Control+Z"
        title="Undo (Ctrl+Z)"
      >
        <span aria-hidden="true">↶</span>
      </button>
      <button
        type="button"
        className={buttonClass}
        disabled={!canRedo}
        onClick={() => store.temporal.getState().redo()}
        aria-label="Redo"
        aria-keyshortcuts="Control+Shift+Z"
        title="Redo (Ctrl+Shift+Z)"
      >
        <span aria-hidden="true">↷</span>
      </button>
      <button type="button" className={buttonClass} disabled={layingOut} onClick={() => void layOut()} aria-busy={layingOut}>
        Auto layout
      </button>
      {layoutError && (
        <span role="alert" className="text-xs text-red-600 dark:text-red-400">
          Layout failed: {layoutError}
        </span>
      )}
    </div>
  );
}
