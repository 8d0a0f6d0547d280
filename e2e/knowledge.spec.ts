// Knowledge bases in real Chromium (seed 002, issue 16): a base filled from files in graph
// settings, assigned to a delegated sub-agent that searches it on the offline scripted model,
// the chat's card of the sources it found, and the base still there after a reload.
import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import type { CanvasPage } from "./pages/CanvasPage";
import { supportTeamText } from "./supportTeam";

/** Main delegates every question to Docs (a blocking tool-mode sub-agent), which searches `handbook` and answers from it. */
function supportTeam(): string {
  return supportTeamText({
    meta: { id: "kb-support", name: "KB support" },
    models: [{ id: "scripted", provider: "scripted", model: "scripted" }],
    k: 2,
    mainPrompt: "You pass questions to Docs.",
  });
}

const REFUNDS = "# Refunds\n\nRefunds are issued within 14 days of receiving the returned item.\nThe money goes back to the original card.\n";
const SHIPPING = "Shipping\n\nWe ship to 40 countries. Delivery takes 3 to 5 working days.\n";
/** Bytes no text file holds: the base must refuse this file by name and keep the others. */
const BINARY = Buffer.from([0x00, 0xff, 0xfe, 0x00, 0x01, 0x02, 0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x1a, 0x0a, 0xde, 0xad, 0xbe, 0xef, 0x00, 0x00]);

/** Adds base `handbook` with the two policy files in graph settings and assigns it to Docs. */
async function addHandbook(editor: CanvasPage): Promise<void> {
  await editor.inspector.getByRole("button", { name: "Add knowledge base", exact: true }).click();
  await editor.setField("Knowledge base name", "handbook");
  const base = editor.inspector.getByRole("group", { name: "Knowledge base handbook", exact: true });
  await base.getByLabel("Files for handbook").setInputFiles([
    { name: "refunds.md", mimeType: "text/markdown", buffer: Buffer.from(REFUNDS) },
    { name: "shipping.txt", mimeType: "text/plain", buffer: Buffer.from(SHIPPING) },
  ]);
  await expect(base.getByRole("list", { name: "Files of handbook" }).getByRole("listitem")).toHaveCount(2);
  await editor.selectWithKeyboard("Docs");
  await editor.inspector.getByRole("group", { name: "Knowledge bases", exact: true }).getByRole("checkbox", { name: "handbook", exact: true }).check();
  await editor.canvas.locator(".react-flow__pane").click({ position: { x: 8, y: 8 } });
}

test.afterEach(({ consoleErrors }) => {
  expect(consoleErrors).toEqual([]);
});

test("a sub-agent searches a knowledge base made from two files; the chat shows the source; the base survives a reload", async ({
  app,
  controls,
  editor,
  page,
  playground,
  timeline,
}) => {
  await app.goto();
  await controls.import("kb-support.json", supportTeam());
  await expect(controls.graphName).toHaveValue("KB support");

  // A base, named as the tool Docs calls, filled from two good files and one binary one.
  await editor.inspector.getByRole("button", { name: "Add knowledge base", exact: true }).click();
  await editor.setField("Knowledge base name", "handbook");
  const base = editor.inspector.getByRole("group", { name: "Knowledge base handbook", exact: true });
  await expect(base).toContainText("search_handbook");
  await editor.setField("Knowledge base description", "Refunds and shipping policies");
  await base.getByLabel("Files for handbook").setInputFiles([
    { name: "refunds.md", mimeType: "text/markdown", buffer: Buffer.from(REFUNDS) },
    { name: "shipping.txt", mimeType: "text/plain", buffer: Buffer.from(SHIPPING) },
    { name: "blob.txt", mimeType: "text/plain", buffer: BINARY },
  ]);
  await expect(base.getByRole("alert")).toContainText("blob.txt");
  const files = base.getByRole("list", { name: "Files of handbook" });
  await expect(files.getByRole("listitem")).toHaveText([/^refunds\.md\s*\d+ B/, /^shipping\.txt\s*\d+ B/]);
  await expect(base.getByText(/^Stored in this browser: [\d.]+ (B|KB) \(2 files, \d+ chunks?\)$/)).toBeVisible();

  // Only the agent it is assigned to gets the search tool.
  await editor.selectWithKeyboard("Docs");
  const assigned = editor.inspector.getByRole("group", { name: "Knowledge bases", exact: true });
  await assigned.getByRole("checkbox", { name: "handbook", exact: true }).check();
  await expect(editor.problems.getByRole("listitem")).toHaveCount(0);

  await playground.sendAndWait("When are refunds issued?");
  const sources = playground.region.getByRole("group", { name: "Sources from handbook", exact: true });
  await expect(sources).toBeVisible();
  // Only the refunds file answers the question: the card names it, with its lines and an excerpt.
  await expect(sources.getByRole("listitem")).toHaveCount(1);
  await expect(sources.getByRole("listitem")).toHaveAccessibleName(/^refunds\.md, lines \d+(-\d+)?$/);
  await expect(sources.getByRole("listitem")).toContainText("Refunds are issued within 14 days");
  await expect(playground.article("Main: Docs says: The handbook says:")).toContainText("Refunds are issued within 14 days");
  // The timeline's details of the search result show the same sources.
  await timeline.filter.fill("search_handbook");
  await timeline.row("tool_result search_handbook (Docs)").click();
  await expect(timeline.region.getByRole("group", { name: "Sources from handbook", exact: true })).toContainText("refunds.md");
  await timeline.filter.fill("");

  // After a reload the base, its files and its stored size are still there.
  await expect(controls.saved).toBeVisible();
  await page.reload();
  await expect(app.heading).toBeVisible();
  await expect(controls.graphName).toHaveValue("KB support");
  await expect(files.getByRole("listitem")).toHaveText([/^refunds\.md/, /^shipping\.txt/]);
  await expect(base.getByText(/^Stored in this browser: [\d.]+ (B|KB) \(2 files, \d+ chunks?\)$/)).toBeVisible();
  await expect(sources.getByRole("listitem")).toHaveAccessibleName(/^refunds\.md/);
});

