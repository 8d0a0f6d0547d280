/**
 * Figure: Stop → run ended while the engine worker is stuck in a synchronous loop (issue 12,
 * budget ≤ 1.5 s). The loop is a real hostile input: a CEL condition of six nested
 * comprehensions over a 60-character message, hours of synchronous work (see
 * src/engine/testing/stuckWorker.ts). Measured in the page, from the Stop click to the status leaving "Running";
 * each sample sends the hostile message on the same thread again (after the worker restart).
 */
import type { Browser, Page, Worker } from "@playwright/test";
import { percentile, round } from "./figure.js";
import { newBenchContext } from "./frames.js";
import { STUCK_MESSAGE, stuckWorkerGraph } from "../../src/engine/testing/stuckWorker.js";

const SAMPLES = 3;

export interface StopWhenStuckResult {
  samples_ms: number[];
  median_ms: number;
  max_ms: number;
  /** Send of the next message after the restart → its answer shown (includes the fresh worker's start). */
  next_answer_ms: number[];
}

/** Whether the worker answers a DevTools evaluation within a second (a stuck one never does). */
async function answers(worker: Worker): Promise<boolean> {
  const reply = worker.evaluate(() => true).catch(() => false);
  return Promise.race([reply, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1_000))]);
}

async function waitUntilStuck(page: Page): Promise<void> {
  for (let attempt = 0; attempt < 30; attempt++) {
    const worker = page.workers().find((w) => w.url().includes("engine.worker"));
    if (worker && !(await answers(worker))) return;
    if (!worker) await page.waitForEvent("worker", { timeout: 1_000 }).catch(() => undefined);
  }
  throw new Error("BENCH_STUCK: the engine worker never got stuck on the hostile message");
}

/** Clicks Stop in the page and resolves with the ms until the status is no longer "Running". */
function stopAndTime(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const region = document.querySelector('[role="region"][aria-label="Playground"]') ?? document;
        const status = region.querySelector('[role="status"]');
        const stop = [...region.querySelectorAll("button")].find((b) => b.textContent?.trim() === "Stop" || b.getAttribute("aria-label") === "Stop");
        if (!status || !stop) return reject(new Error("Stop button or status not found"));
        const started = performance.now();
        const done = () => {
          if (status.textContent?.trim() === "Running") return false;
          observer.disconnect();
          resolve(performance.now() - started);
          return true;
        };
        const observer = new MutationObserver(done);
        observer.observe(status, { characterData: true, childList: true, subtree: true });
        stop.click();
        done();
      }),
  );
}

export async function measureStopWhenStuck(browser: Browser, url: string): Promise<StopWhenStuckResult> {
  const context = await newBenchContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole("heading", { level: 1, name: "Graphwright" }).waitFor();
    await page.getByLabel("Import graph file").setInputFiles({ name: "stuck.json", mimeType: "application/json", buffer: Buffer.from(stuckWorkerGraph()) });
    await page.locator('[aria-label="Responder"]').first().waitFor();
    const playground = page.getByRole("region", { name: "Playground", exact: true });
    const status = playground.getByRole("status");
    const message = playground.getByRole("textbox", { name: "Message", exact: true });
    const pongs = playground.getByRole("article", { name: /^Responder: pong/ });
    const send = async (text: string) => {
      await message.fill(text);
      await message.press("Enter");
    };
    const ping = async (expected: number) => {
      const started = Date.now();
      await send("ping");
      await pongs.nth(expected - 1).waitFor({ timeout: 60_000 });
      await status.filter({ hasText: /^Idle$/ }).waitFor({ timeout: 60_000 });
      return Date.now() - started;
    };
    // Warm-up: the worker loads and the graph compiles.
    await ping(1);
    const samples: number[] = [];
    const nextAnswer: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      await send(STUCK_MESSAGE);
      await status.filter({ hasText: /^Running$/ }).waitFor({ timeout: 30_000 });
      await waitUntilStuck(page);
      samples.push(await stopAndTime(page));
      nextAnswer.push(await ping(i + 2));
    }
    return {
      samples_ms: samples.map((s) => round(s)),
      median_ms: round(percentile(samples, 50)),
      max_ms: round(Math.max(...samples)),
      next_answer_ms: nextAnswer,
    };
  } finally {
    await context.close();
  }
}
