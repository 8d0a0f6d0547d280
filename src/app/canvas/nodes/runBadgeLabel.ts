// Words of a node's run badge: its accessible name and its visible text, from the node's run entry.
import type { NodeRun } from "../../store/runOverlay";

/** "120 ms", "1.4 s". */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/**
 * The badge's accessible name: "<name>: <status>, <n> visit(s), <duration>", then "— show in
 * timeline" when the badge selects an event there.
 * @example runBadgeLabel("Planner", { status: "ok", visits: 2, durationMs: 120, eventId: "r:9", error: null }) // "Planner: ok, 2 visits, 120 ms — show in timeline"
 */
export function runBadgeLabel(name: string, run: NodeRun): string {
  const parts: string[] = [run.status];
  if (run.visits > 0) parts.push(`${run.visits} visit${run.visits === 1 ? "" : "s"}`);
  if (run.durationMs !== null) parts.push(formatDuration(run.durationMs));
  return `${name}: ${parts.join(", ")}${run.eventId ? " — show in timeline" : ""}`;
}

/** The badge's visible text: the status word, then "×n" for more than one visit and the last duration. */
export function runBadgeText(run: NodeRun): string {
  const parts: string[] = [run.status];
  if (run.visits > 1) parts.push(`×${run.visits}`);
  if (run.durationMs !== null && run.status !== "running") parts.push(formatDuration(run.durationMs));
  return parts.join(" · ");
}
