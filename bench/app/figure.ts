/** A bench figure: the measured value, its target and whether it met it (misses are reported, never hidden). */

export interface Figure {
  value: number;
  unit: string;
  /** The budget, e.g. "<= 17". */
  target: string;
  pass: boolean;
  [detail: string]: unknown;
}

/** A figure whose value must not exceed `limit`. */
export function atMost(value: number, limit: number, unit: string, details: Record<string, unknown> = {}): Figure {
  return { value: round(value), unit, target: `<= ${limit}`, pass: value <= limit, ...details };
}

export function round(value: number, digits = 2): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** The p-th percentile (0–100) by nearest rank; NaN for no samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** Count, mean, p50, p95, p99 and max of frame times, rounded. */
export function frameStats(deltas: readonly number[]): Record<string, number> {
  const mean = deltas.reduce((sum, d) => sum + d, 0) / Math.max(1, deltas.length);
  return {
    frames: deltas.length,
    mean_ms: round(mean),
    p50_ms: round(percentile(deltas, 50)),
    p95_ms: round(percentile(deltas, 95)),
    p99_ms: round(percentile(deltas, 99)),
    max_ms: round(Math.max(...deltas)),
  };
}
