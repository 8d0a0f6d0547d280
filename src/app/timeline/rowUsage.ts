/**
 * Which total of tokens and cost a timeline row shows: a model call's own on its `ai_message`
 * row, a call's (everything nested in it included) on the row that opens it (an agent, a
 * sub-agent's tool call, a node), and the run's on its run rows.
 */
import type { RunEvent } from "../../engine/index.js";
import { formatBreakdown, formatTotal, type UsageTotal, type UsageTotals } from "../../schema/index.js";

export interface RowUsage {
  /** `~1,234 tokens · $0.0021` */
  text: string;
  /** The parts: input (cached), output, and how many model calls. */
  detail: string;
}

/**
 * @example rowUsage(row.event, row.index, row.opensCall, usageTotals(events, document.models))
 */
export function rowUsage(event: RunEvent, index: number, opensCall: boolean, totals: UsageTotals): RowUsage | null {
  const total = totalFor(event, index, opensCall, totals);
  if (!total || total.calls === 0) return null;
  const calls = total.calls === 1 ? "1 model call" : `${total.calls} model calls`;
  const unpriced = total.cost_usd !== null && total.unpriced_calls > 0 ? ` · ${total.unpriced_calls} without prices` : "";
  return { text: formatTotal(total), detail: `${formatBreakdown(total.usage)} · ${calls}${unpriced}` };
}

function totalFor(event: RunEvent, index: number, opensCall: boolean, totals: UsageTotals): UsageTotal | undefined {
  if (event.type === "ai_message") return totals.byEvent.get(index);
  if (event.type === "run_start" || event.type === "run_end") return totals.byRun.get(event.run_id);
  return opensCall ? totals.byCall.get(event.call_id) : undefined;
}
