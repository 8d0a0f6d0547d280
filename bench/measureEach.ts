/**
 * A bench run outlives its failures: a scenario that throws is recorded as failed, with its
 * error, in place of the figures it would have measured, and the run goes on to the next one.
 * One long run once lost thirteen minutes of figures to a single failing scenario.
 */
import type { Figure } from "./app/figure.js";
import { errorMessage } from "../src/schema/errorMessage.js";

/** A figure whose scenario threw: no value, never a pass, and the error that stopped it. */
export interface FailedFigure extends Figure {
  failed: true;
  error: string;
}

/** One measurement and the figures it gives; when it throws, each of `figures` is recorded as failed. */
export interface Scenario {
  /** Logged before it starts. */
  label?: string;
  figures: readonly string[];
  measure: () => Promise<Record<string, Figure>>;
}

/** Scenarios that failed, by name, with their errors: the report's `failed`. */
export type Failures = Record<string, string>;

export function errorText(error: unknown): string {
  if (error instanceof Error) return error.stack && !error.stack.startsWith(error.message) ? error.stack : `${error.name}: ${error.message}`;
  return String(error);
}

/** @example failedFigure(new Error("BENCH_LAYOUT: Layout failed")) // { value: NaN, pass: false, failed: true, error: "Error: BENCH_LAYOUT: …" } */
export function failedFigure(error: unknown): FailedFigure {
  return { value: Number.NaN, unit: "", target: "", pass: false, failed: true, error: errorText(error) };
}

export function isFailed(figure: Figure): figure is FailedFigure {
  return figure.failed === true;
}

/**
 * Runs `work`; when it throws, records the error under `name` in `failures` and answers undefined.
 * @example const node = await attempt("engine_overhead (node)", () => measureEngineOverhead(now), failures);
 */
export async function attempt<T>(name: string, work: () => Promise<T>, failures: Failures, log: (line: string) => void = () => {}): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    failures[name] = errorText(error);
    log(`  FAILED ${name}: ${errorMessage(error)} (the run goes on)`);
    return undefined;
  }
}

/**
 * Each scenario in turn; one that throws gives failed figures and the next one still runs.
 * @example const figures = await measureEach([{ figures: ["initial_js_gzip"], measure: async () => ({ initial_js_gzip: await js() }) }], log);
 */
export async function measureEach(scenarios: readonly Scenario[], log: (line: string) => void): Promise<Record<string, Figure>> {
  const figures: Record<string, Figure> = {};
  for (const scenario of scenarios) {
    if (scenario.label) log(scenario.label);
    const failures: Failures = {};
    const measured = await attempt(scenario.figures.join(", "), scenario.measure, failures, log);
    if (measured) Object.assign(figures, measured);
    else for (const name of scenario.figures) figures[name] = failedFigure(Object.values(failures)[0]);
  }
  return figures;
}

/** Every failed figure among `figures`, by name, with its error. */
export function failuresIn(figures: Readonly<Record<string, Figure>>): Failures {
  return Object.fromEntries(Object.entries(figures).flatMap(([name, figure]) => (isFailed(figure) ? [[name, figure.error]] : [])));
}