test("a dropped file is added; deleting a base an agent searches asks first, takes it off the agent, and Undo brings both back", async ({
  app,
  controls,
  editor,
}) => {
  await app.goto();
  await controls.import("kb-support.json", supportTeam());
  await expect(controls.graphName).toHaveValue("KB support");
  await editor.inspector.getByRole("button", { name: "Add knowledge base", exact: true }).click();
  await editor.setField("Knowledge base name", "handbook");
  await editor.selectWithKeyboard("Docs");
  const assigned = editor.inspector.getByRole("group", { name: "Knowledge bases", exact: true });
  await assigned.getByRole("checkbox", { name: "handbook", exact: true }).check();

  // A click on the empty canvas selects nothing: the inspector shows graph settings again.
  await editor.canvas.locator(".react-flow__pane").click({ position: { x: 8, y: 8 } });
  // A file dropped on the zone is added like a chosen one.
  const base = editor.inspector.getByRole("group", { name: "Knowledge base handbook", exact: true });
  const dataTransfer = await editor.page.evaluateHandle((text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], "shipping.txt", { type: "text/plain" }));
    return transfer;
  }, SHIPPING);
  await base.getByText(/^Drop \.txt/).dispatchEvent("drop", { dataTransfer });
  await expect(base.getByRole("list", { name: "Files of handbook" }).getByRole("listitem")).toHaveText([/^shipping\.txt/]);

  await base.getByRole("button", { name: "Delete knowledge base handbook", exact: true }).click();
  const confirm = editor.page.getByRole("dialog", { name: "Delete knowledge base handbook?" });
  await expect(confirm).toHaveText(/Its file is deleted from this browser\. Docs searches it; deleting takes it off that agent\./);
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(editor.inspector.getByRole("group", { name: "Knowledge base handbook" })).toHaveCount(0);
  await expect(editor.problems.getByRole("listitem")).toHaveCount(0);

  await editor.undoButton.click();
  await expect(editor.inspector.getByRole("group", { name: "Knowledge base handbook" })).toBeVisible();
  // Undo brings back the definition; the deleted file's text is gone from this browser, and the base says so.
  await expect(base.getByText(/^Some listed files are not stored in this browser/)).toBeVisible();
  await editor.selectWithKeyboard("Docs");
  await expect(assigned.getByRole("checkbox", { name: "handbook", exact: true })).toBeChecked();
});

