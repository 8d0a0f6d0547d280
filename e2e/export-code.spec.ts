// Export → LangGraph.js code: the browser writes the open graph as a TypeScript project a person
// owns (src/eject) and zips it; the notice says what to run and lists each place left to finish.
import { readFile } from "node:fs/promises";
import { strFromU8, unzipSync } from "fflate";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import type { GraphControls } from "./pages/GraphControls";
import { flowDeskDocument, sageDocument } from "../src/eject/testing/flowDesk";

const CODE = "LangGraph.js code";

/** Chooses Export → LangGraph.js code and returns the zip's name, its bytes and its files by path. */
async function exportCode(page: Page, controls: GraphControls): Promise<{ fileName: string; bytes: Uint8Array; files: Record<string, string> }> {
  const download = page.waitForEvent("download");
  await controls.button("Export").click();
  await page.getByRole("menu", { name: "Export" }).getByRole("menuitem", { name: CODE, exact: true }).click();
  const file = await download;
  const bytes = new Uint8Array(await readFile(await file.path()));
  const files = Object.fromEntries(Object.entries(unzipSync(bytes)).map(([name, data]) => [name, strFromU8(data)]));
  return { fileName: file.suggestedFilename(), bytes, files };
}

test("the code export zips a LangGraph.js project of the open graph, the same bytes each time", async ({ app, controls }) => {
  await app.goto();
  await controls.openTemplate("Weather assistant");
  const { fileName, bytes, files } = await exportCode(app.page, controls);
  expect(fileName).toBe("weather-assistant-langgraph-code.zip");
  await expect(
    controls.header.getByText(`Exported ${fileName}: unzip it, cd into weather-assistant-langgraph-code, then npm install && npm test.`),
  ).toBeVisible();

  const folder = "weather-assistant-langgraph-code/";
  const names = Object.keys(files);
  expect(names.every((name) => name.startsWith(folder))).toBe(true);
  for (const name of [
    "package.json",
    "tsconfig.json",
    "langgraph.json",
    "README.md",
    "src/graph.ts",
    "src/tools.ts",
    "src/prompts.ts",
    "src/models.ts",
    "tests/graph.test.ts",
  ]) {
    expect(names).toContain(`${folder}${name}`);
  }
  expect(files[`${folder}src/graph.ts`]).toContain("new StateGraph(");
  const pkg = JSON.parse(files[`${folder}package.json`] ?? "{}") as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
  expect(Object.keys(pkg.dependencies)).toContain("@langchain/langgraph");
  expect(Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((name) => /graphwright/i.test(name))).toEqual([]);
  for (const [name, text] of Object.entries(files)) expect(text, name).not.toContain("TODO(");

  const again = await exportCode(app.page, controls);
  expect(Buffer.from(again.bytes).equals(Buffer.from(bytes))).toBe(true);
});

test("the code export of a graph with a place it cannot write lists each place to finish", async ({ app, controls }) => {
  await app.goto();
  // Its Subgraph node runs the saved graph "sage", which this workspace does not have.
  await controls.import("flow-desk.json", JSON.stringify(flowDeskDocument()));
  await expect(controls.node("Ask_sage")).toBeVisible();
  const { fileName, files } = await exportCode(app.page, controls);
  expect(fileName).toBe("flow-desk-langgraph-code.zip");
  await expect(controls.header.getByText("1 place marked TODO to finish by hand.")).toBeVisible();

  const dialog = app.page.getByRole("dialog", { name: "Code export: places to finish" });
  const places = dialog.getByRole("list", { name: "Places to finish" }).getByRole("listitem");
  // Every place marked in the code is listed, by the name in its TODO(…) comment.
  const marked = new Set(
    Object.entries(files)
      .filter(([name]) => name.endsWith(".ts"))
      .flatMap(([, text]) => [...text.matchAll(/\/\/ TODO\(([^)]+)\)/g)].map((match) => match[1] ?? "")),
  );
  expect([...marked]).toEqual(["Ask_sage"]);
  await expect(places.filter({ hasText: 'Ask_sage: graph "sage" was not given to eject' })).toHaveCount(1);

  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
});

test("the code export writes the saved graph a Subgraph node runs as a child graph of the project", async ({ app, controls }) => {
  await app.goto();
  await controls.import("sage.json", JSON.stringify(sageDocument()));
  await expect(controls.node("Oracle")).toBeVisible();
  await controls.import("flow-desk.json", JSON.stringify(flowDeskDocument()));
  await expect(controls.node("Ask_sage")).toBeVisible();
  const { files } = await exportCode(app.page, controls);
  const folder = "flow-desk-langgraph-code/";
  expect(
    Object.keys(files)
      .filter((name) => name.startsWith(`${folder}src/subgraphs/`))
      .sort(),
  ).toEqual(["graph.ts", "models.ts", "prompts.ts", "scripts.ts", "tools.ts"].map((name) => `${folder}src/subgraphs/sage/${name}`));
  expect(files[`${folder}src/graph.ts`]).toContain("createSageGraph({ checkpointer: true, store, now })");
  for (const [name, text] of Object.entries(files)) expect(text, name).not.toContain("TODO(");
});
