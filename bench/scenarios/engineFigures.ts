/**
 * The engine and storage figures of `npm run bench` as PASS/MISS figures, like the UI and
 * server ones: engine overhead and checkpoint storage, measured in Node and in headless
 * Chromium (the IndexedDB budgets apply to Chromium's real IndexedDB; Node runs fake-indexeddb).
 */
import { atMost, type Figure } from "../app/figure.js";
import type { OverheadResult } from "./engineOverhead.js";
import type { StorageResult } from "./storageGrowth.js";

/** Figures that run alone with `npm run bench -- --only=<name>` (in Node, then in Chromium). */
export const ENGINE_FIGURES = ["engine_overhead", "checkpoint_storage"] as const;
export type EngineFigureName = (typeof ENGINE_FIGURES)[number];

export function isEngineFigure(name: string): name is EngineFigureName {
  return (ENGINE_FIGURES as readonly string[]).includes(name);
}

export const ENGINE_OVERHEAD_TARGET = 1.1;
export const STORAGE_RATIO_TARGET = 2.2;
export const PUT_P95_TARGET_MS = 3;
export const PUT_WRITES_P95_TARGET_MS = 5;

export interface EngineResults {
  engine_overhead?: OverheadResult;
  checkpoint_storage?: StorageResult;
}

/** One runtime's figures (`where` is "node" or "chromium"); the put budgets are Chromium's only. */
export function engineFigures(where: "node" | "chromium", results: EngineResults): Record<string, Figure> {
  const figures: Record<string, Figure> = {};
  const overhead = results.engine_overhead;
  if (overhead)
    figures[`engine_overhead_${where}`] = atMost(overhead.ratio, ENGINE_OVERHEAD_TARGET, "ratio", {
      measure: `median of the ${overhead.repeats} pairs' compiled ÷ hand-written times, ${overhead.steps}-step agent loop`,
      compiled_ms_median: overhead.compiled_ms_median,
      hand_written_ms_median: overhead.hand_written_ms_median,
      ratio_of_medians: overhead.ratio_of_medians,
    });
  const storage = results.checkpoint_storage;
  if (storage) {
    figures[`checkpoint_storage_ratio_${where}`] = atMost(storage.ratio, STORAGE_RATIO_TARGET, `bytes after ${storage.turns[1]} ÷ ${storage.turns[0]} turns`);
    if (where === "chromium") {
      const measure = "IdbSaver call → resolved, during 200 Weather turns (the engine's work shares the event loop)";
      figures.indexeddb_put_p95 = atMost(storage.put_ms_p95, PUT_P95_TARGET_MS, "ms", {
        measure,
        p50_ms: storage.put_ms_p50,
        puts: storage.steps,
        alone_p95_ms: storage.alone_put_ms_p95,
        bare_transaction_p50_ms: storage.bare_transaction_ms_p50,
        bare_transaction_p95_ms: storage.bare_transaction_ms_p95,
        probed_run_p95_ms: storage.probed_put_ms_p95,
        event_loop_wait_p50_ms: storage.event_loop_wait_ms_p50,
        event_loop_wait_p95_ms: storage.event_loop_wait_ms_p95,
        idle_worker_transaction_p50_ms: storage.idle_worker_transaction_ms_p50,
        idle_worker_transaction_p95_ms: storage.idle_worker_transaction_ms_p95,
        idle_worker_transactions: storage.idle_worker_transactions,
      });
      figures.indexeddb_put_writes_p95 = atMost(storage.put_writes_ms_p95, PUT_WRITES_P95_TARGET_MS, "ms", {
        measure,
        p50_ms: storage.put_writes_ms_p50,
        alone_p95_ms: storage.alone_put_writes_ms_p95,
      });
    }
  }
  return figures;
}
