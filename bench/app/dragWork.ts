/**
 * Main-thread work per frame while a person drags a node (issue 17), on the app or on the bare
 * React Flow page: the same drag as `drag.ts` (a loop out and back, one input event per move),
 * traced in a Chromium with vsync and the frame-rate limit off (`mainThreadWork.ts`).
 */
import type { Browser, Page } from "@playwright/test";
import { percentile, round } from "./figure.js";
import { newBenchContext } from "./frames.js";
import { drag, visibleNodeNames, waitForNodes } from "./drag.js";
import { traceWork, workStats, type FrameWork, type TimeByEvent } from "./mainThreadWork.js";

const MOVES = 120;

/** Where the canvas shows the graph: its box on the page and React Flow's viewport transform. */
export interface CanvasView {
  width: number;
  height: number;
  x: number;
  y: number;
  zoom: number;
}

export interface DragWorkResult {
  nodes: number;
  /** Nodes and edges in the DOM when the drags began (large graphs draw only what is in view). */
  nodes_drawn: number;
  edges_drawn: number;
  open_ms: number;
  /** p95 over every frame of the three traced drags, main-thread CPU time, ms. */
  work_p95_ms: number;
  work_p95_of_each_drag_ms: number[];
  /** Main-thread time by trace event over the three drags, ms (nested events included). */
  by_event: TimeByEvent;
  view: CanvasView;
  [stat: string]: unknown;
}

export interface DragWorkOptions {
  /** Waits for what must be on the page before the drags (e.g. the run overlay). */
  ready?: (page: Page) => Promise<void>;
  /** Before the drags: e.g. select every node so the drag moves them all. */
  before?: (page: Page) => Promise<void>;
  moves?: number;
}

/** The canvas's box and React Flow's viewport, read from the page. */
export async function canvasView(page: Page): Promise<CanvasView> {
  return page.evaluate(() => {
    const pane = document.querySelector(".react-flow")!.getBoundingClientRect();
    const transform = document.querySelector<HTMLElement>(".react-flow__viewport")!.style.transform;
    const match = /translate\(([-\d.e]+)px,\s*([-\d.e]+)px\)\s*scale\(([-\d.e]+)\)/.exec(transform);
    if (!match) throw new Error(`BENCH_VIEW: cannot read the viewport from "${transform}"`);
    return { width: Math.round(pane.width), height: Math.round(pane.height), x: Number(match[1]), y: Number(match[2]), zoom: Number(match[3]) };
  });
}

/** Opens `url` (a graph of `nodes` nodes), warms up with one drag, then traces three more. */
export async function measureDragWork(browser: Browser, url: string, nodes: number, options: DragWorkOptions = {}): Promise<DragWorkResult> {
  const context = await newBenchContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(url);
    const opened = await waitForNodes(page, nodes);
    await options.ready?.(page);
    const view = await canvasView(page);
    const names = await visibleNodeNames(page);
    const pick = (at: number) => names[Math.min(names.length - 1, Math.floor(names.length * at))] as string;
    const nodesDrawn = await page.locator(".react-flow__node").count();
    const edgesDrawn = await page.locator(".react-flow__edge").count();
    await options.before?.(page);
    await drag(page, pick(0.1), 20);
    const moves = options.moves ?? MOVES;
    const frames: FrameWork[] = [];
    const p95s: number[] = [];
    const byEvent: TimeByEvent = {};
    let longest = 0;
    let busy = 0;
    for (const at of [0.5, 0.25, 0.75]) {
      const traced = await traceWork(browser, page, () => drag(page, pick(at), moves));
      frames.push(...traced.frames);
      p95s.push(
        percentile(
          traced.frames.map((f) => f.cpu),
          95,
        ),
      );
      longest = Math.max(longest, traced.longest_task_ms);
      busy += traced.busy_cpu_ms;
      for (const [name, ms] of Object.entries(traced.by_event)) byEvent[name] = round((byEvent[name] ?? 0) + ms, 1);
    }
    const stats = workStats(frames);
    return {
      nodes,
      nodes_drawn: nodesDrawn,
      edges_drawn: edgesDrawn,
      open_ms: Math.round(opened),
      moves_per_drag: moves,
      ...stats,
      work_p95_ms: stats.work_p95_ms!,
      work_p95_of_each_drag_ms: p95s.map((p) => round(p)),
      longest_task_ms: longest,
      // Frames per move vary (an input's frame, then React's commit in the next): work per move is the other view.
      work_per_move_ms: round(busy / (3 * moves)),
      by_event: byEvent,
      view,
    };
  } finally {
    await context.close();
  }
}
