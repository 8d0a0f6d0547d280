// Every template opens readable: no two node boxes on the canvas overlap.
import { expect, test } from "./fixtures";

test.afterEach(({ consoleErrors }) => {
  expect(consoleErrors).toEqual([]);
});

test("every template opens with no two node boxes overlapping", async ({ app, controls, editor }) => {
  await app.goto();
  const templates = await controls.templateList();
  expect(templates.length).toBeGreaterThan(5);
  const overlaps: string[] = [];
  for (const { title } of templates) {
    await controls.openTemplate(title);
    await expect(editor.nodes.first()).toBeVisible();
    const boxes = await editor.nodes.evaluateAll((nodes) =>
      nodes.map((node) => {
        const rect = node.getBoundingClientRect();
        return { name: node.getAttribute("aria-label") ?? node.textContent ?? "", left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
      }),
    );
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i] as (typeof boxes)[number];
        const b = boxes[j] as (typeof boxes)[number];
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) overlaps.push(`${title}: "${a.name}" and "${b.name}"`);
      }
    }
  }
  expect(overlaps).toEqual([]);
});
