/** The trace file: a thread's events as JSON, with enough context to read it later, and each run's tokens and cost. */
import type { RunEvent } from "../../engine/index.js";
import { usageTotals, type ModelPrices, type TokenUsage } from "../../schema/index.js";
import { fileNameFor } from "../io/fileName";

export const TRACE_FORMAT = "graphwright-trace";
export const TRACE_VERSION = 1;

export interface TraceFile {
  format: typeof TRACE_FORMAT;
  version: typeof TRACE_VERSION;
  exported: string;
  graph_id: string | null;
  thread: { id: string; title: string } | null;
  /** Each run's model calls totalled, in run order; cost at the profiles' prices when exported. */
  runs: TraceRun[];
  events: RunEvent[];
}

export interface TraceRun {
  run_id: string;
  /** Model calls that reported usage. */
  model_calls: number;
  usage: TokenUsage;
  /** USD at the prices of the profiles that answered; null when none has prices. */
  cost_usd: number | null;
  /** Calls whose profile has no prices, left out of `cost_usd`. */
  unpriced_calls: number;
}

/**
 * @example traceFile(events, { id: "t1", title: "Weather" }, "g1", new Date(), document.models)
 */
export function traceFile(
  events: readonly RunEvent[],
  thread: TraceFile["thread"],
  graphId: string | null,
  exported: Date,
  profiles: ReadonlyArray<{ id: string; prices?: ModelPrices | undefined }> = [],
): TraceFile {
  const totals = usageTotals(events, profiles).byRun;
  const runIds = [...new Set(events.map((e) => e.run_id))];
  const runs = runIds.map((run_id): TraceRun => {
    const total = totals.get(run_id);
    return {
      run_id,
      model_calls: total?.calls ?? 0,
      usage: total?.usage ?? { input_tokens: 0, output_tokens: 0 },
      cost_usd: total?.cost_usd ?? null,
      unpriced_calls: total?.unpriced_calls ?? 0,
    };
  });
  return { format: TRACE_FORMAT, version: TRACE_VERSION, exported: exported.toISOString(), graph_id: graphId, thread, runs, events: [...events] };
}

export function traceFileName(threadTitle: string): string {
  return fileNameFor(`${threadTitle} trace`, "json");
}
