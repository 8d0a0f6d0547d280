// A knowledge worker stuck in a loop (as pdfjs on a hostile PDF), in real Chromium: the loop is
// started inside the real worker through DevTools, so no production code knows of it. The
// batch it takes down is rejected naming its file, nothing of it is stored, a fresh worker
// indexes the next batch, and Stop in graph settings still ends indexing within seconds.
import { expect, test } from "./fixtures";
import { answers, knowledgeWorker, spin } from "./knowledgeWorkerLoop";
import { KnowledgeHarnessPage } from "./pages/KnowledgeHarnessPage";

test.afterEach(({ consoleErrors }) => {
  expect(consoleErrors).toEqual([]);
});

const NOTES = "# Notes\n\nThe spare key is under the blue flowerpot.\n";

test("a batch on a knowledge worker stuck in a loop is rejected naming its file after the silence bound; nothing is stored and a fresh worker indexes the next one", async ({
  page,
}) => {
  const harness = new KnowledgeHarnessPage(page);
  await harness.goto({ probeMs: 500, silentMs: 3_000 });
  const graph = `graph-hang-${test.info().workerIndex}-${Date.now()}`;
  expect(await harness.stats(graph, "kb-notes")).toEqual({ files: 0, chunks: 0, bytes: 0 });
  const stuck = await knowledgeWorker(page);
  await spin(stuck);

  const lost = await harness.tryAdd(graph, "kb-notes", [{ name: "notes.md", bytes: NOTES }]);
  expect(lost).toEqual({
    ok: false,
    error: expect.stringMatching(
      /^The knowledge worker stopped responding after \d s while starting on notes\.md, so it was restarted\. Nothing of this batch was stored: add the files again/,
    ),
  });

  expect(await harness.stats(graph, "kb-notes")).toEqual({ files: 0, chunks: 0, bytes: 0 });
  const again = await harness.tryAdd(graph, "kb-notes", [{ name: "notes.md", bytes: NOTES }]);
  expect(again).toMatchObject({ ok: true, added: [{ name: "notes.md" }], errors: [] });
  expect((await harness.texts(graph, "kb-notes")).map((f) => f.text)).toEqual([expect.stringContaining("under the blue flowerpot")]);
  expect(await harness.stats(graph, "kb-notes")).toMatchObject({ files: 1 });
  // A new worker did it: the stuck one stayed stuck until it was terminated.
  const fresh = page.workers().find((w) => w !== stuck && w.url().includes("knowledge.worker"));
  expect(fresh && (await answers(fresh))).toBe(true);
});

test("Stop in graph settings ends indexing within seconds when the knowledge worker is stuck in a loop; the files are indexed again afterwards", async ({
  app,
  controls,
  editor,
  page,
}) => {
  await app.goto();
  await controls.import(
    "kb-hang.json",
    JSON.stringify({
      version: 1,
      meta: { id: "kb-hang", name: "KB hang" },
      models: [{ id: "scripted", provider: "scripted", model: "scripted" }],
      nodes: [
        { id: "start", kind: "start", position: { x: 0, y: 120 }, data: { name: "Start" } },
        { id: "end", kind: "end", position: { x: 300, y: 120 }, data: { name: "End" } },
      ],
      edges: [{ id: "e1", kind: "flow", source: "start", target: "end" }],
    }),
  );
  await expect(controls.graphName).toHaveValue("KB hang");
  await editor.inspector.getByRole("button", { name: "Add knowledge base", exact: true }).click();
  await editor.setField("Knowledge base name", "handbook");
  const base = editor.inspector.getByRole("group", { name: "Knowledge base handbook", exact: true });
  // The base's stored size is read from the knowledge worker, which starts with it.
  await expect(base.getByText(/^Stored in this browser: .* \(0 files, 0 chunks\)$/)).toBeVisible();
  await spin(await knowledgeWorker(page));

  const files = base.getByLabel("Files for handbook");
  await files.setInputFiles([{ name: "notes.md", mimeType: "text/markdown", buffer: Buffer.from(NOTES) }]);
  await expect(base.getByRole("progressbar", { name: "Indexing handbook", exact: true })).toBeVisible();
  const clicked = Date.now();
  await base.getByRole("button", { name: "Stop indexing", exact: true }).click();
  // The client gives a Stop 3 s before it restarts the worker; the bound is generous for a loaded machine.
  await expect(base.getByRole("status")).toHaveText("Stopped: nothing of this batch was kept.", { timeout: 8_000 });
  expect(Date.now() - clicked).toBeLessThan(8_000);
  await expect(base.getByText("No files yet.")).toBeVisible();

  await files.setInputFiles([{ name: "notes.md", mimeType: "text/markdown", buffer: Buffer.from(NOTES) }]);
  await expect(base.getByRole("list", { name: "Files of handbook" }).getByRole("listitem")).toHaveCount(1);
  await expect(base.getByText(/^Stored in this browser: .* \(1 file, \d+ chunks?\)$/)).toBeVisible();
});
