// The summary's drawings, with visx (scales, axes, bars, points): pass rate, latency (median and
// p95) and cost per variant as bars, and pass rate against cost as a scatter. Each drawing is
// named by its figure, whose table is its text alternative (Summary.tsx); this chunk loads with
// the first summary shown.
import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar, Circle } from "@visx/shape";
import type { VariantSummary } from "../../engine/index.js";
import type { ChartKind } from "./Summary";

const WIDTH = 320;
const HEIGHT = 150;
const MARGIN = { top: 8, right: 12, bottom: 28, left: 44 };
const INNER_W = WIDTH - MARGIN.left - MARGIN.right;
const INNER_H = HEIGHT - MARGIN.top - MARGIN.bottom;
const COLORS = ["#4f46e5", "#059669", "#d97706", "#db2777"];
const TICK = { fontSize: 10, fill: "currentColor" } as const;

interface Series {
  label: string;
  value: (s: VariantSummary) => number;
}

const SERIES: Record<Exclude<ChartKind, "pass-vs-cost">, { max?: number; format: (n: number) => string; series: Series[] }> = {
  "pass-rate": { max: 1, format: (n) => `${Math.round(n * 100)}%`, series: [{ label: "pass rate", value: (s) => s.pass_rate }] },
  latency: {
    format: (n) => `${Math.round(n)}`,
    series: [
      { label: "median", value: (s) => s.latency_ms.median },
      { label: "p95", value: (s) => s.latency_ms.p95 },
    ],
  },
  cost: { format: (n) => `$${n.toPrecision(2)}`, series: [{ label: "total", value: (s) => s.cost_usd?.total ?? 0 }] },
};

function Bars({ kind, summary }: { kind: Exclude<ChartKind, "pass-vs-cost">; summary: readonly VariantSummary[] }) {
  const { series, max, format } = SERIES[kind];
  const x = scaleBand<string>({ domain: summary.map((s) => s.name), range: [0, INNER_W], padding: 0.25 });
  const top = max ?? Math.max(1e-9, ...summary.flatMap((s) => series.map((serie) => serie.value(s))));
  const y = scaleLinear<number>({ domain: [0, top], range: [INNER_H, 0], nice: true });
  const inner = scaleBand<string>({ domain: series.map((s) => s.label), range: [0, x.bandwidth()], padding: 0.1 });
  return (
    <Group left={MARGIN.left} top={MARGIN.top}>
      {summary.map((s, i) =>
        series.map((serie, j) => {
          const value = serie.value(s);
          return (
            <Bar
              key={`${s.variant_id}-${serie.label}`}
              x={(x(s.name) ?? 0) + (inner(serie.label) ?? 0)}
              y={y(value)}
              width={inner.bandwidth()}
              height={INNER_H - y(value)}
              fill={COLORS[i % COLORS.length]}
              opacity={j === 0 ? 1 : 0.55}
            />
          );
        }),
      )}
      <AxisLeft scale={y} numTicks={4} tickFormat={(n) => format(Number(n))} tickLabelProps={() => ({ ...TICK, textAnchor: "end", dx: -2, dy: 3 })} />
      <AxisBottom top={INNER_H} scale={x} tickLabelProps={() => ({ ...TICK, textAnchor: "middle" })} />
    </Group>
  );
}

function Scatter({ summary }: { summary: readonly VariantSummary[] }) {
  const costs = summary.map((s) => s.cost_usd?.total ?? 0);
  const x = scaleLinear<number>({ domain: [0, Math.max(1e-9, ...costs)], range: [0, INNER_W], nice: true });
  const y = scaleLinear<number>({ domain: [0, 1], range: [INNER_H, 0] });
  return (
    <Group left={MARGIN.left} top={MARGIN.top}>
      {summary.map((s, i) => (
        <Circle key={s.variant_id} cx={x(s.cost_usd?.total ?? 0)} cy={y(s.pass_rate)} r={5} fill={COLORS[i % COLORS.length]} />
      ))}
      <AxisLeft
        scale={y}
        numTicks={4}
        tickFormat={(n) => `${Math.round(Number(n) * 100)}%`}
        tickLabelProps={() => ({ ...TICK, textAnchor: "end", dx: -2, dy: 3 })}
      />
      <AxisBottom
        top={INNER_H}
        scale={x}
        numTicks={4}
        tickFormat={(n) => `$${Number(n).toPrecision(2)}`}
        tickLabelProps={() => ({ ...TICK, textAnchor: "middle" })}
      />
    </Group>
  );
}

/** One drawing of the summary; hidden from assistive technology, which reads the figure's table. */
export function SummaryChart({ kind, summary }: { kind: ChartKind; summary: readonly VariantSummary[] }) {
  return (
    <svg width={WIDTH} height={HEIGHT} className="max-w-full text-zinc-600 dark:text-zinc-300" data-chart={kind} aria-hidden="true">
      {kind === "pass-vs-cost" ? <Scatter summary={summary} /> : <Bars kind={kind} summary={summary} />}
    </svg>
  );
}
