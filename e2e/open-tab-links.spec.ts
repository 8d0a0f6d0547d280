// Issue 12, findings 10b and 11b: a share link pasted into a tab that is already open imports
// its graph like a fresh open, and restoring a saved version is one step Undo takes back.
import { expect, test } from "./fixtures";
import { GraphControls } from "./pages/GraphControls";
import { PlaygroundPage } from "./pages/PlaygroundPage";

// Two profiles and several dialogs: more than the default budget on a busy machine.
test.describe.configure({ timeout: 90_000 });

test("a share link pasted into an open tab imports its graph without reloading or running it", async ({ app, controls, browser, baseURL }) => {
  await app.goto();
  await controls.openTemplate("Routed support");
  await controls.rename("Pasted desk");
  await controls.button("Export").click();
  await app.page.getByRole("menuitem", { name: "Share link", exact: true }).click();
  const link = await controls.dialog("Share link").getByRole("textbox", { name: "Link" }).inputValue();

  const fresh = await browser.newContext({ baseURL });
  try {
    const page = await fresh.newPage();
    const other = new GraphControls(page);
    const playground = new PlaygroundPage(page);
    await page.goto("/");
    await expect(other.graphName).toHaveValue("Weather assistant");
    // A marker that a reload would wipe: the link must be handled in this very document.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.evaluate((hash) => {
      window.location.hash = hash;
    }, new URL(link).hash);
    await expect(other.graphName).toHaveValue("Pasted desk");
    await expect(other.header.getByText('Opened the shared graph "Pasted desk".')).toBeVisible();
    for (const name of ["Triage", "Crisis", "Billing", "Lookup", "General"]) await expect(other.node(name)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(new URL(page.url()).hash).toBe("");
    await expect(playground.status).toHaveText("Idle");
    await expect(playground.messages).toHaveCount(0);

    await page.evaluate(() => {
      window.location.hash = "#graph=AAAA";
    });
    const alert = other.dialog("Import failed").getByRole("alert");
    await expect(alert).toContainText("The share link");
    await other.dialog("Import failed").press("Escape");
    await expect(other.graphName).toHaveValue("Pasted desk");
  } finally {
    await fresh.close();
  }
});

test("restoring a version is one step that Undo takes back, unsaved edits included", async ({ app, controls, editor }) => {
  await app.goto();
  await controls.button("Save version").click();
  const save = controls.dialog("Save version");
  await save.getByRole("textbox", { name: "Version name" }).fill("Before rename");
  await save.getByRole("button", { name: "Save" }).click();
  await expect(save).toBeHidden();
  await controls.rename("Edited after the version");

  await controls.button("Versions").click();
  await controls.dialog("Versions").getByRole("button", { name: "Restore Before rename" }).click();
  await expect(controls.dialog("Versions")).toBeHidden();
  await expect(controls.graphName).toHaveValue("Weather assistant");
  await expect(controls.saved).toBeVisible();

  await expect(editor.undoButton).toBeEnabled();
  await editor.undoButton.click();
  await expect(controls.graphName).toHaveValue("Edited after the version");
  await expect(controls.saved).toBeVisible();
  await app.page.reload();
  await expect(controls.graphName).toHaveValue("Edited after the version");
});
