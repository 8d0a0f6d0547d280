/**
 * Figure (f): scrolling the Timeline through a thread of 100,000 events (`?fixture=timeline-100k`,
 * Verbose on so every event is a row). Frame time = requestAnimationFrame delta while the mouse
 * wheel scrolls the Events treegrid down.
 */
import type { Browser } from "@playwright/test";
import { frameStats } from "./figure.js";
import { newBenchContext, startRecording, stopRecording } from "./frames.js";

const WHEEL_STEPS = 150;

export interface TimelineScrollResult {
  events: number;
  rows: number;
  open_ms: number;
  scrolled_px: number;
  [stat: string]: number;
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
    await page.waitForFunction((expected) => Number(document.querySelector('[role="treegrid"]')?.getAttribute("aria-rowcount")) >= expected, events - 1, { timeout: 120_000 });
    const openMs = Date.now() - started;
    const rows = Number(await tree.getAttribute("aria-rowcount"));
    // From the top: the tree follows the tail of a live run, so start from a known place.
    await tree.evaluate((el) => el.scrollTo({ top: 0 }));
    const box = await tree.boundingBox();
    if (!box) throw new Error("BENCH_TIMELINE: the Events treegrid is not on screen");
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await startRecording(page);
    for (let i = 0; i < WHEEL_STEPS; i++) await page.mouse.wheel(0, 240);
    const recording = await stopRecording(page);
    const scrolled = await tree.evaluate((el) => el.scrollTop);
    return { events, rows, open_ms: openMs, scrolled_px: Math.round(scrolled), ...frameStats(recording.deltas) };
  } finally {
    await context.close();
  }
}
