// Datasets in the app: one built by keyboard in the case grid (add, edit, duplicate, delete,
// undo), its pass rule and evaluators, a CSV imported through the mapping step (and a broken one
// refused with its line), CSV and JSONL exports read back, a thread turn added with its reply,
// and everything still there after a reload.
import type { Locator, Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";

const PARIS = "What's the weather in Paris?";
/** A key pasted into a case: exports leave it out, as the graph's JSON export does. */
const PASTED_KEY = "sk-proj-abcDEF1234567890abcdefXYZ";

async function openDatasets(page: Page): Promise<Locator> {
  await page.getByRole("banner").getByRole("button", { name: "Evaluations", exact: true }).click();
  await page.getByRole("menuitem", { name: "Datasets", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Datasets", exact: true });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Enters a cell's editor with Enter, replaces its text and keeps it with Enter. */
async function typeInCell(page: Page, grid: Locator, label: string, text: string): Promise<void> {
  await grid.press("Enter");
  const editor = grid.getByRole("textbox", { name: label, exact: true });
  await expect(editor).toBeFocused();
  await editor.fill(text);
  await editor.press("Enter");
  await expect(editor).toHaveCount(0);
  await expect(grid).toBeFocused();
}

/** Chooses an item of the Export cases menu and reads the file it downloads. */
async function exportCases(page: Page, dialog: Locator, format: "CSV" | "JSONL"): Promise<{ name: string; text: string }> {
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Export cases", exact: true }).click();
  await dialog.getByRole("menuitem", { name: format, exact: true }).click();
  const file = await download;
  const path = await file.path();
  return { name: file.suggestedFilename(), text: await readFile(path, "utf8") };
}

test("a dataset built by keyboard, imported through a mapping, exported, fed from a thread and kept across a reload", async ({
  app,
  page,
  playground,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  await app.goto();
  await expect(page.getByRole("textbox", { name: "Graph name" })).toHaveValue("Weather assistant");

  // The template's own dataset is listed and shown first.
  let dialog = await openDatasets(page);
  await expect(dialog.getByRole("button", { name: /^Weather questions/ })).toHaveAttribute("aria-current", "true");
  await expect(dialog.getByRole("grid", { name: "Cases" })).toHaveAttribute("aria-rowcount", "8");

  await dialog.getByRole("button", { name: "New dataset", exact: true }).click();
  const name = dialog.getByRole("textbox", { name: "Dataset name", exact: true });
  await expect(name).toHaveValue("Dataset 2");
  await name.fill("Smoke");
  await name.press("Enter");
  await expect(dialog.getByRole("button", { name: /^Smoke/ })).toHaveAttribute("aria-current", "true");

  // Add a case and fill its cells by keyboard alone.
  const grid = dialog.getByRole("grid", { name: "Cases" });
  await dialog.getByRole("button", { name: "Add case", exact: true }).click();
  const firstInput = grid.getByRole("textbox", { name: "Case 1 Input", exact: true });
  await expect(firstInput).toBeFocused();
  await firstInput.fill("Hello there");
  await firstInput.press("Tab");
  await expect(grid).toBeFocused();
  await typeInCell(page, grid, "Case 1 Expected", "Hi");
  // Typing on a cell starts its editor with what was typed.
  await grid.press("ArrowRight");
  await grid.press("{");
  const metadataEditor = grid.getByRole("textbox", { name: "Case 1 Metadata", exact: true });
  await expect(metadataEditor).toHaveValue("{");
  await metadataEditor.pressSequentially('"topic": "greeting"}');
  await metadataEditor.press("Enter");
  await expect(grid).toBeFocused();
  const rows = grid.getByRole("row");
  await expect(rows.nth(1)).toHaveAccessibleName(/Hello there.*Hi.*topic: greeting/);

  // Metadata that is not a JSON object is refused, and nothing changes.
  await grid.press("Enter");
  const metadata = grid.getByRole("textbox", { name: "Case 1 Metadata", exact: true });
  await metadata.fill("topic=greeting");
  await metadata.press("Enter");
  await expect(dialog.getByRole("alert")).toHaveText('Case 1 Metadata: Metadata is a JSON object, such as {"topic": "weather"}');
  await metadata.press("Escape");
  await expect(dialog).toBeVisible();
  await expect(rows.nth(1)).toHaveAccessibleName(/topic: greeting/);

  // Duplicate (Ctrl+D), edit the copy, delete it (Delete), undo the delete (Ctrl+Z).
  await grid.press("Control+d");
  await expect(grid).toHaveAttribute("aria-rowcount", "3");
  await grid.press("Home");
  await typeInCell(page, grid, "Case 2 Input", "Good morning");
  await expect(rows.nth(2)).toHaveAccessibleName(/Good morning.*Hi/);
  await grid.press("Delete");
  await expect(grid).toHaveAttribute("aria-rowcount", "2");
  await grid.press("Control+z");
  await expect(grid).toHaveAttribute("aria-rowcount", "3");
  await expect(rows.nth(2)).toHaveAccessibleName(/Good morning/);

  // A regex pass rule checks each expected pattern live on the linear-time engine.
  await grid.press("ArrowRight");
  await typeInCell(page, grid, "Case 2 Expected", "(?=Sunny)");
  await dialog.getByRole("combobox", { name: "Pass rule", exact: true }).selectOption("regex");
  await expect(dialog.getByRole("alert", { name: "Pattern problems" })).toContainText("Case 2: the pattern uses a lookahead");
  await grid.click({ position: { x: 5, y: 5 } });
  await grid.press("Control+End");
  await grid.press("ArrowLeft");
  await typeInCell(page, grid, "Case 2 Expected", "Morning|Hello");
  await expect(dialog.getByRole("alert", { name: "Pattern problems" })).toHaveCount(0);

  // An LLM judge evaluator, edited in the form graph tests use.
  await dialog.getByRole("button", { name: "Add evaluator", exact: true }).click();
  const evaluator = dialog.getByRole("group", { name: "Evaluator 1", exact: true });
  await evaluator.getByRole("combobox", { name: "Evaluator 1 kind" }).selectOption({ label: "LLM judge" });
  await dialog.getByRole("button", { name: "Save evaluators", exact: true }).click();
  await expect(evaluator).toContainText("Rubric is required");
  await evaluator.getByRole("textbox", { name: "Evaluator 1 Rubric" }).fill("Greets the person back");
  await expect(evaluator.getByRole("combobox", { name: "Evaluator 1 Judge profile" })).toHaveValue("scripted");
  await dialog.getByRole("button", { name: "Save evaluators", exact: true }).click();
  await expect(dialog.getByText("Evaluators saved")).toBeVisible();

  // A broken CSV is refused with its line, and the dataset stays as it was.
  const picker = dialog.getByLabel("Import cases", { exact: true });
  await picker.setInputFiles({ name: "broken.csv", mimeType: "text/csv", buffer: Buffer.from('input,expected\n"What is 2+2?,4\n') });
  await expect(dialog.getByRole("alert")).toHaveText(/^Could not import broken\.csv: Line 2: a quoted field opens here and never closes/);
  await expect(grid).toHaveAttribute("aria-rowcount", "3");

  // A good one goes through the mapping step; nothing changes until Import.
  const csv = `question,answer,topic,notes\nWhat is 2+2?,4,math,easy\nCapital of France?,Paris,geo,\nMy key is ${PASTED_KEY},Noted,misc,\n`;
  await picker.setInputFiles({ name: "quiz.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  const mapping = page.getByRole("dialog", { name: "Import cases", exact: true });
  await expect(mapping.getByRole("combobox", { name: "Column question" })).toHaveValue("input");
  await expect(mapping.getByRole("combobox", { name: "Column answer" })).toHaveValue("expected");
  await expect(mapping.getByRole("combobox", { name: "Column topic" })).toHaveValue("metadata");
  await expect(mapping.getByRole("table", { name: "Column mapping" })).toContainText("Capital of France?");
  await mapping.getByRole("combobox", { name: "Column notes" }).selectOption("ignore");
  await expect(grid).toHaveAttribute("aria-rowcount", "3");
  await mapping.getByRole("button", { name: "Import", exact: true }).click();
  await expect(mapping).toBeHidden();
  await expect(grid).toHaveAttribute("aria-rowcount", "6");
  await expect(rows.nth(4)).toHaveAccessibleName(/Capital of France\?.*Paris.*topic: geo/);

  // Exports read back as the dataset holds it.
  const exportedCsv = await exportCases(page, dialog, "CSV");
  expect(exportedCsv.name).toBe("weather-assistant-smoke.csv");
  expect(exportedCsv.text).not.toContain(PASTED_KEY);
  expect(exportedCsv.text.split("\r\n").slice(0, 3)).toEqual([
    "id,input,expected,topic",
    "case-1,Hello there,Hi,greeting",
    "case-1-2,Good morning,Morning|Hello,greeting",
  ]);
  expect(exportedCsv.text).toContain("My key is [redacted]");
  const exportedJsonl = await exportCases(page, dialog, "JSONL");
  expect(exportedJsonl.text).not.toContain(PASTED_KEY);
  expect(exportedJsonl.name).toBe("weather-assistant-smoke.jsonl");
  expect(
    exportedJsonl.text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as unknown)
      .at(-2),
  ).toEqual({
    id: "case-2",
    input: "Capital of France?",
    expected: "Paris",
    metadata: { topic: "geo" },
  });
  await dialog.getByRole("button", { name: "Close", exact: true }).click();
  await expect(dialog).toBeHidden();

  // A thread turn becomes a case, its reply the expected output.
  await playground.sendAndWait(PARIS);
  await expect(playground.article("Assistant: Right now: Sunny")).toBeVisible();
  await playground.article(`User: ${PARIS}`).getByRole("button", { name: "Add to dataset", exact: true }).click();
  const add = page.getByRole("dialog", { name: "Add to dataset", exact: true });
  await expect(add.getByRole("combobox", { name: "Dataset", exact: true })).toHaveValue("dataset-2");
  await expect(add.getByRole("textbox", { name: "Input", exact: true })).toHaveValue(PARIS);
  await expect(add.getByRole("textbox", { name: "Expected output", exact: true })).toHaveValue(/Sunny/);
  await add.getByRole("textbox", { name: "Expected output", exact: true }).fill("Sunny");
  await add.getByRole("button", { name: "Add case", exact: true }).click();
  await expect(add).toBeHidden();
  await expect(page.getByRole("banner").getByText("All changes saved")).toBeVisible();

  // All of it is part of the saved document.
  await page.reload();
  await expect(app.heading).toBeVisible();
  dialog = await openDatasets(page);
  await dialog.getByRole("button", { name: /^Smoke/ }).click();
  await expect(grid).toHaveAttribute("aria-rowcount", "7");
  await expect(rows.nth(6)).toHaveAccessibleName(/What's the weather in Paris\?.*Sunny/);
  await expect(dialog.getByRole("combobox", { name: "Pass rule", exact: true })).toHaveValue("regex");
  await expect(dialog.getByRole("textbox", { name: "Evaluator 1 Rubric" })).toHaveValue("Greets the person back");
  expect(consoleErrors).toEqual([]);
});

test("10,000 imported cases scroll as a window of rows, and a file of 10,001 is refused with its count", async ({ app, page, consoleErrors }) => {
  test.setTimeout(120_000);
  await app.goto();
  const dialog = await openDatasets(page);
  await dialog.getByRole("button", { name: "New dataset", exact: true }).click();
  const grid = dialog.getByRole("grid", { name: "Cases" });
  const picker = dialog.getByLabel("Import cases", { exact: true });
  const csv = (rows: number) => `input,expected\n${Array.from({ length: rows }, (_, i) => `Question ${i + 1}?,Answer ${i + 1}`).join("\n")}\n`;

  await picker.setInputFiles({ name: "too-many.csv", mimeType: "text/csv", buffer: Buffer.from(csv(10_001)) });
  await expect(dialog.getByRole("alert")).toHaveText(
    "Could not import too-many.csv: The file has 10,001 rows; a dataset holds at most 10,000: split it into several datasets",
  );

  await picker.setInputFiles({ name: "big.csv", mimeType: "text/csv", buffer: Buffer.from(csv(10_000)) });
  const mapping = page.getByRole("dialog", { name: "Import cases", exact: true });
  await expect(mapping).toContainText("big.csv: 10,000 rows, the first line is a header");
  await mapping.getByRole("button", { name: "Import", exact: true }).click();
  await expect(mapping).toBeHidden();
  await expect(grid).toHaveAttribute("aria-rowcount", "10001");
  // Only the rows in view (and a few either side) exist: the grid never builds 10,000.
  expect(await grid.getByRole("row").count()).toBeLessThan(80);

  // The keyboard reaches the last case, and the grid scrolls it into view.
  await grid.click({ position: { x: 5, y: 5 } });
  await grid.press("Control+End");
  await expect(grid.getByRole("row", { name: /Question 10000\?/ })).toBeVisible();
  await expect(grid.getByRole("row", { name: /Question 1\?/ })).toHaveCount(0);
  for (let i = 0; i < 5; i += 1) await grid.press("PageUp");
  await expect(grid.getByRole("row", { name: /Question 9950\?/ })).toBeVisible();
  expect(await grid.getByRole("row").count()).toBeLessThan(80);

  // Scrolled away with the wheel, the active case comes back to be edited.
  await grid.hover();
  await page.mouse.wheel(0, -50_000);
  await expect(grid.getByRole("row", { name: /Question 9950\?/ })).toHaveCount(0);
  await grid.press("Enter");
  const editor = grid.getByRole("textbox", { name: "Case 9950 Metadata", exact: true });
  await expect(editor).toBeFocused();
  await expect(grid.getByRole("row", { name: /Question 9950\?/ })).toBeVisible();
  await editor.press("Escape");
  await expect(editor).toHaveCount(0);
  await expect(dialog).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
