// An empty thread offers the graph's example messages (`meta.examples`, which templates carry):
// one click sends one, so a first run needs no typing.
import { useEditorStore } from "../store/EditorProvider";
import { useEditor } from "../store/hooks";
import { useRunning } from "../store/playground/hooks";
import { usePlaygroundStore } from "../store/playground/PlaygroundStoreProvider";

export function ExampleMessages() {
  const examples = useEditor((s) => s.document.meta.examples);
  const editor = useEditorStore();
  const playground = usePlaygroundStore();
  const running = useRunning();
  if (!examples?.length) return null;
  return (
    <div role="group" aria-label="Example messages" className="flex flex-wrap justify-center gap-2 px-3 pb-4">
      {examples.map((message) => (
        <button
          key={message}
          type="button"
          disabled={running}
          onClick={() => void playground.getState().send(editor.getState().document, message)}
          className="max-w-full truncate rounded-full border border-zinc-300 px-3 py-1 text-sm text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 disabled:opacity-50 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800"
        >
          {message}
        </button>
      ))}
    </div>
  );
}
