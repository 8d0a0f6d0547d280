/**
 * Figures: a 1,000-turn thread (issue 17). The thread is stored in the app's IndexedDB through
 * the app's own persistence code (threadSeedPage.ts, bundled and run in the page): each turn a
 * copy of one real Weather turn's events, run by the engine here. Then the page is loaded anew
 * and timed from navigation start until the last turn's reply is in the chat; the JS heap is
 * read after a full collection; the timeline's mount is when its Events treegrid lists every row of
 * the thread (a long thread shows its latest runs first and its earlier runs once they are read).
 * With BENCH_THREAD_PROFILE=<dir>, the last reload's main thread is CPU-profiled into <dir>.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "@playwright/test";
import { rolldown } from "rolldown";
import { MemorySaver } from "@langchain/langgraph/web";
import { compileGraph, runGraph, type RunEvent } from "../../src/engine/index.js";
import { createScriptedModel } from "../../src/models/scripted.js";
import { createToolResolver } from "../../src/tools/index.js";
import weather from "../../examples/weather-assistant.json" with { type: "json" };
import { atMost, percentile, round, type Figure } from "./figure.js";
import { newBenchContext } from "./frames.js";
import { shownInView } from "../../src/app/timeline/timelineRows.js";
import type { SeedRequest } from "./threadSeedPage.js";

const SEED_ENTRY = fileURLToPath(new URL("./threadSeedPage.ts", import.meta.url));
const THREAD = "thread-bench-long";
const RELOADS = 3;

/** One Weather turn's events, run by the engine (scripted model, no pacing). */
async function weatherTurn(): Promise<RunEvent[]> {
  const compiled = compileGraph(weather as Parameters<typeof compileGraph>[0], {
    models: { resolve: createScriptedModel },
    tools: createToolResolver(),
    checkpointer: new MemorySaver(),
  });
  const events: RunEvent[] = [];
  for await (const event of runGraph(compiled, { message: "What's the weather in Paris?" }, { threadId: THREAD })) events.push(event);
  if (events.at(-1)?.type !== "run_end") throw new Error(`BENCH_THREAD: the Weather turn ended with ${events.at(-1)?.type ?? "nothing"}`);
  return events;
}

async function seedScript(): Promise<string> {
  const bundle = await rolldown({ input: SEED_ENTRY, platform: "browser", logLevel: "warn" });
  try {
    const { output } = await bundle.generate({ format: "iife", codeSplitting: false });
    return output[0].code;
  } finally {
    await bundle.close();
  }
}

export interface LongThreadResult {
  turns: number;
  events: number;
  seed_ms: number;
  /** Navigation start → the last turn's reply in the chat, per reload, ms. */
  open_ms: number[];
  open_ms_median: number;
  /** Navigation start → the Events treegrid lists every row of the thread (last reload), ms. */
  timeline_mount_ms: number;
  timeline_rows: number;
  /** Main-thread JS heap after a full collection, once the thread is open (last reload). */
  heap_mb: number;
  messages_shown: number;
}

