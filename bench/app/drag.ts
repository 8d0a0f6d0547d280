/**
 * Figures (a) and (b): frame times while a person drags a node with the mouse on the real app,
 * on generated graphs opened by URL (`?fixture=grid-<n>&run`, with a finished run's overlay on the canvas). Frame time = requestAnimationFrame
 * delta, so any main-thread work that delays a frame (React, React Flow, validation) counts.
 */
import type { Browser, Page } from "@playwright/test";
import { frameStats, percentile, round } from "./figure.js";
import { newBenchContext, startRecording, stopRecording } from "./frames.js";

const MOVES = 120;

/**
 * Waits until the fixture's nodes are on the canvas and measured (React Flow shows a node only
 * once measured). Large graphs draw only the nodes in view, so "all shown" means all `count`
 * nodes or, when fewer are drawn, a count that has not changed for five frames. Returns the
 * time the last node appeared.
 */
export async function waitForNodes(page: Page, count: number, timeout = 120_000): Promise<number> {
  const handle = await page.waitForFunction(
    (expected) => {
      const w = window as unknown as { __gwNodes?: { count: number; at: number; stable: number } };
      const nodes = document.querySelectorAll<HTMLElement>(".react-flow__node");
      for (const node of nodes) if (node.style.visibility === "hidden") return false;
      if (nodes.length === 0) return false;
      if (nodes.length >= expected) return performance.now();
      const seen = w.__gwNodes;
      if (!seen || seen.count !== nodes.length) {
        w.__gwNodes = { count: nodes.length, at: performance.now(), stable: 0 };
        return false;
      }
      seen.stable += 1;
      return seen.stable >= 5 ? seen.at : false;
    },
    count,
    { polling: "raf", timeout },
  );
  return (await handle.jsonValue()) as number;
}

/** Drags a node by its centre in `moves` small mouse moves, one input event after another. */
export async function drag(page: Page, name: string, moves: number): Promise<void> {
  const node = page.locator(`.react-flow__node[aria-label="${name}"]`);
  const box = await node.boundingBox();
  if (!box) throw new Error(`BENCH_DRAG: node ${name} is not on screen`);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= moves; i++) {
    // A loop out and back, so the node stays on screen and crosses edges.
    const angle = (i / moves) * 2 * Math.PI;
    await page.mouse.move(x + 60 * Math.sin(angle) + i * 0.5, y + 40 * (1 - Math.cos(angle)));
  }
  await page.mouse.up();
}

/** Names of the Step nodes drawn inside the middle of the canvas, nearest the centre first. */
export async function visibleNodeNames(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const pane = document.querySelector(".react-flow")!.getBoundingClientRect();
    const cx = pane.left + pane.width / 2;
    const cy = pane.top + pane.height / 2;
    const inMiddle = [...document.querySelectorAll<HTMLElement>(".react-flow__node")].flatMap((element) => {
      const box = element.getBoundingClientRect();
      const name = element.getAttribute("aria-label") ?? "";
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const inside =
        x > pane.left + pane.width * 0.2 && x < pane.right - pane.width * 0.2 && y > pane.top + pane.height * 0.2 && y < pane.bottom - pane.height * 0.2;
      return inside && name.startsWith("Step_") ? [{ name, d: Math.hypot(x - cx, y - cy) }] : [];
    });
    if (inMiddle.length === 0) throw new Error("BENCH_DRAG: no Step node in the middle of the canvas");
    return inMiddle.sort((a, b) => a.d - b.d).map((n) => n.name);
  });
}

export interface DragResult {
  nodes: number;
  edges: number;
  /** Nodes drawn with a run status (the run overlay) when the drags began. */
  overlay_nodes: number;
  open_ms: number;
  /** Median over three drags of each drag's frame-time p95. */
  p95_ms: number;
  p95_of_each_drag_ms: number[];
  [stat: string]: number | number[];
}

/** Opens `grid-<nodes>`, warms up with one drag, then records the frames of three more. */
export async function measureDrag(browser: Browser, url: string, nodes: number): Promise<DragResult> {
  const context = await newBenchContext(browser);
  try {
    const page = await context.newPage();
    // The grid opens with a finished run on it: every node carries its run badge and status ring
    // and the edges between steps are highlighted, so the drag pays for the run overlay too.
    await page.goto(`${url}?fixture=grid-${nodes}&run`);
    const opened = await waitForNodes(page, nodes);
    await page.locator(".react-flow__node [data-status]").first().waitFor({ timeout: 60_000 });
    const overlayNodes = await page.locator(".react-flow__node [data-status]").count();
    const edges = await page.locator(".react-flow__edge").count();
    // A person drags nodes they can see: pick ones near the middle of the canvas as it opens.
    const names = await visibleNodeNames(page);
    const pick = (at: number) => names[Math.min(names.length - 1, Math.floor(names.length * at))] as string;
    await drag(page, pick(0.1), 20);
    // Three drags of different nodes; the figure is the median of their p95s (a 2-core machine is noisy).
    const p95s: number[] = [];
    const all: number[] = [];
    for (const at of [0.5, 0.25, 0.75]) {
      await startRecording(page);
      await drag(page, pick(at), MOVES);
      const { deltas } = await stopRecording(page);
      p95s.push(percentile(deltas, 95));
      all.push(...deltas);
    }
    return {
      nodes,
      edges,
      overlay_nodes: overlayNodes,
      open_ms: Math.round(opened),
      ...frameStats(all),
      p95_all_frames_ms: round(percentile(all, 95)),
      p95_ms: round(percentile(p95s, 50)),
      p95_of_each_drag_ms: p95s.map((p) => round(p)),
    };
  } finally {
    await context.close();
  }
}
