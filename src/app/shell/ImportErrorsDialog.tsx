// The refusal of an import (file or share link): every problem as a `path: message` line.
import type { ImportFailure } from "../services/importGraphText";
import { Dialog } from "./Dialog";

/** Enough problems to fix the file; the rest are counted. */
const SHOWN_ISSUES = 50;

export function ImportErrorsDialog({ failure, onClose }: { failure: ImportFailure; onClose: () => void }) {
  const shown = failure.issues.slice(0, SHOWN_ISSUES);
  const hidden = failure.issues.length - shown.length;
  return (
    <Dialog title="Import failed" onClose={onClose} width="max-w-2xl">
      <div role="alert">
        <p className="text-sm">
          <strong>{failure.source}</strong> is not a graph Graphwright can open, so nothing was imported and your open graph is unchanged.{" "}
          {failure.issues.length === 1 ? "The problem:" : `The ${failure.issues.length} problems:`}
        </p>
        <ul aria-label="Problems in the file" className="mt-2 space-y-1 font-mono text-xs">
          {shown.map((issue, i) => (
            <li key={i} className="rounded bg-red-50 px-2 py-1 text-red-900 dark:bg-red-950 dark:text-red-100">
              {issue.path}: {issue.message}
            </li>
          ))}
        </ul>
        {hidden > 0 && <p className="mt-2 text-sm">…and {hidden} more.</p>}
      </div>
    </Dialog>
  );
}
