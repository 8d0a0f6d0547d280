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
  const start = events.findLast((e) => e.type === "run_start");
  if (!start) return null;
  const total = usageTotals(
    events.filter((e) => e.run_id === start.run_id),
    profiles,
  ).byRun.get(start.run_id);
  if (!total) return null;
  const calls = total.calls === 1 ? "1 model call" : `${total.calls} model calls`;
  return { text: `Last run: ${formatTotal(total)}`, detail: `${formatBreakdown(total.usage)} · ${calls}` };
}
