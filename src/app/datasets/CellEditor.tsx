// The text box of the case grid's cell being edited, over the cell and the rows below it (or
// above, near the bottom of the view): Enter keeps the text, Shift+Enter adds a line, Escape
// drops it, Tab keeps it and moves to the next cell.
import { useLayoutEffect, useRef, useState } from "react";

/** The editor's height in pixels (Tailwind h-24). */
export const EDITOR_HEIGHT = 96;

/** The text box of the cell being edited: Enter keeps it, Escape drops it, Tab keeps it and moves on. */
export function CellEditor(props: {
  upwards: boolean;
  label: string;
  initial: string;
  invalid: boolean;
  onDone(text: string | null): void;
  onTab(back: boolean, text: string): void;
}) {
  const { upwards, label, initial, invalid, onDone, onTab } = props;
  const ref = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState(initial);
  // Enter, Escape or Tab ends the edit before blur does: blur must not commit it twice.
  const ended = useRef(false);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
  }, []);
  const end = (action: () => void) => {
    ended.current = true;
    action();
    // A refused text keeps the editor open: it may end again.
    queueMicrotask(() => (ended.current = false));
  };
  return (
    <textarea
      ref={ref}
      aria-label={label}
      aria-invalid={invalid || undefined}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key === "Enter" && !event.shiftKey) {
          event.preventDefault();
          end(() => onDone(text));
        } else if (event.key === "Escape") {
          // The dialog must not close with it: only the edit is dropped.
          event.preventDefault();
          end(() => onDone(null));
        } else if (event.key === "Tab") {
          event.preventDefault();
          end(() => onTab(event.shiftKey, text));
        }
      }}
      onBlur={() => {
        if (!ended.current) onDone(text);
      }}
      className={`absolute inset-x-0 ${upwards ? "bottom-0" : "top-0"} z-10 h-24 w-full resize-none rounded-md border border-indigo-500 bg-white p-1.5 text-sm text-zinc-900 shadow-lg aria-[invalid=true]:border-red-500 dark:bg-zinc-950 dark:text-zinc-100`}
    />
  );
}
