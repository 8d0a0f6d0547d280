// `Add to dataset` on a user turn of the chat: a small button on the message that opens the
// dialog (loaded when first used) with the turn's message and the reply that followed.
import { lazy, Suspense, useState } from "react";

const AddToDatasetDialog = lazy(() => import("./AddToDatasetDialog").then((m) => ({ default: m.AddToDatasetDialog })));

export function AddToDatasetButton({ input, expected }: { input: string; expected: string | undefined }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="rounded px-1.5 py-0.5 text-xs text-sky-800 hover:bg-sky-200 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-sky-300 dark:hover:bg-sky-900"
      >
        Add to dataset
      </button>
      {open && (
        <Suspense fallback={null}>
          <AddToDatasetDialog input={input} expected={expected ?? ""} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
