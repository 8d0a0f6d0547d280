// Runs become regression tests: a Weather thread saved as a test (twice, once changed to fail),
// Run tests with one pass and one fail and its diff, and the exported graph's tests run by the
// CLI, which exits 1 and writes JUnit XML with the failure.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const exec = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "..");
const PARIS = "What's the weather in Paris?";

/** Opens Save as test on the active thread, names the test, lets `change` edit the form, and saves. */
async function saveAsTest(page: Page, name: string, change: (dialog: ReturnType<Page["getByRole"]>) => Promise<void> = async () => undefined) {
  await page.getByRole("region", { name: "Playground", exact: true }).getByRole("button", { name: "Save as test", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Save as test", exact: true });
  await expect(dialog.getByRole("list", { name: "Turns" }).getByRole("listitem")).toHaveText([PARIS]);
  await dialog.getByRole("textbox", { name: "Test name", exact: true }).fill(name);
  await change(dialog);
  await dialog.getByRole("button", { name: "Save test", exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** Runs `npm run cli -- <args>` as a user would in CI, offline; resolves with the exit code and output. */
async function cli(args: string[]): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await exec("npm", ["run", "-s", "cli", "--", ...args], {
      cwd: ROOT,
      env: { ...process.env, OPENAI_API_KEY: "", ANTHROPIC_API_KEY: "" },
    });
    return { code: 0, stdout };
  } catch (error) {
    const failure = error as { code: number; stdout: string };
    return { code: failure.code, stdout: failure.stdout };
  }
}

test("a Weather thread saved as a test, changed to fail, runs in the app and in the CLI with its diff", async ({ app, page, controls, playground }) => {
  test.setTimeout(120_000);
  await app.goto();
  await expect(controls.graphName).toHaveValue("Weather assistant");
  await playground.sendAndWait(PARIS);
  await expect(playground.article("Assistant: Right now: Sunny")).toBeVisible();

  // The proposed assertions: the get_weather call with its args, and the reply's text.
  await saveAsTest(page, "Paris is sunny", async (dialog) => {
    const tool = dialog.getByRole("group", { name: "Assertion 1", exact: true });
    await expect(tool.getByRole("combobox", { name: "Assertion 1 kind" })).toHaveValue("tool_called");
    await expect(tool.getByRole("combobox", { name: "Assertion 1 Tool" })).toHaveValue("get_weather");
    await expect(tool.getByRole("textbox", { name: "Assertion 1 Arguments (partial JSON)" })).toHaveValue('{"city":"Paris"}');
    await expect(dialog.getByRole("textbox", { name: "Assertion 2 Text" })).toHaveValue(/Sunny/);
  });
  await saveAsTest(page, "Paris is rainy", async (dialog) => {
    await dialog.getByRole("textbox", { name: "Assertion 2 Text" }).fill("Rainy");
  });

  await controls.button("Run tests").click();
  const dialog = controls.dialog("Run tests");
  const table = dialog.getByRole("table", { name: "Test results" });
  // Only the two saved tests: the template's own tests are deleted here (an undoable change).
  for (const shipped of [
    "Paris is sunny, via get_weather",
    "Arithmetic goes to the calculator",
    "A greeting calls no tool",
    "Paris, replayed from a recording",
  ]) {
    await dialog.getByRole("button", { name: `Delete ${shipped}`, exact: true }).click();
  }
  await expect(table.getByRole("row")).toHaveCount(3);
  await dialog.getByRole("button", { name: "Run all tests", exact: true }).click();
  await expect(dialog.getByRole("status")).toHaveText("1 passed, 1 failed", { timeout: 60_000 });
  await expect(table.getByRole("row", { name: /Paris is sunny/ })).toContainText("Passed");
  await expect(table.getByRole("row", { name: /Paris is rainy/ })).toContainText("Failed");
  const diff = dialog.getByRole("region", { name: "Diff of Paris is rainy" });
  await expect(diff.getByRole("group", { name: 'Reply contains "Rainy"' })).toContainText('Expecteda reply containing "Rainy"');
  await expect(diff.getByRole("group", { name: 'Reply contains "Rainy"' })).toContainText("ActualRight now: Sunny, 21°C, light wind in Paris.");
  await expect(dialog.getByRole("region", { name: "Diff of Paris is sunny" })).toHaveCount(0);
  await dialog.press("Escape");
  await expect(dialog).toBeHidden();

  const exported = await controls.export("JSON");
  const saved = JSON.parse(exported.text) as { tests: { name: string }[] };
  expect(saved.tests.map((t) => t.name)).toEqual(["Paris is sunny", "Paris is rainy"]);
  const dir = await mkdtemp(path.join(tmpdir(), "gw-e2e-tests-"));
  const file = path.join(dir, exported.fileName);
  await writeFile(file, exported.text);
  const out = path.join(dir, "out.xml");
  const { code, stdout } = await cli(["test", file, "--junit", out]);
  expect(code).toBe(1);
  expect(stdout).toContain("1 passed, 1 failed");
  const xml = await readFile(out, "utf8");
  expect(xml).toContain('tests="2" failures="1" errors="0"');
  expect(xml.match(/<failure /g)).toHaveLength(1);
  expect(xml).toContain('<testcase name="Paris is rainy"');
  expect(xml).toContain("expected: a reply containing &quot;Rainy&quot;");
});
