/**
 * Figure (c): cold open of a 500-node graph from IndexedDB. A fresh profile imports the graph
 * through the app's own Import (so autosave stores it as a user's graph would be), then the
 * page is loaded anew and timed from navigation start until every node is on the canvas.
 */
import type { Browser } from "@playwright/test";
import { gridGraph, defaultEdgeCount } from "../../src/app/fixtures/gridGraph.js";
import { percentile, round } from "./figure.js";
import { newBenchContext } from "./frames.js";
import { waitForNodes } from "./drag.js";

export interface ColdOpenResult {
  nodes: number;
  edges: number;
  /** Each reload's time to all nodes shown, in ms. */
  runs_ms: number[];
  median_ms: number;
  /** Where the last reload's time went: DOMContentLoaded, first contentful paint, all nodes shown (ms from navigation start). */
  last_reload: { dom_content_loaded_ms: number; first_contentful_paint_ms: number; nodes_shown_ms: number };
}

export async function measureColdOpen(browser: Browser, url: string, nodes = 500, reloads = 3, edges = defaultEdgeCount(nodes)): Promise<ColdOpenResult> {
  const document = gridGraph({ nodes, edges }, "bench-cold-open");
  const context = await newBenchContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole("heading", { level: 1, name: "Graphwright" }).waitFor();
    await page
      .getByLabel("Import graph file")
      .setInputFiles({ name: "cold-open.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(document)) });
    await page
      .getByRole("textbox", { name: "Graph name" })
      .and(page.locator(`[value="${document.meta.name}"]`))
      .waitFor({ timeout: 60_000 });
    await page.getByRole("banner").getByText("All changes saved").waitFor({ timeout: 60_000 });
    const runs: number[] = [];
    for (let i = 0; i < reloads; i++) {
      await page.goto(url);
      runs.push(round(await waitForNodes(page, nodes), 0));
    }
    const [dcl, fcp] = await page.evaluate(() => [
      performance.getEntriesByType("navigation")[0]?.toJSON().domContentLoadedEventEnd ?? Number.NaN,
      performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
    ]);
    const last_reload = { dom_content_loaded_ms: round(dcl!, 0), first_contentful_paint_ms: round(fcp!, 0), nodes_shown_ms: runs.at(-1)! };
    return { nodes, edges: document.edges.length, runs_ms: runs, median_ms: percentile(runs, 50), last_reload };
  } finally {
    await context.close();
  }
}
