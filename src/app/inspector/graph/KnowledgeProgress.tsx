// Progress of a knowledge base's indexing: which file, which phase, how far; and Stop.
import { buttonClass } from "../fields/styles";
import type { KnowledgeProgress as Progress } from "../../services/knowledgeClient";

interface KnowledgeProgressProps {
  name: string;
  progress: Progress | null;
  /** Stop was asked for: the batch ends as soon as the worker reads it. */
  stopping: boolean;
  onStop(): void;
}

export function KnowledgeProgress({ name, progress, stopping, onStop }: KnowledgeProgressProps) {
  const percent = progress ? Math.round(Math.min(1, Math.max(0, progress.fraction)) * 100) : null;
  const where = progress ? `${progress.file}: ${progress.detail ?? progress.phase}, ${percent}%` : "Starting…";
  const text = stopping ? `Stopping… (${where})` : where;
  return (
    <div className="mb-2 flex items-center gap-2 text-xs">
      <div className="min-w-0 flex-1">
        <div
          role="progressbar"
          aria-label={`Indexing ${name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent ?? undefined}
          aria-valuetext={text}
          className="h-1.5 overflow-hidden rounded bg-zinc-200 dark:bg-zinc-700"
        >
          <div className="h-full bg-blue-500 transition-[width]" style={{ width: `${percent ?? 0}%` }} />
        </div>
        <p className="mt-0.5 truncate text-zinc-600 dark:text-zinc-400" aria-hidden="true">
          {text}
        </p>
      </div>
      <button type="button" className={buttonClass} disabled={stopping} onClick={onStop}>
        Stop indexing
      </button>
    </div>
  );
}
