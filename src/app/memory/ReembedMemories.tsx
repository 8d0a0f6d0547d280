// The Memory panel's line on embeddings: how many memories the graph's memory embeddings model
// has not embedded (recall lists those after the ranked ones), Re-embed memories, its progress
// and Stop, and what the last job did.
import { useCallback } from "react";
import { errorText, secondaryButton } from "../shell/styles";
import type { MemoryEntry } from "../../worker/protocol";
import { useReembedMemories } from "./useReembedMemories";
import type { MemoryChange } from "./useGraphMemories";
import type { MemoryEngine } from "./storedFirst";

interface ReembedMemoriesProps {
  graphId: string;
  /** The graph's memory embeddings profile (its id). */
  profile: string;
  memories: MemoryEntry[];
  busy: boolean;
  change(request: MemoryChange): Promise<boolean>;
  engine: MemoryEngine;
}

export function ReembedMemories({ graphId, profile, memories, busy, change, engine }: ReembedMemoriesProps) {
  const refresh = useCallback(() => change({ op: "list" }), [change]);
  const job = useReembedMemories(graphId, profile, refresh, engine);
  const stale = memories.filter((memory) => memory.embedded === false).length;
  const { progress } = job;
  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  const where = progress ? (progress.total > 0 ? `${progress.done} of ${progress.total}` : "Starting…") : "";
  return (
    <div className="mb-3 text-sm">
      {progress ? (
        <div className="flex items-center gap-2">
          <div className="min-w-0 flex-1">
            <div
              role="progressbar"
              aria-label="Re-embedding memories"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-valuetext={job.stopping ? `Stopping… (${where})` : where}
              className="h-1.5 overflow-hidden rounded bg-zinc-200 dark:bg-zinc-700"
            >
              <div className="h-full bg-blue-500 transition-[width]" style={{ width: `${percent}%` }} />
            </div>
            <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400" aria-hidden="true">
              {job.stopping ? `Stopping… (${where})` : `Re-embedding memories: ${where}`}
            </p>
          </div>
          <button type="button" className={secondaryButton} disabled={job.stopping} onClick={job.stop}>
            Stop re-embedding
          </button>
        </div>
      ) : (
        <div className="flex items-center justify-between gap-3">
          <p className="text-zinc-600 dark:text-zinc-400">
            {stale === 0
              ? `Every memory is embedded with “${profile}”.`
              : `${stale} of ${memories.length} not embedded with “${profile}” (saved before it was chosen, or by another model): recall lists them after the ranked ones.`}
          </p>
          <button type="button" className={secondaryButton} disabled={busy || stale === 0} onClick={() => void job.start()}>
            Re-embed memories
          </button>
        </div>
      )}
      {job.outcome && (
        <p role={job.outcome.failed ? "alert" : "status"} className={job.outcome.failed ? errorText : "mt-1 text-zinc-600 dark:text-zinc-400"}>
          {job.outcome.text}
        </p>
      )}
    </div>
  );
}
