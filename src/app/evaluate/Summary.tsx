// The summary of an evaluation per variant: pass rate, median and p95 latency, cost, and pass
// rate against cost. Each figure has its name and, as its text alternative, a small table of
// the numbers it draws; the drawings come from the charts chunk.
import { lazy, Suspense } from "react";
import type { VariantSummary } from "../../engine/index.js";

export type ChartKind = "pass-rate" | "latency" | "cost" | "pass-vs-cost";

// visx loads with the first summary shown, not with the dialog.
const SummaryChart = lazy(() => import("./SummaryCharts").then((m) => ({ default: m.SummaryChart })));

const percent = (rate: number) => `${Math.round(rate * 100)}%`;
const ms = (value: number) => `${Math.round(value)} ms`;
const usd = (value: number | null | undefined) => (value === null || value === undefined ? "no prices" : `$${value.toFixed(4)}`);

/** One figure: its name, its chart, and its table's columns (the variant's name comes first). */
interface FigureSpec {
  name: string;
  kind: ChartKind;
  columns: readonly { label: string; value: (s: VariantSummary) => string | number }[];
}

const FIGURES: readonly FigureSpec[] = [
  {
    name: "Pass rate per variant",
    kind: "pass-rate",
    columns: [
      { label: "Pass rate", value: (s) => percent(s.pass_rate) },
      { label: "Passed", value: (s) => s.passed },
      { label: "Failed", value: (s) => s.failed },
      { label: "Errors", value: (s) => s.errors },
    ],
  },
  {
    name: "Latency per variant",
    kind: "latency",
    columns: [
      { label: "Median", value: (s) => ms(s.latency_ms.median) },
      { label: "p95", value: (s) => ms(s.latency_ms.p95) },
    ],
  },
  {
    name: "Cost per variant",
    kind: "cost",
    columns: [
      { label: "Total", value: (s) => usd(s.cost_usd?.total) },
      { label: "Median per case", value: (s) => usd(s.cost_usd?.median) },
      { label: "Tokens", value: (s) => s.tokens },
    ],
  },
  {
    name: "Pass rate against cost",
    kind: "pass-vs-cost",
    columns: [
      { label: "Cost", value: (s) => usd(s.cost_usd?.total) },
      { label: "Pass rate", value: (s) => percent(s.pass_rate) },
    ],
  },
];

function Figure({ figure, summary }: { figure: FigureSpec; summary: readonly VariantSummary[] }) {
  const { name, kind, columns } = figure;
  return (
    <figure role="figure" aria-label={name} className="space-y-1 rounded-md border border-zinc-200 p-2 dark:border-zinc-800">
      <figcaption className="text-xs font-medium">{name}</figcaption>
      <Suspense fallback={<div data-chart={kind} className="h-[150px]" />}>
        <SummaryChart kind={kind} summary={summary} />
      </Suspense>
      <table className="w-full text-xs" aria-label={`${name} (table)`}>
        <thead>
          <tr>
            <th className="text-left">Variant</th>
            {columns.map((column) => (
              <th key={column.label} className="text-right">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {summary.map((s) => (
            <tr key={s.variant_id}>
              <th scope="row" className="text-left font-normal">
                {s.name}
              </th>
              {columns.map((column) => (
                <td key={column.label} className="text-right">
                  {column.value(s)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

export function Summary({ summary }: { summary: readonly VariantSummary[] }) {
  if (summary.length === 0) return null;
  return (
    <section role="region" aria-label="Summary" className="grid gap-2 sm:grid-cols-2">
      {FIGURES.map((figure) => (
        <Figure key={figure.kind} figure={figure} summary={summary} />
      ))}
    </section>
  );
}
