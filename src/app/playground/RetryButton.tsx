// Retry on a turn a reload cut off for good: sends its message again as a new turn.
import { useEditorStore } from "../store/EditorProvider";
import { useRunning } from "../store/playground/hooks";
import { usePlaygroundStore } from "../store/playground/PlaygroundStoreProvider";

export function RetryButton({ text }: { text: string }) {
  const editor = useEditorStore();
  const playground = usePlaygroundStore();
  const running = useRunning();
  return (
    <button
      type="button"
      disabled={running}
      className="mt-1 rounded border border-red-300 px-2 py-0.5 text-xs font-medium hover:bg-red-100 disabled:cursor-not-allowed disabled:opacity-50 dark:border-red-800 dark:hover:bg-red-900/40"
      onClick={() => void playground.getState().send(editor.getState().document, text)}
    >
      Retry
    </button>
  );
}
