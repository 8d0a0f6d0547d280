// A knowledge worker stuck in a loop, made in real Chromium through DevTools so no production
// code knows of it: a batch sent to it is in flight and never stored until the worker goes.
import type { Page, Worker } from "@playwright/test";
import { expect } from "./fixtures";

/** The page's knowledge worker, once it runs. */
export async function knowledgeWorker(page: Page): Promise<Worker> {
  await expect.poll(() => page.workers().some((w) => w.url().includes("knowledge.worker"))).toBe(true);
  return page.workers().find((w) => w.url().includes("knowledge.worker")) as Worker;
}

/** Whether the worker answers a DevTools evaluation within a second (a stuck one never does). */
export async function answers(worker: Worker): Promise<boolean> {
  const reply = worker.evaluate(() => true).catch(() => false);
  return Promise.race([reply, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1_000))]);
}

/** Spins the worker's thread forever; the evaluation ends (rejected) when the worker is terminated. */
export async function spin(worker: Worker): Promise<void> {
  void worker
    .evaluate(() => {
      for (;;) {
        // Nothing: the thread never gets back to its event loop.
      }
    })
    .catch(() => undefined);
  await expect.poll(() => answers(worker), { timeout: 10_000 }).toBe(false);
}
