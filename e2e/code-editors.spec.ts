// The code editors (CodeMirror, loaded on first use) in the three places they replace plain
// text areas: a JavaScript tool's `Code`, JSON fields, and CEL conditions. Their accessible
// names stay the fields' names, our own checks show as lint markers on the right line, a failed
// `Test` is marked at the line the sandbox named, and Tab leaves the editor.
import numberCruncher from "../examples/number-cruncher.json" with { type: "json" };
import { expect, test } from "./fixtures";

test.afterEach(({ consoleErrors }) => {
  expect(consoleErrors).toEqual([]);
});

test("a JSON field is a code editor under its own name, with our syntax error marked on its line", async ({ app, editor }) => {
  await app.goto();
  await editor.clear();
  await editor.addWithKeyboard("Tool");
  const args = editor.inspector.getByRole("textbox", { name: "Args", exact: true });
  await expect(args).toHaveClass(/cm-content/);
  await args.fill('{\n  "a": 1,\n  "b": [1, 2,]\n}');
  const lines = args.locator(".cm-line");
  await expect(lines).toHaveCount(4);
  await expect(lines.nth(2).locator(".cm-lintRange-error")).toHaveText("]");
  await expect(args.locator(".cm-lintRange-error")).toHaveCount(1);

  // Leaving the field keeps the document as it was and says why, as before.
  await args.blur();
  await expect(args).toHaveAttribute("aria-invalid", "true");
  await expect(editor.inspector.getByRole("alert")).toContainText("Invalid JSON");
  await args.fill('{ "a": 1 }');
  await expect(args.locator(".cm-lintRange-error")).toHaveCount(0);
  await args.blur();
  await expect(args).not.toHaveAttribute("aria-invalid", "true");
});

test("a CEL condition is a code editor under its own name, with the syntax error marked at its column", async ({ app, editor }) => {
  await app.goto();
  await editor.clear();
  await editor.addWithKeyboard("If");
  const condition = editor.field("Condition");
  await expect(condition).toHaveClass(/cm-content/);
  await expect(condition).toHaveRole("textbox");
  await condition.fill("state.count > 1 && )");
  await expect(condition).toHaveAccessibleDescription(/^Syntax error at line 1, column 20/);
  await expect(condition.locator(".cm-lintRange-error")).toHaveText(")");
  await condition.fill("state.count > 1");
  await expect(condition.locator(".cm-lintRange-error")).toHaveCount(0);
});

test("Enter in a one-line condition commits while the completion list is open, taking the highlighted name", async ({ app, editor, page }) => {
  // The page's clock, to let the list stay open as long as a person looks at it before Enter.
  await page.clock.install();
  await app.goto();
  await editor.clear();
  await editor.addWithKeyboard("If");
  const condition = editor.field("Condition");
  await expect(condition).toHaveClass(/cm-content/);
  await condition.fill("state.done == tr");
  const list = page.getByRole("listbox");
  await expect(list.getByRole("option", { name: "true" })).toHaveAttribute("aria-selected", "true");
  await page.clock.fastForward(1_000);
  await condition.press("Enter");
  await expect(list).toHaveCount(0);
  await expect(condition).toHaveText("state.done == true");
  await expect(editor.node("If")).toContainText("state.done == true");
});

test("a failed Test marks the JavaScript tool's code at the line that threw, until the code changes", async ({ app, controls, editor }) => {
  await app.goto();
  await controls.import("number-cruncher.json", JSON.stringify(numberCruncher));
  const tool = editor.inspector.getByRole("group", { name: "Tool summarize_numbers" });
  const code = tool.getByRole("textbox", { name: "Code", exact: true });
  await expect(code).toHaveClass(/cm-content/);
  await tool.getByRole("textbox", { name: "Sample arguments" }).fill('{ "numbers": "four" }');
  await tool.getByRole("button", { name: "Test", exact: true }).click();
  await expect(tool.getByRole("status", { name: "Test result" })).toHaveText("Error at line 2: Not a list of numbers: four");
  const lines = code.locator(".cm-line");
  await expect(lines.nth(1).locator(".cm-lintRange-error")).not.toHaveCount(0);
  await expect(code.locator(".cm-lintRange-error")).toHaveCount(await lines.nth(1).locator(".cm-lintRange-error").count());

  // Editing the code drops the stale marker.
  await lines.nth(0).click();
  await code.press("End");
  await code.press("Space");
  await expect(code.locator(".cm-lintRange-error")).toHaveCount(0);
});

test("Tab leaves a code editor without indenting, and Shift+Tab comes back", async ({ app, controls, editor }) => {
  await app.goto();
  await controls.import("number-cruncher.json", JSON.stringify(numberCruncher));
  const tool = editor.inspector.getByRole("group", { name: "Tool summarize_numbers" });
  const code = tool.getByRole("textbox", { name: "Code", exact: true });
  await expect(code).toHaveClass(/cm-content/);
  const before = await code.innerText();
  await code.focus();
  await code.press("Tab");
  await expect(tool.getByRole("spinbutton", { name: "Timeout (ms)" })).toBeFocused();
  expect(await code.innerText()).toBe(before);
  await tool.getByRole("spinbutton", { name: "Timeout (ms)" }).press("Shift+Tab");
  await expect(code).toBeFocused();
});
