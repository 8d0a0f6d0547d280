// A modal dialog on the native <dialog> element: focus is trapped and restored, Escape and a
// click on the backdrop close it, and its heading is its accessible name.
import { useId, useLayoutEffect, useRef, type ReactNode } from "react";

type DialogProps = {
  /** The dialog's accessible name and visible heading. */
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Tailwind width class; defaults to a medium dialog. */
  width?: string;
};

export function Dialog({ title, onClose, children, width = "max-w-lg" }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();

  // Layout effect: its cleanup runs while the dialog is still in the document, so closing it
  // hands focus back to the control that opened it.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // showModal focuses the first control (Close); a field marked data-autofocus is the better start.
    dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={headingId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] ${width} rounded-lg border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-950/40 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100`}
    >
      <div className="flex max-h-[85vh] flex-col">
        <div className="flex items-center justify-between border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
          <h2 id={headingId} className="text-base font-semibold">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="rounded-md px-2 py-0.5 text-lg leading-none text-zinc-500 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-zinc-800"
          >
            ×
          </button>
        </div>
        <div className="min-h-0 overflow-auto px-4 py-3">{children}</div>
      </div>
    </dialog>
  );
}
