/**
 * Figures: a JavaScript tool's first call on a page and a warm call (issue 13, budgets ≤ 150 ms
 * and ≤ 5 ms). The production app opens the Number cruncher template, whose JavaScript tool
 * makes the page start the sandbox (a sandboxed frame, its worker, QuickJS) at idle; then the
 * tool form's `Test` button runs the code again and again. Each run leaves a User Timing entry
 * (call → outcome) in the page, which is what is read; the frame's own start is reported too,
 * as what a first call would wait for without the idle start.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "@playwright/test";
import { atMost, percentile, round, type Figure } from "./figure.js";
import { newBenchContext } from "./frames.js";

const CALLS = 21;
const RUN = "graphwright:sandbox-run";
const BOOT = "graphwright:sandbox-boot";
const cruncherFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../examples/number-cruncher.json");

export interface JavaScriptToolTimes {
  boot_ms: number;
  first_call_ms: number;
  warm_calls_ms: number[];
}

export async function measureJavaScriptTools(browser: Browser, url: string): Promise<JavaScriptToolTimes> {
  const context = await newBenchContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole("heading", { level: 1, name: "Graphwright" }).waitFor();
    await page.getByLabel("Import graph file").setInputFiles({ name: "cruncher.json", mimeType: "application/json", buffer: await readFile(cruncherFile) });
    // The sandbox starts at idle because the graph has a JavaScript tool.
    await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, BOOT, { timeout: 60_000 });
    const tool = page.getByRole("region", { name: "Inspector", exact: true }).getByRole("group", { name: "Tool summarize_numbers" });
    await tool.getByRole("textbox", { name: "Sample arguments" }).fill('{ "numbers": [4, 8, 15, 16, 23, 42] }');
    const result = tool.getByRole("status", { name: "Test result" });
    for (let i = 0; i < CALLS; i++) {
      await tool.getByRole("button", { name: "Test", exact: true }).click();
      await page.waitForFunction(([name, n]) => performance.getEntriesByName(name as string).length >= (n as number), [RUN, i + 1] as const);
    }
    await result.filter({ hasText: /^Result:/ }).waitFor();
    const [boot, runs] = await page.evaluate(
      ([bootName, runName]) => [performance.getEntriesByName(bootName)[0]?.duration ?? NaN, performance.getEntriesByName(runName).map((e) => e.duration)],
      [BOOT, RUN] as const,
    );
    return { boot_ms: round(boot), first_call_ms: round(runs[0] ?? NaN), warm_calls_ms: runs.slice(1).map((ms) => round(ms)) };
  } finally {
    await context.close();
  }
}

export async function javascriptToolFigures(browser: Browser, url: string): Promise<{ first: Figure; warm: Figure }> {
  const times = await measureJavaScriptTools(browser, url);
  const details = { ...times, measure: "Test button → sandbox outcome, User Timing in the page (the sandbox started at idle beforehand)" };
  return {
    first: atMost(times.first_call_ms, 150, "ms", details),
    warm: atMost(percentile(times.warm_calls_ms, 50), 5, "ms", {
      measure: "p50 of the following calls",
      warm_p95_ms: round(percentile(times.warm_calls_ms, 95)),
    }),
  };
}
