/**
 * Figures: the first token of a reply after Send (issue 17). Cold: a fresh page (the graph
 * reloaded from IndexedDB; the engine worker is started at idle once it is open), Send as soon as
 * the composer shows, time until the reply's first text is in the DOM; warm: later Sends on that page. The scripted
 * model answers without pacing, so the time is the app's and the engine's: worker start, loading
 * the engine, compiling the graph, the run until its first token and the render.
 */
import type { Browser, Page } from "@playwright/test";
import { atMost, percentile, round, type Figure } from "./figure.js";
import { newBenchContext } from "./frames.js";

const AGENT = "Replier";
const COLD_PAGES = 3;
const WARM_SENDS = 9;
const REPLIES = `[role="feed"][aria-label="Messages"] article[aria-label^="${AGENT}"]`;

function firstTokenGraph(): string {
  return JSON.stringify({
    version: 1,
    meta: { id: "bench-first-token", name: "First token bench", tags: [] },
    models: [{ id: "scripted", provider: "scripted", model: "scripted" }],
    nodes: [
      { id: "start", kind: "start", position: { x: 0, y: 0 }, data: { name: "Start" } },
      {
        id: "agent",
        kind: "agent",
        position: { x: 220, y: 0 },
        data: { name: AGENT, model: "scripted", script: { rules: [], fallback: "Here is the first token, and a few more after it.", tokens_per_second: 0 } },
      },
      { id: "end", kind: "end", position: { x: 440, y: 0 }, data: { name: "End" } },
    ],
    edges: [
      { id: "e1", kind: "flow", source: "start", target: "agent" },
      { id: "e2", kind: "flow", source: "agent", target: "end" },
    ],
  });
}

declare global {
  interface Window {
    __benchFirstToken?: Promise<number>;
  }
}

/** Sends `text` and returns ms from the Enter keydown (in the page) to the new reply's first text in the DOM. */
async function timeFirstToken(page: Page, text: string): Promise<number> {
  const playground = page.getByRole("region", { name: "Playground", exact: true });
  const message = playground.getByRole("textbox", { name: "Message", exact: true });
  await message.fill(text);
  await page.evaluate((selector) => {
    const before = document.querySelectorAll(selector).length;
    window.__benchFirstToken = new Promise<number>((resolve) => {
      let sent = Number.NaN;
      const onKey = (event: KeyboardEvent) => {
        if (event.key === "Enter" && Number.isNaN(sent)) sent = performance.now();
      };
      document.addEventListener("keydown", onKey, true);
      const observer = new MutationObserver(() => {
        const replies = document.querySelectorAll(selector);
        if (replies.length <= before || !replies[replies.length - 1]?.textContent?.trim()) return;
        observer.disconnect();
        document.removeEventListener("keydown", onKey, true);
        resolve(performance.now() - sent);
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
  }, REPLIES);
  await message.press("Enter");
  const ms = await page.evaluate(() => window.__benchFirstToken!);
  await playground
    .getByRole("status")
    .filter({ hasText: /^Idle$/ })
    .waitFor({ timeout: 60_000 });
  return ms;
}

export interface FirstTokenResult {
  /** Each fresh page's first Send → first token, ms. */
  cold_ms: number[];
  /** Later Sends on the last page, ms. */
  warm_ms: number[];
}

export async function measureFirstToken(browser: Browser, url: string): Promise<FirstTokenResult> {
  const context = await newBenchContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole("heading", { level: 1, name: "Graphwright" }).waitFor();
    await page
      .getByLabel("Import graph file")
      .setInputFiles({ name: "first-token.json", mimeType: "application/json", buffer: Buffer.from(firstTokenGraph()) });
    await page.getByRole("textbox", { name: "Graph name" }).and(page.locator('[value="First token bench"]')).waitFor({ timeout: 60_000 });
    await page.getByRole("banner").getByText("All changes saved").waitFor({ timeout: 60_000 });
    const cold: number[] = [];
    for (let i = 0; i < COLD_PAGES; i++) {
      // A fresh page: the graph opens from IndexedDB and no engine worker runs yet.
      await page.goto(url);
      await page.locator(`.react-flow__node[aria-label="${AGENT}"]`).waitFor({ timeout: 60_000 });
      await page.getByRole("region", { name: "Playground", exact: true }).getByRole("textbox", { name: "Message", exact: true }).waitFor();
      cold.push(round(await timeFirstToken(page, `cold ${i}`)));
    }
    const warm: number[] = [];
    for (let i = 0; i < WARM_SENDS; i++) warm.push(round(await timeFirstToken(page, `warm ${i}`)));
    return { cold_ms: cold, warm_ms: warm };
  } finally {
    await context.close();
  }
}

export function firstTokenFigures(result: FirstTokenResult): { cold: Figure; warm: Figure } {
  const measure = "Enter keydown → the reply's first text in the DOM (MutationObserver in the page), scripted model without pacing";
  return {
    cold: atMost(percentile(result.cold_ms, 50), 800, "ms", {
      measure: `${measure}; a fresh page (reloaded, HTTP cache warm, graph from IndexedDB; the engine worker starts at idle once the graph is open) and Send at once, median of ${result.cold_ms.length} pages`,
      ...result,
    }),
    warm: atMost(percentile(result.warm_ms, 50), 50, "ms", {
      measure: `${measure}; later Sends on the same page, median`,
      warm_p95_ms: round(percentile(result.warm_ms, 95)),
    }),
  };
}
