/**
 * Main-thread work per frame from a Chrome trace (issue 17). With vsync and the frame-rate limit
 * off, a frame comes as soon as its work is done, so frame intervals no longer sit on the 16.7 ms
 * floor; the work itself is read from the trace: the page's renderer main thread's top-level
 * tasks (`ThreadControllerImpl::RunTask`: input, script, React, style, layout, paint, commit),
 * summed per frame. A frame's work is every top-level task that started after the previous
 * frame's `BeginMainThreadFrame` up to and including the task that ran this one.
 *
 * Each task is counted twice: wall-clock (`dur`) and the thread's CPU time (`tdur`). The figures
 * use CPU time: on the shared 2-core bench machine a task's wall-clock time also holds the time
 * the OS gave other processes, which is not the page's work (at load 11, p95 wall read 2.5× CPU).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "@playwright/test";
import { percentile, round } from "./figure.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The bench's usual flags (bench/run.ts) plus vsync and the frame-rate limit off. */
export const UNTHROTTLED_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-gpu-vsync",
  "--disable-frame-rate-limit",
];

/** A headless Chromium whose frames are not paced by vsync or a frame-rate limit. */
export function launchUnthrottled(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: UNTHROTTLED_ARGS, headless: true });
}

const CATEGORIES = ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline.frame"];
/**
 * `BENCH_TRACE_DIR=<dir>` keeps every traced span's Chrome trace there, with V8's sampling CPU
 * profile in it (open in DevTools' Performance panel): where a long task's time went.
 */
const TRACE_DIR = process.env.BENCH_TRACE_DIR;
const PROFILER_CATEGORIES = ["disabled-by-default-v8.cpu_profiler", "v8.execute"];
let tracesKept = 0;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** One frame's main-thread work, ms: wall-clock time in top-level tasks and the thread's CPU time in them. */
export interface FrameWork {
  wall: number;
  cpu: number;
  tasks: number;
}

/** Where a traced span's main-thread time went, by trace event name (ms, wall-clock, nested events included). */
export type TimeByEvent = Record<string, number>;

export interface TracedWork {
  frames: FrameWork[];
  /** The longest top-level task on the main thread during the span, ms (wall-clock), and the thread's CPU time in it. */
  longest_task_ms: number;
  longest_task_cpu_ms: number;
  /** Every top-level task's wall-clock time, summed, ms; and their CPU time. */
  busy_ms: number;
  busy_cpu_ms: number;
  /** The span's wall-clock length, first task start to last task end, ms. */
  span_ms: number;
  by_event: TimeByEvent;
}

/** Traces `work` in `page` and returns the renderer main thread's work per frame. */
export async function traceWork(browser: Browser, page: Page, work: () => Promise<void>): Promise<TracedWork> {
  await browser.startTracing(page, { categories: TRACE_DIR ? [...CATEGORIES, ...PROFILER_CATEGORIES] : CATEGORIES, screenshots: false });
  try {
    await work();
  } finally {
    // Two more frames, so the last input's frame is in the trace.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
  const buffer = await browser.stopTracing();
  if (TRACE_DIR) {
    mkdirSync(TRACE_DIR, { recursive: true });
    writeFileSync(join(TRACE_DIR, `trace-${process.pid}-${++tracesKept}.json`), buffer);
  }
  const parsed = JSON.parse(buffer.toString("utf8")) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  return workPerFrame(Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []));
}

const TOP_LEVEL = "ThreadControllerImpl::RunTask";
const FRAME = "BeginMainThreadFrame";
/** Trace events whose time says where a frame's work went (nested in the top-level tasks). */
const BREAKDOWN = new Set([
  "EventDispatch",
  "FunctionCall",
  "TimerFire",
  "FireAnimationFrame",
  "RunMicrotasks",
  "UpdateLayoutTree",
  "Layout",
  "PrePaint",
  "Paint",
  "Layerize",
  "Commit",
  "HitTest",
  "MajorGC",
  "MinorGC",
  "V8.GC_SCAVENGER",
  "ParseHTML",
  "EvaluateScript",
]);

