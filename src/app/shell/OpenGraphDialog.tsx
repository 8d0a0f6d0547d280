// Open graph: the graphs in this browser's workspace, most recently edited first.
import { useEffect, useState } from "react";
import type { GraphSummary } from "../../persistence/workspace/index.js";
import { useGraphSession } from "../services/GraphSessionProvider";
import { useEditor } from "../store/hooks";
import { Dialog } from "./Dialog";
import { errorText } from "./styles";
import { errorMessage } from "../../schema/errorMessage.js";

export function OpenGraphDialog({ onClose, onOpened }: { onClose: () => void; onOpened: (message: string) => void }) {
  const session = useGraphSession();
  const openId = useEditor((s) => s.document.meta.id);
  const [graphs, setGraphs] = useState<GraphSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    // Pending edits first, so the list shows the open graph as it is.
    session.autosave
      .flush()
      .then(() => session.workspace.graphs.list())
      .then((list) => current && setGraphs(list))
      .catch((failure: unknown) => current && setError(`Could not list your graphs: ${errorMessage(failure)}`));
    return () => {
      current = false;
    };
  }, [session]);

  const open = async (summary: GraphSummary) => {
    setBusy(true);
    try {
      const record = await session.workspace.graphs.get(summary.id);
      if (!record) throw new Error("it is no longer in the workspace");
      await session.open(record.document);
      onOpened(`Opened "${record.name}".`);
      onClose();
    } catch (failure) {
      setError(`Could not open "${summary.name}": ${errorMessage(failure)}`);
      setBusy(false);
    }
  };

  return (
    <Dialog title="Open graph" onClose={onClose}>
      {error && (
        <p role="alert" className={errorText}>
          {error}
        </p>
      )}
      {graphs === null && !error && <p className="text-sm text-zinc-500">Loading graphs…</p>}
      {graphs && (
        <ul aria-label="Graphs in this browser" className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {graphs.map((graph) => (
            <li key={graph.id} className="flex items-center justify-between gap-3 py-2">
              <button
                type="button"
                disabled={busy || graph.id === openId}
                onClick={() => void open(graph)}
                className="min-w-0 truncate text-left text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:text-zinc-500 disabled:no-underline dark:text-indigo-300"
              >
                {graph.name}
              </button>
              <span className="shrink-0 text-xs text-zinc-500 dark:text-zinc-400">
                {graph.id === openId ? "open now" : new Date(graph.updated).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