test("an export that includes knowledge bases carries the texts; importing it stores them and the imported graph searches them", async ({
  app,
  controls,
  editor,
  page,
  playground,
}) => {
  await app.goto();
  await controls.import("kb-support.json", supportTeam());
  await expect(controls.graphName).toHaveValue("KB support");
  await addHandbook(editor);

  // Off by default: the export lists the files without their text.
  const plain = await controls.export("JSON");
  expect(JSON.parse(plain.text).knowledge_bases[0].files).toEqual([
    { name: "refunds.md", bytes: REFUNDS.length },
    { name: "shipping.txt", bytes: SHIPPING.length },
  ]);

  await controls.button("Export").click();
  const menu = page.getByRole("menu", { name: "Export" });
  const include = menu.getByRole("menuitemcheckbox", { name: "Include knowledge bases", exact: true });
  await expect(include).not.toBeChecked();
  await include.click();
  await expect(include).toBeChecked();
  const download = page.waitForEvent("download");
  await menu.getByRole("menuitem", { name: "JSON", exact: true }).click();
  const packed = await readFile(await (await download).path(), "utf8");
  const files = (JSON.parse(packed) as { knowledge_bases: { files: { name: string; text?: string }[] }[] }).knowledge_bases[0]!.files;
  expect(files.map((f) => f.name)).toEqual(["refunds.md", "shipping.txt"]);
  expect(files[0]?.text).toContain("Refunds are issued within 14 days");
  expect(files[1]?.text).toContain("We ship to 40 countries");

  // Imported beside the original (its id is taken): a new graph whose base is stored from the texts.
  await controls.import("kb-support-with-knowledge.json", packed);
  await expect(controls.graphName).toHaveValue("KB support (imported)");
  const base = editor.inspector.getByRole("group", { name: "Knowledge base handbook", exact: true });
  await expect(base.getByText(/^Stored in this browser: [\d.]+ (B|KB) \(2 files, \d+ chunks?\)$/)).toBeVisible();
  const saved = await controls.export("JSON");
  expect(JSON.parse(saved.text).knowledge_bases[0].files).toEqual([
    { name: "refunds.md", bytes: REFUNDS.length },
    { name: "shipping.txt", bytes: SHIPPING.length },
  ]);

  await playground.sendAndWait("When are refunds issued?");
  await expect(playground.region.getByRole("group", { name: "Sources from handbook", exact: true }).getByRole("listitem")).toHaveAccessibleName(/^refunds\.md/);
});

test("files chosen with the keyboard index with progress, and Stop keeps nothing of the batch", async ({ app, controls, editor, page }) => {
  await app.goto();
  await controls.import("kb-support.json", supportTeam());
  await expect(controls.graphName).toHaveValue("KB support");
  await editor.inspector.getByRole("button", { name: "Add knowledge base", exact: true }).click();
  await editor.setField("Knowledge base name", "handbook");
  const base = editor.inspector.getByRole("group", { name: "Knowledge base handbook", exact: true });

  // Six files of about 600 KB of Markdown each: long enough to index to see progress and stop it
  // before the last one, whatever else the machine is doing (a busy page may first show the
  // progress of the second or third file).
  const section = (i: number) => `## Policy ${i}\n\nRefund rule ${i}: items bought in store ${i} are refunded within ${i % 30} days.\n\n`;
  const policies = (part: number) => ({
    name: `policies-${part}.md`,
    mimeType: "text/markdown",
    buffer: Buffer.from(Array.from({ length: 6_000 }, (_, i) => section(part * 6_000 + i)).join("")),
  });
  const chooser = page.waitForEvent("filechooser");
  await base.getByRole("button", { name: "Add files to handbook", exact: true }).focus();
  await page.keyboard.press("Enter");
  await (await chooser).setFiles([1, 2, 3, 4, 5, 6].map(policies));

  const progress = base.getByRole("progressbar", { name: "Indexing handbook", exact: true });
  await expect(progress).toHaveAttribute("aria-valuetext", /^(Starting…|policies-[1-4]\.md: (reading|extracting|chunking|indexing|saving), \d+%)$/);
  await base.getByRole("button", { name: "Stop indexing", exact: true }).click();
  // The worker may read the Stop only once its current step is done (then what it stored is taken out again).
  await expect(base.getByRole("status")).toHaveText("Stopped: nothing of this batch was kept.", { timeout: 30_000 });
  await expect(progress).toHaveCount(0);
  await expect(base.getByText("No files yet.")).toBeVisible();
  await expect(base.getByText(/^Stored in this browser: .* \(0 files, 0 chunks\)$/)).toBeVisible();
});
