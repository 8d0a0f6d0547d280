// Dragging nodes on the canvas: what the pointer moves is drawn as it goes, and the drop is one undo step.
import { expect, test } from "./fixtures";

test.beforeEach(async ({ app }) => {
  await app.goto();
});

test.afterEach(({ consoleErrors }) => {
  expect(consoleErrors).toEqual([]);
});

test("dragging one of several selected nodes moves them all as it goes, and one undo puts them back", async ({ editor, page }) => {
  await editor.clear();
  await editor.addWithKeyboard("Agent");
  await editor.addWithKeyboard("Note");
  await editor.drag("Note", { x: 0, y: 140 });
  await editor.node("Agent").click();
  await editor.node("Note").click({ modifiers: ["Shift"] });
  const agent = await editor.box(editor.node("Agent"));
  const note = await editor.box(editor.node("Note"));

  const start = { x: agent.x + agent.width / 2, y: agent.y + agent.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 120, start.y + 60, { steps: 10 });
  // Mid-drag, both nodes are drawn where the pointer has taken them (less the first step, which starts the drag).
  await expect.poll(async () => (await editor.box(editor.node("Note"))).x - note.x).toBeGreaterThan(100);
  const moved = (await editor.box(editor.node("Agent"))).x - agent.x;
  expect((await editor.box(editor.node("Note"))).x - note.x).toBeCloseTo(moved, 0);
  await page.mouse.up();
  await expect.poll(async () => (await editor.box(editor.node("Agent"))).y - agent.y).toBeGreaterThan(45);
  expect((await editor.box(editor.node("Note"))).y - note.y).toBeCloseTo((await editor.box(editor.node("Agent"))).y - agent.y, 0);

  await editor.undoButton.click();
  await expect.poll(async () => (await editor.box(editor.node("Agent"))).x).toBeCloseTo(agent.x, 0);
  expect((await editor.box(editor.node("Note"))).x).toBeCloseTo(note.x, 0);
  expect((await editor.box(editor.node("Note"))).y).toBeCloseTo(note.y, 0);
});

test("a node drag's pointer moves skip the panel layout's document listener, and a panel still resizes by pointer", async ({ editor, app, page }) => {
  await editor.clear();
  await editor.addWithKeyboard("Agent");
  const agent = await editor.box(editor.node("Agent"));
  await page.evaluate(() => {
    const counted = window as unknown as { documentMoves: number };
    counted.documentMoves = 0;
    document.addEventListener("pointermove", () => counted.documentMoves++);
  });
  const moves = () => page.evaluate(() => (window as unknown as { documentMoves: number }).documentMoves);

  const start = { x: agent.x + agent.width / 2, y: agent.y + agent.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  const before = await moves();
  await page.mouse.move(start.x + 80, start.y + 40, { steps: 8 });
  await expect.poll(async () => (await editor.box(editor.node("Agent"))).x - agent.x).toBeGreaterThan(60);
  expect(await moves()).toBe(before);
  await page.mouse.up();

  // A move without a drag reaches the document as before, and a separator drag resizes its panel.
  await page.mouse.move(start.x, start.y + 200);
  await expect.poll(moves).toBeGreaterThan(before);
  const playground = app.landmark("Playground");
  const width = async () => (await playground.boundingBox())?.width ?? 0;
  const wide = await width();
  const separator = await page.getByRole("separator", { name: "Resize playground", exact: true }).boundingBox();
  if (!separator) throw new Error("the playground's separator is not drawn");
  await page.mouse.move(separator.x + separator.width / 2, separator.y + separator.height / 2);
  await page.mouse.down();
  await page.mouse.move(separator.x - 120, separator.y + separator.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect.poll(width).toBeGreaterThan(wide + 60);
});
