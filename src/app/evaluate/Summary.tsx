// The summary of an evaluation per variant: pass rate, median and p95 latency, cost, and pass
// rate against cost. Each figure has its name and, as its text alternative, a small table of
// the numbers it draws; the drawings come from the charts chunk.
import { lazy, Suspense, type ReactNode } from "react";
import type { VariantSummary } from "../../engine/index.js";

export type ChartKind = "pass-rate" | "latency" | "cost" | "pass-vs-cost";

// visx loads with the first summary shown, not with the dialog.
const SummaryChart = lazy(() => import("./SummaryCharts").then((m) => ({ default: m.SummaryChart })));

const percent = (rate: number) => `${Math.round(rate * 100)}%`;
const ms = (value: number) => `${Math.round(value)} ms`;
const usd = (value: number | null | undefined) => (value === null || value === undefined ? "no prices" : `$${value.toFixed(4)}`);

function Figure({ name, kind, summary, children }: { name: string; kind: ChartKind; summary: readonly VariantSummary[]; children: ReactNode }) {
  return (
    <figure role="figure" aria-label={name} className="space-y-1 rounded-md border border-zinc-200 p-2 dark:border-zinc-800">
      <figcaption className="text-xs font-medium">{name}</figcaption>
      <Suspense fallback={<div data-chart={kind} className="h-[150px]" />}>
        <SummaryChart kind={kind} summary={summary} />
      </Suspense>
      <table className="w-full text-xs" aria-label={`${name} (table)`}>
        {children}
      </table>
    </figure>
  );
}

export function Summary({ summary }: { summary: readonly VariantSummary[] }) {
  if (summary.length === 0) return null;
  return (
    <section role="region" aria-label="Summary" className="grid gap-2 sm:grid-cols-2">
      <Figure name="Pass rate per variant" kind="pass-rate" summary={summary}>
        <thead>
          <tr>
            <th className="text-left">Variant</th>
            <th className="text-right">Pass rate</th>
            <th className="text-right">Passed</th>
            <th className="text-right">Failed</th>
            <th className="text-right">Errors</th>
          </tr>
        </thead>
        <tbody>
          {summary.map((s) => (
            <tr key={s.variant_id}>
              <th scope="row" className="text-left font-normal">
                {s.name}
              </th>
              <td className="text-right">{percent(s.pass_rate)}</td>
              <td className="text-right">{s.passed}</td>
              <td className="text-right">{s.failed}</td>
              <td className="text-right">{s.errors}</td>
            </tr>
          ))}
        </tbody>
      </Figure>
      <Figure name="Latency per variant" kind="latency" summary={summary}>
        <thead>
          <tr>
            <th className="text-left">Variant</th>
            <th className="text-right">Median</th>
            <th className="text-right">p95</th>
          </tr>
        </thead>
        <tbody>
          {summary.map((s) => (
            <tr key={s.variant_id}>
              <th scope="row" className="text-left font-normal">
                {s.name}
              </th>
              <td className="text-right">{ms(s.latency_ms.median)}</td>
              <td className="text-right">{ms(s.latency_ms.p95)}</td>
            </tr>
          ))}
        </tbody>
      </Figure>
      <Figure name="Cost per variant" kind="cost" summary={summary}>
        <thead>
          <tr>
            <th className="text-left">Variant</th>
            <th className="text-right">Total</th>
            <th className="text-right">Median per case</th>
            <th className="text-right">Tokens</th>
          </tr>
        </thead>
        <tbody>
          {summary.map((s) => (
            <tr key={s.variant_id}>
              <th scope="row" className="text-left font-normal">
                {s.name}
              </th>
              <td className="text-right">{usd(s.cost_usd?.total)}</td>
              <td className="text-right">{usd(s.cost_usd?.median)}</td>
              <td className="text-right">{s.tokens}</td>
            </tr>
          ))}
        </tbody>
      </Figure>
      <Figure name="Pass rate against cost" kind="pass-vs-cost" summary={summary}>
        <thead>
          <tr>
            <th className="text-left">Variant</th>
            <th className="text-right">Cost</th>
            <th className="text-right">Pass rate</th>
          </tr>
        </thead>
        <tbody>
          {summary.map((s) => (
            <tr key={s.variant_id}>
              <th scope="row" className="text-left font-normal">
                {s.name}
              </th>
              <td className="text-right">{usd(s.cost_usd?.total)}</td>
              <td className="text-right">{percent(s.pass_rate)}</td>
            </tr>
          ))}
        </tbody>
      </Figure>
    </section>
  );
}