/**
 * Splits a trace's main-thread tasks into frames. The page's main thread is the `CrRendererMain`
 * thread that began the most frames (a closed page's renderer may still be in the trace).
 */
export function workPerFrame(events: readonly TraceEvent[]): TracedWork {
  const mainThreads = new Set(
    events.filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`),
  );
  const framesOn = new Map<string, number>();
  for (const e of events)
    if (e.name === FRAME && mainThreads.has(`${e.pid}:${e.tid}`)) framesOn.set(`${e.pid}:${e.tid}`, (framesOn.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  const main = [...framesOn].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!main) throw new Error("BENCH_TRACE: no renderer main thread began a frame in the trace");
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main);
  const frameStarts = onMain
    .filter((e) => e.name === FRAME)
    .map((e) => e.ts)
    .sort((a, b) => a - b);
  // Top-level tasks only: a task nested in another (a nested run loop) is counted by its parent.
  const tasks = onMain.filter((e) => e.ph === "X" && e.name === TOP_LEVEL && e.dur !== undefined).sort((a, b) => a.ts - b.ts);
  const topLevel: TraceEvent[] = [];
  let openUntil = -Infinity;
  for (const task of tasks) {
    if (task.ts < openUntil) continue;
    topLevel.push(task);
    openUntil = task.ts + task.dur!;
  }
  const frames: FrameWork[] = frameStarts.map(() => ({ wall: 0, cpu: 0, tasks: 0 }));
  let frame = 0;
  for (const task of topLevel) {
    // The task belongs to the first frame that begins at or after it starts (the task that runs the frame included).
    while (frame < frameStarts.length && frameStarts[frame]! < task.ts) frame++;
    if (frame >= frameStarts.length) break;
    const slot = frames[frame]!;
    slot.wall += task.dur! / 1000;
    slot.cpu += (task.tdur ?? task.dur!) / 1000;
    slot.tasks += 1;
  }
  // The first frame's slot holds whatever ran before tracing reached it; it is not a frame of the span.
  const span = topLevel.length === 0 ? 0 : (topLevel.at(-1)!.ts + topLevel.at(-1)!.dur! - topLevel[0]!.ts) / 1000;
  const byEvent: TimeByEvent = {};
  for (const e of onMain) if (e.ph === "X" && e.dur !== undefined && BREAKDOWN.has(e.name)) byEvent[e.name] = (byEvent[e.name] ?? 0) + e.dur / 1000;
  for (const name of Object.keys(byEvent)) byEvent[name] = round(byEvent[name]!, 1);
  const longest = topLevel.reduce<TraceEvent | undefined>((a, t) => (a && a.dur! >= t.dur! ? a : t), undefined);
  return {
    frames: frames.slice(1),
    longest_task_ms: round(longest ? longest.dur! / 1000 : 0),
    longest_task_cpu_ms: round(longest ? (longest.tdur ?? longest.dur!) / 1000 : 0),
    busy_ms: round(topLevel.reduce((sum, t) => sum + t.dur! / 1000, 0)),
    busy_cpu_ms: round(topLevel.reduce((sum, t) => sum + (t.tdur ?? t.dur!) / 1000, 0)),
    span_ms: round(span),
    by_event: byEvent,
  };
}

/** p50/p95/max of the work per frame, CPU time (the figures) and wall-clock, ms. */
export function workStats(frames: readonly FrameWork[]): Record<string, number> {
  const wall = frames.map((f) => f.wall);
  const cpu = frames.map((f) => f.cpu);
  return {
    frames: frames.length,
    work_p50_ms: round(percentile(cpu, 50)),
    work_p95_ms: round(percentile(cpu, 95)),
    work_max_ms: round(Math.max(...cpu)),
    wall_p50_ms: round(percentile(wall, 50)),
    wall_p95_ms: round(percentile(wall, 95)),
    wall_max_ms: round(Math.max(...wall)),
  };
}
