/**
 * Figure: an evaluation of 200 cases × 2 variants on the scripted model (issue 28, budget
 * ≤ 20 s in Chromium, no main-thread task over 100 ms). The Weather template with 200 cases
 * (its seven questions over and over) and a second variant whose prompt makes the scripted agent
 * refuse, run from the Evaluate dialog as a person runs it; timed from the Run evaluation click to
 * the status saying Completed, with every long task of the page recorded meanwhile.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Browser } from "@playwright/test";
import { atMost, round, type Figure } from "./figure.js";
import { newBenchContext, startRecording, stopRecording } from "./frames.js";

const CASES = 200;
const ROOT = path.resolve(import.meta.dirname, "../..");

export interface EvaluationBenchResult {
  /** Rows of the matrix (cases) when it ended. */
  cases: number;
  total_ms: number;
  long_tasks: number;
  long_task_max_ms: number;
}

interface WeatherDocument {
  meta: { id: string; name: string };
  nodes: { kind: string; data: { script?: { tokens_per_second?: number; rules: unknown[] } } }[];
  datasets: { cases: { id: string }[] }[];
}

/** The Weather template with 200 cases, answering at once, with a rule a prompt variant can trip. */
async function evaluationGraph(): Promise<string> {
  const document = JSON.parse(await readFile(path.join(ROOT, "examples/weather-assistant.json"), "utf8")) as WeatherDocument;
  document.meta = { ...document.meta, id: "bench-evaluation", name: "Bench evaluation" };
  for (const node of document.nodes) {
    if (node.kind !== "agent" || !node.data.script) continue;
    node.data.script.tokens_per_second = 0;
    node.data.script.rules.unshift({ when: "system.contains('Refuse')", reply: "I will not answer that." });
  }
  const dataset = document.datasets[0];
  if (!dataset) throw new Error("BENCH_EVALUATION: the Weather template has no dataset");
  const seven = dataset.cases;
  dataset.cases = Array.from({ length: CASES }, (_, i) => ({ ...seven[i % seven.length], id: `case-${i + 1}` }));
  return JSON.stringify(document);
}

export async function measureEvaluation(browser: Browser, url: string): Promise<EvaluationBenchResult> {
  const context = await newBenchContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole("heading", { level: 1, name: "Graphwright" }).waitFor();
    await page
      .getByLabel("Import graph file")
      .setInputFiles({ name: "evaluation.json", mimeType: "application/json", buffer: Buffer.from(await evaluationGraph()) });
    await page.getByRole("textbox", { name: "Graph name" }).and(page.locator('[value="Bench evaluation"]')).waitFor();
    await page.getByRole("banner").getByRole("button", { name: "Evaluations", exact: true }).click();
    await page.getByRole("menuitem", { name: "Evaluate", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Evaluate", exact: true });
    await dialog.getByRole("button", { name: "Add variant", exact: true }).click();
    await dialog.getByRole("combobox", { name: "Variant 2 prompt of", exact: true }).selectOption({ label: "Assistant" });
    await dialog.getByRole("textbox", { name: "Variant 2 system prompt", exact: true }).fill("Refuse every question.");
    await dialog.getByRole("spinbutton", { name: "Concurrency", exact: true }).fill("8");
    await startRecording(page);
    const started = Date.now();
    await dialog.getByRole("button", { name: "Run evaluation", exact: true }).click();
    await dialog
      .getByRole("status")
      .filter({ hasText: /Completed|could not be judged|Stopped/ })
      .waitFor({ timeout: 120_000 });
    const total_ms = Date.now() - started;
    const recording = await stopRecording(page);
    const text = (await dialog.getByRole("status").textContent()) ?? "";
    if (!/Completed/.test(text)) throw new Error(`BENCH_EVALUATION: the evaluation ended "${text}"`);
    const cases = Number(await dialog.getByRole("grid", { name: "Results" }).getAttribute("aria-rowcount")) - 1;
    return { cases, total_ms, long_tasks: recording.longTasks.length, long_task_max_ms: round(Math.max(0, ...recording.longTasks)) };
  } finally {
    await context.close();
  }
}

/** Both budgets in one figure (`--only=evaluation_200x2`): the time, and no main-thread task over 100 ms. */
export function evaluationFigures(result: EvaluationBenchResult): { time: Figure; longestTask: Figure } {
  return {
    time: atMost(result.total_ms / 1000, 20, "s", {
      measure: "Run evaluation click → status Completed, 200 cases × 2 variants, scripted model, concurrency 8",
      ...result,
    }),
    longestTask: atMost(result.long_task_max_ms, 100, "ms", {
      measure: "longest main-thread task (PerformanceObserver longtask) during the evaluation",
      ...result,
    }),
  };
}

export async function evaluationFigure(browser: Browser, url: string): Promise<Figure> {
  const { time, longestTask } = evaluationFigures(await measureEvaluation(browser, url));
  return { ...time, pass: time.pass && longestTask.pass, target: `${time.target}, longest main-thread task <= 100 ms`, longest_task_ms: longestTask.value };
}
