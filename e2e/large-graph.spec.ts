// Large graphs (more than 200 nodes, those the canvas culls): the minimap draws a still snapshot
// of every node and follows a drag once the node is still; Auto layout runs in its worker and
// moves the nodes.
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

test.afterEach(({ consoleErrors }) => {
  expect(consoleErrors).toEqual([]);
});

/** The minimap's node paths, one per colour, joined: one `M…z` rectangle per node. */
const minimapNodes = (minimap: Locator) =>
  minimap.locator(".react-flow__minimap-node path").evaluateAll((paths) => paths.map((path) => path.getAttribute("d") ?? "").join(""));

const rectangles = async (minimap: Locator) => (await minimapNodes(minimap)).match(/M/g)?.length ?? 0;

/**
 * Where the minimap's rectangles start, joined: the nodes' places. Their sizes are left out: a
 * node never drawn shows its kind's estimated size until it is drawn and measured.
 */
const places = async (minimap: Locator) => (await minimapNodes(minimap)).match(/M[^h]*/g)?.join("") ?? "";

/** A node drawn well inside the canvas (a large graph draws only the nodes in view). */
const nodeInMiddle = (canvas: Locator) =>
  canvas.evaluate((element) => {
    const c = element.getBoundingClientRect();
    for (const node of element.querySelectorAll('[aria-roledescription="node"]')) {
      const b = node.getBoundingClientRect();
      if (b.left > c.left + c.width / 4 && b.right < c.right - c.width / 4 && b.top > c.top + c.height / 4 && b.bottom < c.bottom - c.height / 4)
        return node.getAttribute("aria-label") ?? "";
    }
    throw new Error("no node in the middle of the canvas");
  });

/** A large fixture's first render, like its minimap below, can take seconds on a busy machine. */
const FIRST_RENDER_MS = 30_000;

const viewport = (page: Page) => page.locator(".react-flow__viewport").getAttribute("style");

test("a 1,200-node graph's minimap shows every node, follows a drag and pans the canvas", async ({ app, editor, page }) => {
  await app.goto("/?fixture=grid-1200", { timeout: FIRST_RENDER_MS });
  const minimap = editor.canvas.getByRole("img", { name: "Minimap", exact: true });
  await expect.poll(() => rectangles(minimap), { timeout: 30_000 }).toBe(1200);

  const before = await places(minimap);
  await editor.drag(await nodeInMiddle(editor.canvas), { x: 0, y: 90 });
  // Compared as booleans, so a failure does not print 1,200 rectangles.
  await expect.poll(async () => (await places(minimap)) === before).toBe(false);
  expect(await rectangles(minimap)).toBe(1200);

  const shown = await viewport(page);
  const box = await editor.box(minimap);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 4, box.y + box.height / 2, { steps: 6 });
  await page.mouse.up();
  await expect.poll(() => viewport(page)).not.toBe(shown);
});

test("a 300-node graph's minimap is a snapshot of every node that follows a drag once the node is still", async ({ app, editor }) => {
  await app.goto("/?fixture=grid-300", { timeout: FIRST_RENDER_MS });
  const minimap = editor.canvas.getByRole("img", { name: "Minimap", exact: true });
  // React Flow's live minimap draws a rect per node on every drag frame; the snapshot, one path per colour.
  await expect.poll(() => rectangles(minimap), { timeout: 30_000 }).toBe(300);
  await expect(minimap.locator("rect.react-flow__minimap-node")).toHaveCount(0);

  const before = await places(minimap);
  await editor.drag(await nodeInMiddle(editor.canvas), { x: 0, y: 90 });
  await expect.poll(async () => (await places(minimap)) === before).toBe(false);
  expect(await rectangles(minimap)).toBe(300);
});

test("Auto layout of a 1,200-node graph moves its nodes, as one undo step", async ({ app, editor }) => {
  await app.goto("/?fixture=grid-1200", { timeout: FIRST_RENDER_MS });
  const minimap = editor.canvas.getByRole("img", { name: "Minimap", exact: true });
  await expect.poll(() => rectangles(minimap), { timeout: 30_000 }).toBe(1200);
  const before = await places(minimap);
  await editor.autoLayoutButton.click();
  await expect(editor.autoLayoutButton).toHaveAttribute("aria-busy", "false", { timeout: 60_000 });
  await expect(editor.canvas.page().getByRole("alert")).toHaveCount(0);
  await expect.poll(async () => (await places(minimap)) === before, { timeout: 30_000 }).toBe(false);
  await editor.undoButton.click();
  await expect.poll(async () => (await places(minimap)) === before).toBe(true);
});

/** From now on: every transform the canvas's viewport takes, and the nodes drawn and taken away. */
const recordCanvas = (page: Page) =>
  page.evaluate(() => {
    const viewport = document.querySelector<HTMLElement>(".react-flow__viewport")!;
    const log = { initial: viewport.style.transform, transforms: [] as string[], added: [] as string[], removed: [] as string[] };
    (window as unknown as { canvasLog: typeof log }).canvasLog = log;
    const ids = (nodes: NodeList) =>
      [...nodes].filter((n): n is HTMLElement => n instanceof HTMLElement && n.classList.contains("react-flow__node")).map((n) => n.dataset.id ?? "");
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === "attributes" && record.target === viewport) log.transforms.push(viewport.style.transform);
        log.added.push(...ids(record.addedNodes));
        log.removed.push(...ids(record.removedNodes));
      }
    }).observe(viewport, { attributes: true, attributeFilter: ["style"], childList: true, subtree: true });
  });

