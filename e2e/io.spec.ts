// Import and export: JSON round trip through a fresh browser profile, refused imports that
// leave the open graph alone, Mermaid and PNG exports, versions, and the graph surviving reload.
import { expect, test } from "./fixtures";
import { readStores } from "./idbStores";
import { GraphControls } from "./pages/GraphControls";

interface Doc {
  $schema?: string;
  meta: { id: string; name: string };
  nodes: { id: string; kind: string; data: { name?: string } }[];
  edges: { source: string; target: string; kind: string }[];
}

test("exported JSON imports into a fresh profile as the same graph", async ({ app, controls, browser, baseURL }) => {
  await app.goto();
  await controls.openTemplate("Supervisor with Analytics and Report agents");
  await controls.rename("Team export");
  const exported = await controls.export("JSON");
  expect(exported.fileName).toBe("team-export.json");
  const doc = JSON.parse(exported.text) as Doc;
  expect(doc.$schema).toMatch(/graph\.v1\.json$/);
  expect(doc.meta.name).toBe("Team export");

  const fresh = await browser.newContext({ baseURL });
  try {
    const page = await fresh.newPage();
    const other = new GraphControls(page);
    await page.goto("/");
    await expect(other.graphName).toHaveValue("Weather assistant");
    await other.import(exported.fileName, exported.text);
    await expect(other.graphName).toHaveValue("Team export");
    for (const name of ["Supervisor", "Analytics", "Report", "Start", "End"]) await expect(other.node(name)).toBeVisible();
    const again = JSON.parse((await other.export("JSON")).text) as Doc;
    expect(again).toEqual(doc);
  } finally {
    await fresh.close();
  }
});

test("importing a graph whose id is already in the workspace adds it as a new graph", async ({ app, controls }) => {
  await app.goto();
  const exported = await controls.export("JSON");
  await controls.import(exported.fileName, exported.text);
  await expect(controls.graphName).toHaveValue("Weather assistant (imported)");
  await expect(controls.header.getByText(/as a new graph/)).toBeVisible();
});

test("a file that is not JSON is refused with its line and column, and the open graph stays", async ({ app, controls }) => {
  await app.goto();
  await controls.openTemplate("Routed support");
  await controls.import("broken.json", '{\n  "version": 1,\n  "meta": { "id": "x", }\n}');
  const dialog = controls.dialog("Import failed");
  const alert = dialog.getByRole("alert");
  await expect(alert).toContainText("broken.json");
  await expect(alert.getByRole("listitem")).toHaveText([/^\$: Invalid JSON at line 3, column \d+/]);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(controls.graphName).toHaveValue("Routed support");
  await expect(controls.node("Triage")).toBeVisible();
});

test("a document that breaks the schema is refused with JSON paths, and the open graph stays", async ({ app, controls }) => {
  await app.goto();
  await controls.openTemplate("Routed support");
  const bad = {
    version: 1,
    meta: { id: "bad", name: "Bad graph" },
    nodes: [
      { id: "start", kind: "start", position: { x: 0, y: 0 }, data: { name: "Start" } },
      { id: "x", kind: "teleporter", position: { x: 0, y: 0 }, data: {} },
    ],
    edges: [],
  };
  await controls.import("bad.json", JSON.stringify(bad));
  const alert = controls.dialog("Import failed").getByRole("alert");
  await expect(alert.getByRole("listitem").first()).toHaveText(/^\$\.nodes\[1\]\.kind: /);
  await controls.dialog("Import failed").press("Escape");
  await expect(controls.graphName).toHaveValue("Routed support");
  await expect(controls.node("Billing")).toBeVisible();
  await expect(controls.node("Bad graph")).toHaveCount(0);
});

test("a document with schema and reference problems lists them all, each with its path", async ({ app, controls }) => {
  await app.goto();
  const bad = {
    version: 1,
    meta: { id: "bad", name: "Bad graph" },
    models: [{ id: "scripted", provider: "scripted", model: "scripted" }],
    nodes: [
      { id: "start", kind: "start", position: { x: 0, y: 0 } },
      { id: "x", kind: "teleporter", position: { x: 0, y: 0 }, data: {} },
      { id: "agent", kind: "agent", position: { x: 0, y: 0 }, data: { name: "Assistant", model: "scripted", tools: ["weather"] } },
    ],
    edges: [{ id: "e1", kind: "flow", source: "start", target: "nowhere" }],
  };
  await controls.import("bad.json", JSON.stringify(bad));
  const alert = controls.dialog("Import failed").getByRole("alert");
  await expect(alert).toContainText("The 3 problems:");
  await expect(alert.getByRole("listitem")).toHaveText([/^\$\.nodes\[1\]\.kind: /, /^\$\.edges\[0\]\.target: /, /^\$\.nodes\[2\]\.data\.tools\[0\]: /]);
});

test("Mermaid export is a flowchart of the graph", async ({ app, controls }) => {
  await app.goto();
  await controls.openTemplate("Routed support");
  const file = await controls.export("Mermaid");
  expect(file.fileName).toBe("routed-support.mmd");
  expect(file.text.startsWith("flowchart LR\n")).toBe(true);
  expect(file.text).toContain('-->|"Crisis"|');
  expect(file.text).toContain('"Triage · router"');
});

