/**
 * The scale figures of issue 17 on a 5,000-node / 7,000-edge grid: select every node and move
 * them together, and auto layout (elkjs in a worker), with the main thread traced meanwhile.
 * Cold open and drag reuse coldOpen.ts and dragWork.ts.
 */
import type { Browser, Page } from "@playwright/test";
import { round } from "./figure.js";
import { newBenchContext } from "./frames.js";
import { waitForNodes } from "./drag.js";
import { measureDragWork, type DragWorkResult } from "./dragWork.js";
import { traceWork } from "./mainThreadWork.js";

export const SCALE = { nodes: 5_000, edges: 7_000 } as const;
export const SCALE_FIXTURE = `grid-${SCALE.nodes}x${SCALE.edges}`;

export interface SelectAllMoveResult extends DragWorkResult {
  /** Ctrl+A until every drawn node shows as selected, ms, and the longest main-thread task meanwhile. */
  select_all_ms: number;
  select_all_longest_task_ms: number;
}

/** Every drawn node shows as selected. */
function allDrawnSelected(page: Page): Promise<unknown> {
  return page.waitForFunction(
    () => {
      const nodes = document.querySelectorAll(".react-flow__node");
      return nodes.length > 0 && document.querySelectorAll(".react-flow__node.selected").length === nodes.length;
    },
    undefined,
    { polling: "raf", timeout: 60_000 },
  );
}

/** Ctrl+A on the canvas, then drags of one node, which move all 5,000 with it. */
export async function measureSelectAllMove(browser: Browser, url: string): Promise<SelectAllMoveResult> {
  let selectAll = { ms: Number.NaN, longest: Number.NaN };
  const result = await measureDragWork(browser, `${url}?fixture=${SCALE_FIXTURE}`, SCALE.nodes, {
    moves: 40,
    before: async (page) => {
      // A click on an empty spot of the pane puts the focus in the graph, where Ctrl+A selects all.
      await page.locator(".react-flow__pane").click({ position: { x: 5, y: 5 } });
      let started = 0;
      const traced = await traceWork(browser, page, async () => {
        started = await page.evaluate(() => performance.now());
        await page.keyboard.press("Control+a");
        await allDrawnSelected(page);
      });
      const done = await page.evaluate(() => performance.now());
      selectAll = { ms: round(done - started), longest: traced.longest_task_ms };
    },
  });
  return { ...result, select_all_ms: selectAll.ms, select_all_longest_task_ms: selectAll.longest };
}

export interface AutoLayoutResult {
  nodes: number;
  edges: number;
  /** Click on Auto layout until the button is no longer busy (positions applied), ms. */
  layout_ms: number;
  /** The longest main-thread task meanwhile, and all main-thread time in tasks, ms. */
  longest_task_ms: number;
  /** The main thread's CPU time in that task: the rest of its wall time the thread waited for a core. */
  longest_task_cpu_ms: number;
  busy_ms: number;
  by_event: Record<string, number>;
  /** Whether the drawn nodes (id and place) differ after the layout: it did move them. */
  moved_drawn_nodes: boolean;
}

/** The drawn nodes' ids and transforms, one string. */
function drawnTransforms(page: Page): Promise<string> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>(".react-flow__node")].map((node) => `${node.dataset.id}:${node.style.transform}`).join(";"),
  );
}

/** Opens the 5,000-node grid and times the toolbar's Auto layout, tracing the main thread. */
export async function measureAutoLayout(browser: Browser, url: string): Promise<AutoLayoutResult> {
  const context = await newBenchContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(`${url}?fixture=${SCALE_FIXTURE}`);
    await waitForNodes(page, SCALE.nodes);
    const before = await drawnTransforms(page);
    const button = page.getByRole("button", { name: "Auto layout" });
    let layoutMs = Number.NaN;
    const traced = await traceWork(browser, page, async () => {
      const started = await page.evaluate(() => performance.now());
      await button.click();
      await page.waitForFunction(() => document.querySelector('button[aria-busy="true"]') === null, undefined, { polling: "raf", timeout: 120_000 });
      layoutMs = (await page.evaluate(() => performance.now())) - started;
    });
    const failed = await page.getByRole("alert").filter({ hasText: "Layout failed" }).count();
    if (failed > 0) throw new Error(`BENCH_LAYOUT: ${await page.getByRole("alert").filter({ hasText: "Layout failed" }).first().textContent()}`);
    const after = await drawnTransforms(page);
    return {
      nodes: SCALE.nodes,
      edges: SCALE.edges,
      layout_ms: round(layoutMs),
      longest_task_ms: traced.longest_task_ms,
      longest_task_cpu_ms: traced.longest_task_cpu_ms,
      busy_ms: traced.busy_ms,
      by_event: traced.by_event,
      moved_drawn_nodes: before !== after,
    };
  } finally {
    await context.close();
  }
}
