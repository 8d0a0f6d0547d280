// Versions: the named snapshots of the open graph, newest first, each with a Restore button.
import { useEffect, useState } from "react";
import type { VersionRecord } from "../../persistence/workspace/index.js";
import { useGraphSession } from "../services/GraphSessionProvider";
import { useEditor } from "../store/hooks";
import { Dialog } from "./Dialog";
import { ServerVersions } from "./ServerVersions";
import { errorText, secondaryButton } from "./styles";
import { errorMessage } from "../../schema/errorMessage.js";

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

export function VersionsDialog({ onClose, onRestored }: { onClose: () => void; onRestored: (message: string) => void }) {
  const session = useGraphSession();
  const graphId = useEditor((s) => s.document.meta.id);
  const [versions, setVersions] = useState<VersionRecord[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    session.workspace.graphs
      .listVersions(graphId)
      .then((list) => current && setVersions(list))
      .catch((failure: unknown) => current && setError(`Could not list the versions: ${errorMessage(failure)}`));
    return () => {
      current = false;
    };
  }, [session, graphId]);

  const restore = async (version: VersionRecord) => {
    setBusy(true);
    try {
      await session.restoreVersion(version.id);
      onRestored(`Restored version "${version.name}". Undo brings back what you had.`);
      onClose();
    } catch (failure) {
      setError(`Could not restore "${version.name}": ${errorMessage(failure)}`);
      setBusy(false);
    }
  };

  return (
    <Dialog title="Versions" onClose={onClose}>
      {error && (
        <p role="alert" className={errorText}>
          {error}
        </p>
      )}
      {versions === null && !error && <p className="text-sm text-zinc-500">Loading versions…</p>}
      {versions?.length === 0 && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          No saved versions of this graph yet. Use Save version to keep a snapshot you can come back to.
        </p>
      )}
      {versions && versions.length > 0 && (
        <ul aria-label="Saved versions" className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {versions.map((version) => (
            <li key={version.id} className="flex items-center justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium">{version.name}</p>
                <p className="text-xs text-zinc-500 dark:text-zinc-400">
                  {when(version.created)} · {version.document.nodes.length} nodes
                </p>
              </div>
              <button type="button" className={secondaryButton} disabled={busy} aria-label={`Restore ${version.name}`} onClick={() => void restore(version)}>
                Restore
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-xs text-zinc-500 dark:text-zinc-400">Restoring replaces the graph with the version; Undo brings back what you had.</p>
      <ServerVersions />
    </Dialog>
  );
}
