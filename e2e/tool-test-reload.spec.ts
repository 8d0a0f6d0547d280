// Seam: reload × a tool's Test run. Reloading while a JavaScript tool's Test runs in the
// sandbox keeps the code just edited, leaves no test stuck "Testing…", and both the next Test
// and the next message work.
import numberCruncher from "../examples/number-cruncher.json" with { type: "json" };
import { expect, test } from "./fixtures";

test.afterEach(({ consoleErrors }) => {
  expect(consoleErrors).toEqual([]);
});

test("a reload during a tool's Test run keeps the edited code, and the next Test and message work", async ({ app, controls, editor, playground, page }) => {
  await app.goto();
  await controls.import("number-cruncher.json", JSON.stringify(numberCruncher));
  await expect(controls.graphName).toHaveValue("Number cruncher");
  const tool = () => editor.inspector.getByRole("group", { name: "Tool summarize_numbers" });
  // The code editor replaces a plain field once it has loaded; read the code from the editor.
  await expect(tool().getByRole("textbox", { name: "Code" })).toHaveClass(/cm-content/);
  const original = await tool().getByRole("textbox", { name: "Code" }).innerText();
  // As a person would: select all in the code editor, then type over it.
  const replaceCode = async (text: string) => {
    await tool().getByRole("textbox", { name: "Code" }).click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.insertText(text);
  };

  // A Test that would run for its whole 30 s deadline, started right after the edit.
  await tool().getByRole("spinbutton", { name: "Timeout (ms)" }).fill("30000");
  await tool().getByRole("spinbutton", { name: "Timeout (ms)" }).press("Enter");
  const spinning = "// spins until its deadline\nwhile (true) {}";
  await replaceCode(spinning);
  await tool().getByRole("textbox", { name: "Code" }).blur();
  await tool().getByRole("button", { name: "Test", exact: true }).click();
  await expect(tool().getByRole("button", { name: "Testing…" })).toBeDisabled();

  await page.reload();
  await expect(app.heading).toBeVisible();
  await expect(controls.graphName).toHaveValue("Number cruncher");
  await expect(tool().getByRole("textbox", { name: "Code" })).toHaveText(spinning, { useInnerText: true });
  await expect(tool().getByRole("spinbutton", { name: "Timeout (ms)" })).toHaveValue("30000");
  await expect(tool().getByRole("button", { name: "Test", exact: true })).toBeEnabled();
  await expect(tool().getByRole("status", { name: "Test result" })).toHaveText("");

  // With the working code back, its Test and an agent's call of it both run.
  await replaceCode(original);
  await tool().getByRole("textbox", { name: "Code" }).blur();
  await tool().getByRole("textbox", { name: "Sample arguments" }).fill('{ "numbers": "1 2 3" }');
  await tool().getByRole("button", { name: "Test", exact: true }).click();
  await expect(tool().getByRole("status", { name: "Test result" })).toContainText('"sum": 6');
  await playground.sendAndWait("Summarize 10 20");
  await expect(playground.article("Cruncher: Here is the summary").last()).toContainText('"mean":15');
});
