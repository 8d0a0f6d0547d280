/** The tokens and cost of a thread's last run, for the line under the chat. */
import type { RunEvent } from "../../engine/index.js";
import { formatBreakdown, formatTotal, usageTotals, type ModelPrices } from "../../schema/index.js";

export interface LastRunUsage {
  /** `Last run: ~1,234 tokens · $0.0021` */
  text: string;
  detail: string;
}

/**
 * The total of the run started last, or null when its model calls reported no usage (yet).
 * @example lastRunUsage(events, document.models)?.text // "Last run: 1,234 tokens · $0.0021"
 */
export function lastRunUsage(events: readonly RunEvent[], profiles: ReadonlyArray<{ id: string; prices?: ModelPrices | undefined }>): LastRunUsage | null {
  const at = events.findLastIndex((e) => e.type === "run_start");
  const start = events[at];
  if (!start) return null;
  // A run's events all come after its run_start (stored in run order, streamed after it): in
  // a long thread only the last run's stretch is read, not every event of the thread.
  const run: RunEvent[] = [];
  for (let i = at; i < events.length; i++) if (events[i]!.run_id === start.run_id) run.push(events[i]!);
  const total = usageTotals(run, profiles).byRun.get(start.run_id);
  if (!total) return null;
  const calls = total.calls === 1 ? "1 model call" : `${total.calls} model calls`;
  return { text: `Last run: ${formatTotal(total)}`, detail: `${formatBreakdown(total.usage)} · ${calls}` };
}