export async function measureLongThread(browser: Browser, url: string, turns = 1_000): Promise<LongThreadResult> {
  const [turn, script] = await Promise.all([weatherTurn(), seedScript()]);
  const graph: unknown = { ...structuredClone(weather), meta: { ...weather.meta, id: "bench-long-thread", name: `Thread of ${turns} turns` } };
  // The seeding script is the bench's, not the app's: it is injected as an inline script and its
  // bundle evaluates strings, both of which the app's CSP refuses (as it should). The figures
  // measured after it are of the app's own code.
  const context = await newBenchContext(browser, { bypassCSP: true });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole("heading", { level: 1, name: "Graphwright" }).waitFor();
    await page.addScriptTag({ content: script });
    const request: SeedRequest = { document: graph, threadId: THREAD, turns, turn, batch: 20 };
    const seeded = await page.evaluate(
      (r) => (window as unknown as { __benchSeedThread(r: SeedRequest): Promise<{ seed_ms: number; events: number }> }).__benchSeedThread(r),
      request,
    );
    // Watches each load from its start (a MutationObserver, no polling in the page): when the last
    // turn's message and the reply after it are in the chat, and when the Events treegrid lists the thread.
    await context.addInitScript(
      ({ last, rows }) => {
        const marks = window as unknown as { __benchOpen?: number; __benchTimeline?: { ms: number; rows: number } };
        const observer = new MutationObserver(() => {
          if (marks.__benchOpen === undefined) {
            const articles = [...document.querySelectorAll('[role="feed"][aria-label="Messages"] article')];
            const at = articles.findIndex((a) => a.getAttribute("aria-label")?.includes(last));
            if (at >= 0 && at < articles.length - 1 && articles.at(-1)?.textContent?.trim()) marks.__benchOpen = performance.now();
          }
          if (marks.__benchTimeline === undefined) {
            const count = Number(document.querySelector('[role="treegrid"][aria-label="Events"]')?.getAttribute("aria-rowcount") ?? 0);
            if (count >= rows) marks.__benchTimeline = { ms: performance.now(), rows: count };
          }
          if (marks.__benchOpen !== undefined && marks.__benchTimeline !== undefined) observer.disconnect();
        });
        document.addEventListener("DOMContentLoaded", () =>
          observer.observe(document.body, {
            subtree: true,
            childList: true,
            characterData: true,
            attributes: true,
            attributeFilter: ["aria-rowcount", "aria-label"],
          }),
        );
      },
      // Every row of the thread: the timeline's default view shows these events of each turn.
      { last: `(turn ${turns})`, rows: turns * turn.filter((event) => shownInView(event, false)).length },
    );
    const open: number[] = [];
    let timeline = { ms: Number.NaN, rows: 0 };
    let shown = 0;
    const cdp = await context.newCDPSession(page);
    const profileDir = process.env.BENCH_THREAD_PROFILE;
    for (let i = 0; i < RELOADS; i++) {
      const profiling = profileDir !== undefined && i === RELOADS - 1;
      if (profiling) {
        await cdp.send("Profiler.enable");
        await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
        await cdp.send("Profiler.start");
      }
      await page.goto(url);
      const marks = await page.waitForFunction(
        () => {
          const w = window as unknown as { __benchOpen?: number; __benchTimeline?: { ms: number; rows: number } };
          return w.__benchOpen !== undefined && w.__benchTimeline !== undefined ? { open: w.__benchOpen, timeline: w.__benchTimeline } : false;
        },
        undefined,
        { timeout: 300_000, polling: 100 },
      );
      const measured = (await marks.jsonValue()) || { open: Number.NaN, timeline };
      open.push(round(measured.open));
      timeline = measured.timeline;
      shown = await page.locator('[role="feed"][aria-label="Messages"] article').count();
      if (profiling) {
        const { profile } = await cdp.send("Profiler.stop");
        await writeFile(path.join(profileDir, `thread-${turns}-open.cpuprofile`), JSON.stringify(profile));
      }
    }
    await cdp.send("HeapProfiler.collectGarbage");
    const heap = await cdp.send("Runtime.getHeapUsage");
    return {
      turns,
      events: seeded.events,
      seed_ms: seeded.seed_ms,
      open_ms: open,
      open_ms_median: percentile(open, 50),
      timeline_mount_ms: round(timeline.ms),
      timeline_rows: timeline.rows,
      heap_mb: round(heap.usedSize / 2 ** 20, 1),
      messages_shown: shown,
    };
  } finally {
    await context.close();
  }
}

export function longThreadFigures(result: LongThreadResult): { open: Figure; heap: Figure } {
  const details = {
    ...result,
    measure: `navigation start → the last turn's reply in the chat, median of ${result.open_ms.length} reloads; thread stored through the app's persistence code`,
  };
  return {
    open: atMost(result.open_ms_median, 1_000, "ms", details),
    heap: atMost(result.heap_mb, 150, "MB", {
      measure: "main-thread JS heap (Runtime.getHeapUsage) after a full collection, the thread open",
      timeline_mount_ms: result.timeline_mount_ms,
    }),
  };
}