test("Auto layout of a 1,200-node graph shows the result fitted at once, drawing no node it then takes away", async ({ app, editor, page }) => {
  await app.goto("/?fixture=grid-1200", { timeout: FIRST_RENDER_MS });
  const minimap = editor.canvas.getByRole("img", { name: "Minimap", exact: true });
  await expect.poll(() => rectangles(minimap), { timeout: 30_000 }).toBe(1200);
  const before = await places(minimap);
  await recordCanvas(page);
  await editor.autoLayoutButton.click();
  await expect(editor.autoLayoutButton).toHaveAttribute("aria-busy", "false", { timeout: 60_000 });
  // The minimap follows once the nodes have been still for a while: any glide would be over by then.
  await expect.poll(async () => (await places(minimap)) === before, { timeout: 30_000 }).toBe(false);
  type Log = { initial: string; transforms: string[]; added: string[]; removed: string[] };
  const log = await page.evaluate(() => (window as unknown as { canvasLog: Log }).canvasLog);
  // One jump to the fitted view, not a glide through the frames between.
  expect(log.transforms).toHaveLength(1);
  expect(log.transforms[0]).not.toBe(log.initial);
  // The moved nodes were never drawn in the old view first: every node drawn since is still drawn.
  // (How many come into view depends on the layout's shape at the fitted zoom; some always do.)
  expect(log.added.length).toBeGreaterThan(0);
  expect(log.added.filter((id) => log.removed.includes(id))).toEqual([]);
  await nodeInMiddle(editor.canvas);
});

test("a 1,200-node graph never draws the nodes out of view, and its minimap still shows every node", async ({ app, editor, page }) => {
  // The most nodes the canvas ever had in the DOM at once, from before the app's first render.
  await page.addInitScript(() => {
    const seen = window as unknown as { mostNodesDrawn: number };
    seen.mostNodesDrawn = 0;
    new MutationObserver(() => {
      seen.mostNodesDrawn = Math.max(seen.mostNodesDrawn, document.querySelectorAll(".react-flow__node").length);
    }).observe(document, { childList: true, subtree: true });
  });
  await app.goto("/?fixture=grid-1200", { timeout: FIRST_RENDER_MS });
  const minimap = editor.canvas.getByRole("img", { name: "Minimap", exact: true });
  await expect.poll(() => rectangles(minimap), { timeout: 30_000 }).toBe(1200);
  const drawn = await editor.nodes.count();
  expect(drawn).toBeGreaterThan(20);
  expect(drawn).toBeLessThan(400);
  expect(await page.evaluate(() => (window as unknown as { mostNodesDrawn: number }).mostNodesDrawn)).toBeLessThan(400);
});

/**
 * For every drawn edge whose two nodes are drawn: how far (flow units) its ends are from the
 * handles drawn on those nodes (right middle of the source's output, left middle of the target's input).
 */
const edgeEndGaps = (canvas: Locator) =>
  canvas.evaluate((element) => {
    const flow = element.querySelector(".react-flow")!.getBoundingClientRect();
    const match = /translate\(([-\d.e]+)px,\s*([-\d.e]+)px\)\s*scale\(([-\d.e]+)\)/.exec(
      element.querySelector<HTMLElement>(".react-flow__viewport")!.style.transform,
    )!;
    const [tx, ty, zoom] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const toFlow = (x: number, y: number) => ({ x: (x - flow.left - tx) / zoom, y: (y - flow.top - ty) / zoom });
    const nodes = new Map([...element.querySelectorAll<HTMLElement>('[aria-roledescription="node"]')].map((node) => [node.getAttribute("aria-label"), node]));
    const gaps: number[] = [];
    for (const edge of element.querySelectorAll<SVGGElement>(".react-flow__edge")) {
      const ends = /^Flow edge from (\S+) to (\S+)$/.exec(edge.getAttribute("aria-label") ?? "");
      const source = ends && nodes.get(ends[1]!)?.querySelector('.react-flow__handle[data-handleid="out"]');
      const target = ends && nodes.get(ends[2]!)?.querySelector('.react-flow__handle[data-handleid="in"]');
      if (!source || !target) continue;
      const numbers = (edge.querySelector(".react-flow__edge-path")?.getAttribute("d") ?? "").match(/-?[\d.]+(?:e-?\d+)?/g)!.map(Number);
      const [start, end] = [source.getBoundingClientRect(), target.getBoundingClientRect()];
      const from = toFlow(start.right, start.top + start.height / 2);
      const to = toFlow(end.left, end.top + end.height / 2);
      gaps.push(Math.hypot(numbers[0]! - from.x, numbers[1]! - from.y), Math.hypot(numbers.at(-2)! - to.x, numbers.at(-1)! - to.y));
    }
    return gaps;
  });

test("a large graph's edges meet the handles its nodes draw, though nodes out of view were never measured", async ({ app, editor }) => {
  await app.goto("/?fixture=grid-1200", { timeout: FIRST_RENDER_MS });
  await expect.poll(() => editor.nodes.count(), { timeout: 30_000 }).toBeGreaterThan(20);
  await expect
    .poll(async () => {
      const gaps = await edgeEndGaps(editor.canvas);
      return gaps.length > 20 && Math.max(...gaps) < 1;
    })
    .toBe(true);
});
