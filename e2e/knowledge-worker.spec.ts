// The knowledge worker in real Chromium: PDF text through pdfjs, HTML as text with nothing run,
// bad files refused by name, and what was stored still there after a reload.
import { expect, test } from "./fixtures";
import { minimalPdf } from "../src/tools/knowledge/testing/minimalPdf";
import { KnowledgeHarnessPage } from "./pages/KnowledgeHarnessPage";

const HTML = `<html><head><script>globalThis.injected = true; parent.injected = true;</script><style>p{color:red}</style></head>
<body><h1>Returns</h1><p>Within 30 days of delivery.</p><img src=x onerror="globalThis.injected = true"></body></html>`;

test("extracts PDF and HTML files in the worker, refuses bad ones, and keeps them across a reload", async ({ page }) => {
  const harness = new KnowledgeHarnessPage(page);
  await harness.goto();
  const graph = `graph-${test.info().workerIndex}-${Date.now()}`;

  const result = await harness.add(graph, "kb-faq", [
    { name: "manual.pdf", bytes: minimalPdf([["Warranty covers repairs for two years"], ["Page two: express delivery"]]) },
    { name: "returns.html", bytes: HTML },
    { name: "broken.pdf", bytes: minimalPdf([["x"]]).slice(0, 50) },
    { name: "image.txt", bytes: new Uint8Array([0x89, 0x50, 0x00, 0x47]) },
  ]);

  expect(result.added).toEqual([
    { name: "manual.pdf", bytes: minimalPdf([["Warranty covers repairs for two years"], ["Page two: express delivery"]]).byteLength },
    { name: "returns.html", bytes: HTML.length },
  ]);
  expect(result.errors.map((e) => e.file)).toEqual(["broken.pdf", "image.txt"]);
  expect(result.errors[0]?.message).toMatch(/^broken\.pdf could not be read as a PDF/);
  expect(result.phases.at(-1)).toBe("2 files:saving");
  expect(await harness.scriptRan()).toBe(false);

  const texts = Object.fromEntries((await harness.texts(graph, "kb-faq")).map((f) => [f.name, f.text]));
  expect(texts["manual.pdf"]).toBe("Warranty covers repairs for two years\n\nPage two: express delivery");
  expect(texts["returns.html"]).toContain("Within 30 days of delivery.");
  expect(texts["returns.html"]).not.toContain("injected");

  await harness.reload();
  expect(await harness.stats(graph, "kb-faq")).toMatchObject({ files: 2 });
  await harness.deleteBase(graph, "kb-faq");
  expect(await harness.stats(graph, "kb-faq")).toEqual({ files: 0, chunks: 0, bytes: 0 });
});
