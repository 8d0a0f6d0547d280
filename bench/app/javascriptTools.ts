/**
 * Figures: a JavaScript tool's first call on a page and a warm call (issue 13, budgets ≤ 150 ms
 * and ≤ 5 ms). The production app opens the Number cruncher template, whose JavaScript tool
 * makes the page start the sandbox (a sandboxed frame, its worker, QuickJS) at idle. A call is
 * what an agent's tool call costs a run: the playground sends turns whose scripted model calls
 * the tool, and each call leaves a User Timing entry in the engine worker (call → outcome, the
 * engine worker ⇄ sandbox worker, the first one asking the page for its port). The tool form's
 * `Test` button (a User Timing entry in the page, call → outcome, between the button's own
 * renders) is reported beside them, as is the frame's own start.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "@playwright/test";
import { atMost, percentile, round, type Figure } from "./figure.js";
import { newBenchContext } from "./frames.js";

const CALLS = 21;
const TEST_CLICKS = 11;
const CALL = "graphwright:sandbox-call";
const RUN = "graphwright:sandbox-run";
const BOOT = "graphwright:sandbox-boot";
const cruncherFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../examples/number-cruncher.json");

export interface JavaScriptToolTimes {
  boot_ms: number;
  first_call_ms: number;
  warm_calls_ms: number[];
  /** The Test button's runs (page → sandbox worker → page), the first and the rest. */
  test_button_ms: number[];
}

/** The cruncher with its replies unpaced, so turns follow each other quickly; the tool is the template's. */
async function cruncher(): Promise<Buffer> {
  const doc = JSON.parse(await readFile(cruncherFile, "utf8")) as { nodes: { data: { script?: { tokens_per_second?: number } } }[] };
  for (const node of doc.nodes) if (node.data.script) node.data.script.tokens_per_second = 0;
  return Buffer.from(JSON.stringify(doc));
}

/** The User Timing entries named `name` in whichever of the page's workers has them (the engine worker's). */
async function workerEntries(page: Page, name: string): Promise<number[]> {
  for (const worker of page.workers()) {
    const found = await worker.evaluate((entry) => performance.getEntriesByName(entry).map((e) => e.duration), name).catch(() => []);
    if (found.length > 0) return found;
  }
  return [];
}

export async function measureJavaScriptTools(browser: Browser, url: string): Promise<JavaScriptToolTimes> {
  const context = await newBenchContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole("heading", { level: 1, name: "Graphwright" }).waitFor();
    await page.getByLabel("Import graph file").setInputFiles({ name: "cruncher.json", mimeType: "application/json", buffer: await cruncher() });
    // The sandbox starts at idle because the graph has a JavaScript tool.
    await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, BOOT, { timeout: 60_000 });
    const playground = page.getByRole("region", { name: "Playground", exact: true });
    const idle = playground.getByRole("status").filter({ hasText: /^Idle$/ });
    for (let i = 0; i < CALLS; i++) {
      await playground.getByRole("textbox", { name: "Message", exact: true }).fill(`Summarize 4 8 15 16 23 ${42 + i}`);
      await playground.getByRole("textbox", { name: "Message", exact: true }).press("Enter");
      await page
        .getByRole("article", { name: /^Cruncher: Here is the summary/ })
        .nth(i)
        .waitFor({ timeout: 60_000 });
      await idle.waitFor({ timeout: 60_000 });
    }
    const calls = await workerEntries(page, CALL);
    if (calls.length !== CALLS) throw new Error(`BENCH_JS_TOOL: expected ${CALLS} timed tool calls in the engine worker, found ${calls.length}`);

    const tool = page.getByRole("region", { name: "Inspector", exact: true }).getByRole("group", { name: "Tool summarize_numbers" });
    await tool.getByRole("textbox", { name: "Sample arguments" }).fill('{ "numbers": "4 8 15 16 23 42" }');
    for (let i = 0; i < TEST_CLICKS; i++) {
      await tool.getByRole("button", { name: "Test", exact: true }).click();
      await page.waitForFunction(([name, n]) => performance.getEntriesByName(name as string).length >= (n as number), [RUN, i + 1] as const);
    }
    await tool
      .getByRole("status", { name: "Test result" })
      .filter({ hasText: /^Result:/ })
      .waitFor();
    const [boot, runs] = await page.evaluate(
      ([bootName, runName]) => [performance.getEntriesByName(bootName)[0]?.duration ?? NaN, performance.getEntriesByName(runName).map((e) => e.duration)],
      [BOOT, RUN] as const,
    );
    return {
      boot_ms: round(boot),
      first_call_ms: round(calls[0] ?? NaN),
      warm_calls_ms: calls.slice(1).map((ms) => round(ms)),
      test_button_ms: runs.map((ms) => round(ms)),
    };
  } finally {
    await context.close();
  }
}

export async function javascriptToolFigures(browser: Browser, url: string): Promise<{ first: Figure; warm: Figure }> {
  const times = await measureJavaScriptTools(browser, url);
  const details = {
    ...times,
    measure: "an agent's tool call in a run, call → outcome in the engine worker (the sandbox started at idle beforehand)",
  };
  const testWarm = times.test_button_ms.slice(1);
  return {
    first: atMost(times.first_call_ms, 150, "ms", details),
    warm: atMost(percentile(times.warm_calls_ms, 50), 5, "ms", {
      measure: "p50 of a run's following tool calls, engine worker → sandbox worker → engine worker",
      warm_p95_ms: round(percentile(times.warm_calls_ms, 95)),
      test_button_first_ms: times.test_button_ms[0],
      test_button_p50_ms: round(percentile(testWarm, 50)),
      test_button_measure: "the tool form's Test button, page → sandbox worker → page, between the button's renders",
    }),
  };
}