test("PNG export is an image of the canvas", async ({ app, controls }) => {
  await app.goto();
  await expect(controls.node("Assistant")).toBeVisible();
  const file = await controls.export("PNG");
  expect(file.fileName).toBe("weather-assistant.png");
  expect([...file.bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  // Width and height from the IHDR chunk: the graph, not an empty frame.
  expect(file.bytes.readUInt32BE(16)).toBeGreaterThan(400);
  expect(file.bytes.readUInt32BE(20)).toBeGreaterThan(100);
});

test("a reload keeps the edited graph", async ({ app, controls, page }) => {
  await app.goto();
  await controls.rename("Renamed before reload");
  await expect(controls.saved).toBeVisible();
  await page.reload();
  await expect(controls.graphName).toHaveValue("Renamed before reload");
  await expect(controls.node("Assistant")).toBeVisible();
});

test("an edit made as the page reloads is kept while another write of the workspace is still running", async ({ app, controls, page }) => {
  await app.goto();
  await controls.rename("Saved first");
  await expect(controls.saved).toBeVisible();
  // A readwrite transaction of the workspace's database that never ends while this page lives
  // (Chromium commits one at a time per database): the graph save the edit starts waits behind
  // it and dies with the page; the draft kept at pagehide must not.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open("graphwright");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const store = open.result.transaction("settings", "readwrite").objectStore("settings");
          const spin = () => (store.get("none").onsuccess = spin);
          spin();
          resolve();
        };
      }),
  );
  await controls.rename("Renamed as the page goes");
  await page.reload();
  await expect(controls.graphName).toHaveValue("Renamed as the page goes");
  // Stored by this start, not only shown.
  await expect.poll(async () => (await readStores(page)).graphs).toContain('"name":"Renamed as the page goes"');
});

test("a saved version can be restored", async ({ app, controls }) => {
  await app.goto();
  await controls.button("Save version").click();
  const save = controls.dialog("Save version");
  await save.getByRole("textbox", { name: "Version name" }).fill("Before rename");
  await save.getByRole("button", { name: "Save" }).click();
  await expect(save).toBeHidden();
  await controls.rename("After rename");
  await controls.button("Versions").click();
  const versions = controls.dialog("Versions");
  await versions.getByRole("button", { name: "Restore Before rename" }).click();
  await expect(versions).toBeHidden();
  await expect(controls.graphName).toHaveValue("Weather assistant");
});

test("exported JSON carries no provider key", async ({ app, controls }) => {
  await app.goto();
  const key = "sk-proj-e2eLEAKCHECK0123456789abcdef";
  // A key pasted into the graph's name is the easiest leak to reproduce from the header.
  await controls.rename(`Leaky ${key}`);
  const file = await controls.export("JSON");
  expect(file.text).not.toContain(key);
  expect((JSON.parse(file.text) as Doc).meta.name).toBe("Leaky REDACTED");
  await expect(controls.header.getByText(/Left out 1 secret: \$\.meta\.name/)).toBeVisible();
});

test("a share link opens the same graph in a fresh profile, once", async ({ app, controls, browser, baseURL }) => {
  await app.goto();
  await controls.openTemplate("Routed support");
  await controls.rename("Shared desk");
  const exported = JSON.parse((await controls.export("JSON")).text) as Doc;
  await controls.button("Export").click();
  await app.page.getByRole("menuitem", { name: "Share link", exact: true }).click();
  const dialog = controls.dialog("Share link");
  const link = await dialog.getByRole("textbox", { name: "Link" }).inputValue();
  expect(link).toMatch(/#graph=[A-Za-z0-9_-]+$/);

  const fresh = await browser.newContext({ baseURL });
  try {
    const page = await fresh.newPage();
    const other = new GraphControls(page);
    await page.goto(link);
    await expect(other.graphName).toHaveValue("Shared desk");
    await expect(other.header.getByText('Opened the shared graph "Shared desk".')).toBeVisible();
    for (const name of ["Triage", "Crisis", "Billing", "Lookup", "General"]) await expect(other.node(name)).toBeVisible();
    expect(new URL(page.url()).hash).toBe("");
    expect(JSON.parse((await other.export("JSON")).text)).toEqual(exported);
    await page.reload();
    await expect(other.graphName).toHaveValue("Shared desk");
    await other.button("Open").click();
    await expect(other.dialog("Open graph").getByRole("listitem")).toHaveCount(2);
  } finally {
    await fresh.close();
  }
});

test("a damaged share link is refused with a clear error", async ({ app, controls }) => {
  await app.goto("/#graph=AAAA");
  const alert = controls.dialog("Import failed").getByRole("alert");
  await expect(alert).toContainText("The share link");
  await expect(alert.getByRole("listitem")).toHaveText([/damaged/]);
  await controls.dialog("Import failed").press("Escape");
  await expect(controls.graphName).toHaveValue("Weather assistant");
});
