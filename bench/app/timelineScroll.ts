/**
 * Figure (f): scrolling the Timeline through a thread of 100,000 events (`?fixture=timeline-100k`,
 * Verbose on so every event is a row). Frame time = requestAnimationFrame delta while the mouse
 * wheel scrolls the Events treegrid down.
 */
import type { Browser } from "@playwright/test";
import { frameStats, percentile, round } from "./figure.js";
import { newBenchContext, startRecording, stopRecording } from "./frames.js";

const WHEEL_STEPS = 150;

export interface TimelineScrollResult {
  events: number;
  rows: number;
  open_ms: number;
  scrolled_px: number;
  /** Median over three passes of each pass's frame-time p95. */
  p95_ms: number;
  p95_of_each_pass_ms: number[];
  [stat: string]: number | number[];
}

export async function measureTimelineScroll(browser: Browser, url: string, events = 100_000): Promise<TimelineScrollResult> {
  const context = await newBenchContext(browser);
  try {
    const page = await context.newPage();
    const started = Date.now();
    await page.goto(`${url}?fixture=timeline-${events}`);
    const tree = page.getByRole("treegrid", { name: "Events", exact: true });
    await tree.getByRole("row").first().waitFor({ timeout: 120_000 });
    const verbose = page.getByRole("checkbox", { name: "Verbose", exact: true });
    if (!(await verbose.isChecked())) await verbose.check();
    await page.waitForFunction((expected) => Number(document.querySelector('[role="treegrid"]')?.getAttribute("aria-rowcount")) >= expected, events - 1, {
      timeout: 120_000,
    });
    const openMs = Date.now() - started;
    const rows = Number(await tree.getAttribute("aria-rowcount"));
    // From the top: the tree follows the tail of a live run, so start from a known place.
    await tree.evaluate((el) => el.scrollTo({ top: 0 }));
    const box = await tree.boundingBox();
    if (!box) throw new Error("BENCH_TIMELINE: the Events treegrid is not on screen");
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    // Three passes (down, up, down); the figure is the median of their p95s (a 2-core machine is noisy).
    const p95s: number[] = [];
    const all: number[] = [];
    let scrolled = 0;
    for (const direction of [1, -1, 1]) {
      await startRecording(page);
      for (let i = 0; i < WHEEL_STEPS; i++) await page.mouse.wheel(0, 240 * direction);
      const { deltas } = await stopRecording(page);
      scrolled = Math.max(scrolled, await tree.evaluate((el) => el.scrollTop));
      p95s.push(percentile(deltas, 95));
      all.push(...deltas);
    }
    return {
      events,
      rows,
      open_ms: openMs,
      scrolled_px: Math.round(scrolled),
      ...frameStats(all),
      p95_all_frames_ms: round(percentile(all, 95)),
      p95_ms: round(percentile(p95s, 50)),
      p95_of_each_pass_ms: p95s.map((p) => round(p)),
    };
  } finally {
    await context.close();
  }
}
