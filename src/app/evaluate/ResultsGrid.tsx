// The matrix: a row per case, a column per variant; each cell says pass or fail, the reply, its
// latency, tokens and cost, and why a judge or the run failed. A grid in the ARIA sense (arrow
// keys, Home/End, Page Up/Down move; Enter opens the cell's trace), virtualized so 200+ rows
// cost what the visible ones cost.
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import type { CaseResult } from "../../engine/index.js";
import { caseLabel, type DatasetCase, type Variant } from "../../schema/index.js";
import { useFramedVirtualizer } from "../timeline/useFramedVirtualizer";
import { cellKey } from "./evaluationStore";

const ROW_HEIGHT = 88;
const STATUS: Record<CaseResult["status"], { text: string; className: string }> = {
  passed: { text: "Passed", className: "text-emerald-700 dark:text-emerald-400" },
  failed: { text: "Failed", className: "text-red-700 dark:text-red-400" },
  error: { text: "Error", className: "text-amber-700 dark:text-amber-400" },
  cancelled: { text: "Stopped", className: "text-zinc-500" },
};

export interface GridCase {
  id: string;
  label: string;
}

/** The rows: the dataset's cases in order (a case no longer in it still shows, by id). */
export function gridCases(cases: readonly DatasetCase[] | undefined, results: Iterable<CaseResult>): GridCase[] {
  const rows: GridCase[] = (cases ?? []).map((c) => ({ id: c.id, label: caseLabel(c) }));
  const known = new Set(rows.map((r) => r.id));
  for (const r of results) {
    if (known.has(r.case_id)) continue;
    known.add(r.case_id);
    rows.push({ id: r.case_id, label: r.case_id });
  }
  return rows;
}

function figures(result: CaseResult): string {
  const parts = [`${Math.round(result.latency_ms)} ms`, `${result.tokens} tokens`];
  if (result.cost_usd !== null) parts.push(`$${result.cost_usd.toFixed(4)}`);
  return parts.join(" · ");
}

function Cell({ result, running }: { result: CaseResult | undefined; running: boolean }) {
  if (!result) return <span className="text-zinc-500">{running ? "Running…" : "Not run"}</span>;
  const status = STATUS[result.status];
  const why = result.scores.filter((s) => s.verdict !== "pass");
  return (
    <>
      <span className={`font-medium ${status.className}`}>{status.text}</span>
      <span className="ml-2 text-xs text-zinc-500">{figures(result)}</span>
      <span className="block truncate text-xs" title={result.reply ?? ""}>
        {result.reply ?? "(no reply)"}
      </span>
      {result.error && result.status !== "cancelled" && <span className="block truncate text-xs text-amber-700 dark:text-amber-400">{result.error}</span>}
      {why.map((s, i) => (
        <span key={i} className="block truncate text-xs text-red-700 dark:text-red-400" title={s.reason}>
          {s.evaluator}: {s.reason}
        </span>
      ))}
    </>
  );
}

export function ResultsGrid(props: {
  cases: readonly GridCase[];
  variants: readonly Variant[];
  cells: ReadonlyMap<string, CaseResult>;
  runningCells: ReadonlySet<string>;
  onOpen(result: CaseResult): void;
}) {
  const { cases, variants, cells, runningCells, onOpen } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState({ row: 0, col: 0 });
  const virtualizer = useFramedVirtualizer<HTMLDivElement, Element>({
    count: cases.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 4,
  });
  const columns = `minmax(10rem, 14rem) repeat(${variants.length}, minmax(12rem, 1fr))`;

  // Focus follows the active cell once it is rendered, while focus is inside the grid.
  useEffect(() => {
    const grid = scroller.current;
    if (!grid?.contains(document.activeElement)) return;
    grid.querySelector<HTMLElement>(`[data-cell="${active.row}:${active.col}"]`)?.focus();
  });

  const move = (row: number, col: number) => {
    const next = { row: Math.max(0, Math.min(cases.length - 1, row)), col: Math.max(0, Math.min(variants.length, col)) };
    setActive(next);
    virtualizer.scrollToIndex(next.row, { align: "auto" });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const { row, col } = active;
    // Rows a screenful holds, less one so the row in focus stays in view.
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? ROW_HEIGHT * 5) / ROW_HEIGHT) - 1);
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(row + 1, col),
      ArrowUp: () => move(row - 1, col),
      ArrowRight: () => move(row, col + 1),
      ArrowLeft: () => move(row, col - 1),
      Home: () => (event.ctrlKey ? move(0, 0) : move(row, 0)),
      End: () => (event.ctrlKey ? move(cases.length - 1, variants.length) : move(row, variants.length)),
      PageDown: () => move(row + page, col),
      PageUp: () => move(row - page, col),
      Enter: () => {
        const variant = variants[col - 1];
        const result = variant ? cells.get(cellKey(variant.id, cases[row]?.id ?? "")) : undefined;
        if (result && result.run_ids.length > 0) onOpen(result);
      },
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  return (
    <div
      ref={scroller}
      role="grid"
      aria-label="Results"
      aria-rowcount={cases.length + 1}
      aria-colcount={variants.length + 1}
      onKeyDown={onKeyDown}
      className="relative max-h-[45vh] overflow-auto rounded-md border border-zinc-200 text-sm dark:border-zinc-800"
    >
      <div role="row" aria-rowindex={1} className="sticky top-0 z-10 grid bg-zinc-100 font-medium dark:bg-zinc-800" style={{ gridTemplateColumns: columns }}>
        <div role="columnheader" className="px-2 py-1">
          Case
        </div>
        {variants.map((v) => (
          <div key={v.id} role="columnheader" className="truncate px-2 py-1">
            {v.name}
          </div>
        ))}
      </div>
      <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
        {virtualizer.getVirtualItems().map((item) => {
          const c = cases[item.index] as GridCase;
          const tab = (col: number) => (active.row === item.index && active.col === col ? 0 : -1);
          return (
            <div
              key={c.id}
              role="row"
              aria-rowindex={item.index + 2}
              className="absolute inset-x-0 grid border-t border-zinc-200 dark:border-zinc-800"
              style={{ top: item.start, height: ROW_HEIGHT, gridTemplateColumns: columns }}
            >
              <div role="rowheader" data-cell={`${item.index}:0`} tabIndex={tab(0)} className="overflow-hidden px-2 py-1" title={c.label}>
                {c.label}
              </div>
              {variants.map((v, i) => {
                const result = cells.get(cellKey(v.id, c.id));
                const openable = result !== undefined && result.run_ids.length > 0;
                return (
                  <div
                    key={v.id}
                    role="gridcell"
                    data-cell={`${item.index}:${i + 1}`}
                    data-status={result?.status ?? (runningCells.has(cellKey(v.id, c.id)) ? "running" : "none")}
                    tabIndex={tab(i + 1)}
                    onClick={() => {
                      setActive({ row: item.index, col: i + 1 });
                      if (openable) onOpen(result);
                    }}
                    title={openable ? "Open its trace in the timeline" : undefined}
                    className={`overflow-hidden px-2 py-1 focus-visible:outline-2 focus-visible:outline-indigo-500 ${openable ? "cursor-pointer hover:bg-zinc-50 dark:hover:bg-zinc-800/60" : ""}`}
                  >
                    <Cell result={result} running={runningCells.has(cellKey(v.id, c.id))} />
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
