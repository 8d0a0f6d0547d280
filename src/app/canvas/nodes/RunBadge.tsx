// A node's run badge, over its top-right corner: status, visits and last duration; a button that
// selects the node's last event in the timeline. Positioned absolutely, so it never resizes the node.
import { memo } from "react";
import { usePlaygroundStore } from "../../store/playground/PlaygroundStoreProvider";
import type { NodeRun, RunStatus } from "../../store/runOverlay";
import { runBadgeLabel, runBadgeText } from "./runBadgeLabel";

const TONES: Record<RunStatus, string> = {
  running: "border-sky-400 bg-sky-50 text-sky-900 dark:border-sky-600 dark:bg-sky-950 dark:text-sky-100",
  ok: "border-emerald-400 bg-emerald-50 text-emerald-900 dark:border-emerald-600 dark:bg-emerald-950 dark:text-emerald-100",
  error: "border-red-400 bg-red-50 text-red-900 dark:border-red-600 dark:bg-red-950 dark:text-red-100",
  paused: "border-amber-400 bg-amber-50 text-amber-900 dark:border-amber-600 dark:bg-amber-950 dark:text-amber-100",
  skipped: "border-zinc-300 bg-zinc-50 text-zinc-600 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-300",
};

const ICONS: Record<RunStatus, string> = { running: "●", ok: "✓", error: "✕", paused: "❚❚", skipped: "–" };

const base = "nodrag nopan absolute -top-2.5 right-1 flex items-center gap-1 rounded-full border px-1.5 text-[10px] leading-4 font-medium tabular-nums";

export const RunBadge = memo(function RunBadge({ name, run }: { name: string; run: NodeRun }) {
  const playground = usePlaygroundStore();
  const tone = TONES[run.status];
  const content = (
    <>
      <span aria-hidden="true" className={run.status === "running" ? "animate-pulse" : undefined}>
        {ICONS[run.status]}
      </span>
      <span aria-hidden="true">{runBadgeText(run)}</span>
    </>
  );
  const label = runBadgeLabel(name, run);
  const eventId = run.eventId;
  if (!eventId) {
    return (
      <span role="img" aria-label={label} title={label} className={`${base} ${tone}`}>
        {content}
      </span>
    );
  }
  return (
    <button
      type="button"
      aria-label={label}
      title={run.error ? `${label}\n${run.error}` : label}
      onClick={(event) => {
        event.stopPropagation();
        playground.getState().selectEvent(eventId, { reveal: true });
      }}
      onDoubleClick={(event) => event.stopPropagation()}
      className={`${base} ${tone} cursor-pointer hover:brightness-95 focus-visible:outline-2 focus-visible:outline-sky-600`}
    >
      {content}
    </button>
  );
});
