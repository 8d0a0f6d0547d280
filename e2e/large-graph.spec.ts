// Large graphs (more than 1,000 nodes): the minimap draws a still snapshot of every node and
// follows a drag once the node is still; Auto layout runs in its worker and moves the nodes.
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

test.afterEach(({ consoleErrors }) => {
  expect(consoleErrors).toEqual([]);
});

/** The minimap's node paths, one per colour, joined: one `M…z` rectangle per node. */
const minimapNodes = (minimap: Locator) =>
  minimap.locator(".react-flow__minimap-node path").evaluateAll((paths) => paths.map((path) => path.getAttribute("d") ?? "").join(""));

const rectangles = async (minimap: Locator) => (await minimapNodes(minimap)).match(/M/g)?.length ?? 0;

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

const viewport = (page: Page) => page.locator(".react-flow__viewport").getAttribute("style");

test("a 1,200-node graph's minimap shows every node, follows a drag and pans the canvas", async ({ app, editor, page }) => {
  await app.goto("/?fixture=grid-1200");
  const minimap = editor.canvas.getByRole("img", { name: "Minimap", exact: true });
  await expect.poll(() => rectangles(minimap), { timeout: 30_000 }).toBe(1200);

  const before = await minimapNodes(minimap);
  await editor.drag(await nodeInMiddle(editor.canvas), { x: 0, y: 90 });
  // Compared by length and count, so a failure does not print 1,200 rectangles.
  await expect.poll(async () => (await minimapNodes(minimap)) === before).toBe(false);
  expect(await rectangles(minimap)).toBe(1200);

  const shown = await viewport(page);
  const box = await editor.box(minimap);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 4, box.y + box.height / 2, { steps: 6 });
  await page.mouse.up();
  await expect.poll(() => viewport(page)).not.toBe(shown);
});

test("Auto layout of a 1,200-node graph moves its nodes, as one undo step", async ({ app, editor }) => {
  await app.goto("/?fixture=grid-1200");
  const minimap = editor.canvas.getByRole("img", { name: "Minimap", exact: true });
  await expect.poll(() => rectangles(minimap), { timeout: 30_000 }).toBe(1200);
  const before = await minimapNodes(minimap);
  await editor.autoLayoutButton.click();
  await expect(editor.autoLayoutButton).toHaveAttribute("aria-busy", "false", { timeout: 60_000 });
  await expect(editor.canvas.page().getByRole("alert")).toHaveCount(0);
  await expect.poll(async () => (await minimapNodes(minimap)) === before, { timeout: 30_000 }).toBe(false);
  await editor.undoButton.click();
  await expect.poll(async () => (await minimapNodes(minimap)) === before).toBe(true);
});
