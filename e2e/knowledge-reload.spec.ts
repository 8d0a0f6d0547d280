// A reload while files are being indexed into a knowledge base (issue 26's seams), in real
// Chromium: the knowledge worker is held in a loop through DevTools so the reload surely lands
// before the batch is stored. After it the base is as it was (its earlier file listed, stored
// and searched; nothing of the cut batch stored or searched), and indexing the file again works.
import { expect, test } from "./fixtures";
import { handbookGraph } from "./handbookGraph";
import { knowledgeWorker, spin } from "./knowledgeWorkerLoop";

const SHIPPING = "Shipping\n\nWe ship to 40 countries. Delivery takes 3 to 5 working days.\n";

test.afterEach(({ consoleErrors }) => {
  expect(consoleErrors).toEqual([]);
});

test("a reload while a file is being indexed leaves the base as it was, stores and searches nothing of that file, and indexing it again works", async ({
  app,
  controls,
  editor,
  page,
  playground,
}) => {
  await app.goto();
  await controls.import("kb-reload.json", handbookGraph({ id: "kb-reload", name: "Handbook reload" }));
  await expect(controls.graphName).toHaveValue("Handbook reload");
  const base = editor.inspector.getByRole("group", { name: "Knowledge base handbook", exact: true });
  const files = base.getByRole("list", { name: "Files of handbook" });
  const stored = base.getByText(/^Stored in this browser: /);
  await expect(stored).toHaveText(/\(1 file, \d+ chunks?\)$/);
  await expect(controls.saved).toBeVisible();

  // shipping.txt goes to a worker that never finishes it; the reload cuts the batch.
  await spin(await knowledgeWorker(page));
  const input = base.getByLabel("Files for handbook");
  await input.setInputFiles([{ name: "shipping.txt", mimeType: "text/plain", buffer: Buffer.from(SHIPPING) }]);
  await expect(base.getByRole("progressbar", { name: "Indexing handbook", exact: true })).toBeVisible();
  await page.reload();

  await expect(controls.graphName).toHaveValue("Handbook reload");
  await expect(files.getByRole("listitem")).toHaveText([/^refunds\.md/]);
  await expect(stored).toHaveText(/\(1 file, \d+ chunks?\)$/);
  await expect(base.getByRole("progressbar")).toHaveCount(0);
  // A search finds what the base held before, and nothing of the cut file.
  await playground.sendAndWait("How many working days does delivery take?");
  await expect(playground.replies.last()).toContainText("The handbook says:");
  await expect(playground.replies.last()).not.toContainText("Delivery takes");

  // Indexing the file again works: listed, stored and searched.
  await input.setInputFiles([{ name: "shipping.txt", mimeType: "text/plain", buffer: Buffer.from(SHIPPING) }]);
  await expect(files.getByRole("listitem")).toHaveText([/^refunds\.md/, /^shipping\.txt/]);
  await expect(stored).toHaveText(/\(2 files, \d+ chunks?\)$/);
  await playground.sendAndWait("How long does delivery take, in working days?");
  await expect(playground.replies.last()).toContainText("Delivery takes 3 to 5 working days");
});
