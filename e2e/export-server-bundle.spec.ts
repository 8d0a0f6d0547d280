// Export → LangGraph server bundle: the browser zips a project that `langgraphjs dev` serves —
// the document, the prebuilt engine and a package.json pinned to the LangGraph installed here.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import type { GraphControls } from "./pages/GraphControls";

const BUNDLE = "LangGraph server bundle";
const ROOT = path.resolve(import.meta.dirname, "..");

/** Chooses Export → LangGraph server bundle and returns the zip's name and its files by path. */
async function exportBundle(page: Page, controls: GraphControls): Promise<{ fileName: string; files: Record<string, string> }> {
  const download = page.waitForEvent("download");
  await controls.button("Export").click();
  await page.getByRole("menu", { name: "Export" }).getByRole("menuitem", { name: BUNDLE, exact: true }).click();
  const file = await download;
  const entries = unzipSync(new Uint8Array(await readFile(await file.path())));
  return { fileName: file.suggestedFilename(), files: Object.fromEntries(Object.entries(entries).map(([name, data]) => [name, strFromU8(data)])) };
}

test("the server bundle zips a LangGraph project of the open graph", async ({ app, controls }) => {
  await app.goto();
  await controls.openTemplate("Routed support");
  const { fileName, files } = await exportBundle(app.page, controls);
  expect(fileName).toBe("routed-support-langgraph-server.zip");
  await expect(controls.header.getByText(`Exported ${fileName}: unzip it, cd into routed-support-langgraph-server`)).toBeVisible();

  const folder = "routed-support-langgraph-server/";
  const names = Object.keys(files);
  for (const name of ["langgraph.json", "package.json", "graph.json", "graph.mjs", "README.md", "engine/graphwright.mjs", "engine/nodeThread.worker.js"]) {
    expect(names).toContain(`${folder}${name}`);
  }
  expect(names.every((name) => name.startsWith(folder))).toBe(true);

  const installed = JSON.parse(await readFile(path.join(ROOT, "node_modules/@langchain/langgraph/package.json"), "utf8")) as { version: string };
  const pkg = JSON.parse(files[`${folder}package.json`] ?? "{}") as { dependencies: Record<string, string> };
  expect(pkg.dependencies["@langchain/langgraph"]).toBe(installed.version);

  const graph = JSON.parse(files[`${folder}graph.json`] ?? "{}") as { meta: { id: string; name: string } };
  const config = JSON.parse(files[`${folder}langgraph.json`] ?? "{}") as { graphs: Record<string, string> };
  expect(graph.meta.name).toBe("Routed support");
  expect(config.graphs).toEqual({ [graph.meta.id]: "./graph.mjs:graph" });
  expect(files[`${folder}engine/graphwright.mjs`]?.length).toBeGreaterThan(100_000);
});

test("the server bundle carries no provider key", async ({ app, controls }) => {
  await app.goto();
  const key = "sk-proj-e2eBUNDLELEAK0123456789abcdef";
  await controls.rename(`Leaky ${key}`);
  const { fileName, files } = await exportBundle(app.page, controls);
  expect(fileName).toBe("leaky-redacted-langgraph-server.zip");
  for (const [name, text] of Object.entries(files)) expect(text, name).not.toContain(key);
  const graph = JSON.parse(files["leaky-redacted-langgraph-server/graph.json"] ?? "{}") as { meta: { name: string } };
  expect(graph.meta.name).toBe("Leaky REDACTED");
  await expect(controls.header.getByText(/Left out 1 secret: \$\.meta\.name/)).toBeVisible();
});
