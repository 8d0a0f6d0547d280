// The Support desk template in real Chromium (issue 16, item 6): opening it stores its packed
// policy files in this browser (the saved graph lists them without their text), PolicyAgent
// answers from them with the sources shown, and a preference saved in one thread is recalled
// in another; its shipped tests pass in Run tests. Exported with "Include knowledge bases", the
// CLI answers the same question.
import { runCli } from "../src/cli/testing/runCli";
import { expect, test } from "./fixtures";

const TITLE = "Support desk with a policy knowledge base and memory";

test.afterEach(({ consoleErrors }) => {
  expect(consoleErrors).toEqual([]);
});

test("the Support desk template answers from its stored policies with their sources, and remembers a preference across threads", async ({
  app,
  controls,
  editor,
  playground,
}) => {
  await app.goto();
  await controls.openTemplate(TITLE);

  // Its three policy files are stored and indexed here; the graph itself keeps only their names.
  const base = editor.inspector.getByRole("group", { name: "Knowledge base policies", exact: true });
  await expect(base.getByRole("list", { name: "Files of policies" }).getByRole("listitem")).toHaveText([/^returns\.md/, /^shipping\.md/, /^warranty\.txt/]);
  await expect(base.getByText(/^Stored in this browser: [\d.]+ (B|KB) \(3 files, \d+ chunks?\)$/)).toBeVisible();
  const saved = await controls.export("JSON");
  const savedFiles = (JSON.parse(saved.text) as { knowledge_bases: { files: { name: string; text?: string }[] }[] }).knowledge_bases[0]?.files;
  expect(savedFiles?.map((file) => file.name)).toEqual(["returns.md", "shipping.md", "warranty.txt"]);
  expect(savedFiles?.some((file) => "text" in file)).toBe(false);
  expect(saved.text).not.toContain("prepaid return label");

  await playground.sendAndWait("How long do I have to return an item?");
  const sources = playground.region.getByRole("group", { name: "Sources from policies", exact: true });
  await expect(sources.getByRole("listitem").first()).toHaveAccessibleName(/^returns\.md, lines \d+(-\d+)?$/);
  await expect(sources.getByRole("listitem").first()).toContainText("within 30 days of delivery");
  await expect(playground.article("Support: You can return any unused item within 30 days")).toContainText("Source: returns.md");

  await playground.newThreadButton.click();
  await playground.sendAndWait("Remember that I prefer email updates");
  await expect(playground.article('Support: Noted: "I prefer email updates"')).toBeVisible();
  await playground.newThreadButton.click();
  await expect(playground.messages).toHaveCount(0);
  await playground.sendAndWait("What do you remember about me?");
  await expect(playground.article("Support: Here is what I remember about you")).toContainText("I prefer email updates");
});

test("Run tests passes the Support desk's shipped tests: they search its stored policies and keep memories of their own", async ({ app, controls, editor }) => {
  test.setTimeout(90_000);
  await app.goto();
  await controls.openTemplate(TITLE);
  const base = editor.inspector.getByRole("group", { name: "Knowledge base policies", exact: true });
  await expect(base.getByText(/^Stored in this browser: [\d.]+ (B|KB) \(3 files, \d+ chunks?\)$/)).toBeVisible();

  await controls.button("Run tests").click();
  const dialog = controls.dialog("Run tests");
  await dialog.getByRole("button", { name: "Run all tests", exact: true }).click();
  await expect(dialog.getByRole("status")).toHaveText("4 passed, 0 failed", { timeout: 60_000 });
  await expect(dialog.getByRole("table", { name: "Test results" }).getByRole("row", { name: /returns\.md/ })).toContainText("Passed");
});

test("exported with its knowledge bases included, the Support desk answers the same question in the CLI, citing returns.md", async ({
  app,
  controls,
  page,
}) => {
  // The CLI (prebuilt on first use) takes seconds more to start on a busy machine.
  test.setTimeout(90_000);
  await app.goto();
  await controls.openTemplate(TITLE);
  await controls.button("Export").click();
  const menu = page.getByRole("menu", { name: "Export" });
  await menu.getByRole("menuitemcheckbox", { name: "Include knowledge bases", exact: true }).click();
  const download = page.waitForEvent("download");
  await menu.getByRole("menuitem", { name: "JSON", exact: true }).click();
  const file = await (await download).path();

  const { code, stdout, stderr } = await runCli(["run", file, "How long do I have to return an item?", "--json"]);
  expect(code, stderr).toBe(0);
  const events = stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { type: string; tool?: string; result?: string | null; content?: string });
  const search = events.find((e) => e.type === "tool_result" && e.tool === "search_policies");
  const found = JSON.parse(search?.result ?? "{}") as { results?: { source: string; text: string }[] };
  expect(found.results?.[0]?.source).toBe("returns.md");
  expect(found.results?.[0]?.text).toContain("prepaid return label");
  expect(events.filter((e) => e.type === "ai_message").at(-1)?.content).toContain("Source: returns.md");
});
