// The import report of a graph imported from another builder: the summary, the notes that point
// back to the source (credentials to fill in Settings, sub-flows, vector stores), and one line
// per source node with its status. A line whose node is on the canvas is a button that selects
// it there and centres it. Not modal: the canvas stays in view and usable beside it.
import { useLayoutEffect, useRef } from "react";
import { reportSummary, type ImportReport, type ImportStatus } from "../../import/report.js";
import { useEditorStore } from "../store/EditorProvider";
import { useEditor } from "../store/hooks";
import { reportLines, showNode, type ReportLine } from "./importReportView";
import { secondaryButton } from "./styles";

const STATUS_TONE: Record<ImportStatus, string> = {
  mapped: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  approximated: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  unmapped: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
};

function LineContent({ line }: { line: ReportLine }) {
  return (
    <>
      <span className={`mr-2 inline-block rounded px-1.5 text-xs font-medium ${STATUS_TONE[line.status]}`}>{line.status}</span>
      <span className="font-medium">{line.name}</span> <span className="font-mono text-xs text-zinc-500 dark:text-zinc-400">{line.type}</span>
      {line.reason && <span className="block text-xs text-zinc-600 dark:text-zinc-400">{line.reason}</span>}
    </>
  );
}

export function ImportReportDialog({ report, onClose }: { report: ImportReport; onClose: () => void }) {
  const store = useEditorStore();
  const document = useEditor((s) => s.document);
  const lines = reportLines(report, document);
  const ref = useRef<HTMLDialogElement>(null);
  // Focus moves into the report when it opens and back to where it was when it closes.
  useLayoutEffect(() => {
    const opener = window.document.activeElement instanceof HTMLElement ? window.document.activeElement : null;
    ref.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      open
      aria-label="Import report"
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }}
      className="fixed inset-auto bottom-4 left-1/2 z-40 m-0 flex -translate-x-1/2 max-h-[70vh] w-[min(32rem,calc(100%-2rem))] flex-col rounded-lg border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <div className="border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
        <h2 className="text-base font-semibold">Import report</h2>
        <p className="mt-1 text-sm">{reportSummary(report)}</p>
      </div>
      <div className="min-h-0 overflow-auto px-4 py-3">
        {report.notes.length > 0 && (
          <ul aria-label="Import notes" className="mb-3 list-disc space-y-1 pl-5 text-sm text-amber-900 dark:text-amber-200">
            {report.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        )}
        <ul aria-label="Source nodes" className="space-y-1 text-sm">
          {lines.map((line) => (
            <li key={line.key} data-status={line.status}>
              {line.nodeId ? (
                <button
                  type="button"
                  title={`Select ${line.nodeName ?? line.nodeId} on the canvas`}
                  onClick={() => showNode(store, line.nodeId as string)}
                  className="w-full rounded px-2 py-1 text-left hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-zinc-800"
                >
                  <LineContent line={line} />
                </button>
              ) : (
                <div className="px-2 py-1">
                  <LineContent line={line} />
                </div>
              )}
            </li>
          ))}
        </ul>
      </div>
      <div className="flex justify-end border-t border-zinc-200 px-4 py-2 dark:border-zinc-800">
        <button type="button" className={secondaryButton} onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
