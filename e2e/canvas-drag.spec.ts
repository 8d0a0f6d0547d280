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
