// The UI contract (../shared/ui-contract.md): every stable name of the features built so far
// exists with its role (palette items: flows.spec.ts adds every kind by its button). Names that
// are driven elsewhere are not repeated here: Approval interrupts' Approve / Reject / Edit buttons
// and question option buttons (the flows and approval specs), `Publish to server` and the list of
// published graphs (server-run.spec.ts, which needs a server).
import { expect, test } from "./fixtures";
import { LANDMARKS } from "./pages/AppPage";

test.afterEach(({ consoleErrors }) => {
  expect(consoleErrors).toEqual([]);
});

test("landmarks and graph controls carry their contract names", async ({ app, controls, editor, page }) => {
  await app.goto();
  for (const name of LANDMARKS) await expect(app.landmark(name)).toBeVisible();
  await expect(editor.problems).toBeVisible();
  for (const name of ["Templates", "New graph", "Undo", "Redo", "Auto layout", "Save version", "Settings", "Import", "Export"]) {
    await expect(controls.button(name)).toBeVisible();
  }
  const fileInput = page.getByLabel("Import graph file", { exact: true });
  await expect(fileInput).toHaveAttribute("type", "file");
  await expect(fileInput).toHaveAttribute("accept", /\.json/);

  await controls.button("Templates").click();
  const templates = controls.dialog("Templates");
  await expect(templates.getByRole("button", { name: "Weather assistant", exact: true })).toBeVisible();
  await templates.press("Escape");

  await controls.button("Export").click();
  const menu = page.getByRole("menu", { name: "Export" });
  for (const item of ["JSON", "Mermaid", "LangGraph server bundle", "Share link"])
    await expect(menu.getByRole("menuitem", { name: item, exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();

  await controls.button("Settings").click();
  const settings = controls.dialog("Settings");
  for (const name of ["OpenAI API key", "OpenAI base URL", "Anthropic API key", "LangGraph server URL", "LangGraph API key"])
    await expect(settings.getByRole("textbox", { name, exact: true })).toBeVisible();
  await expect(settings.getByRole("button", { name: "Save", exact: true })).toBeVisible();
});

test("canvas nodes are named by display name with data-kind, on a fixture graph opened by URL", async ({ app, editor, controls }) => {
  await app.goto("/?fixture=grid-30");
  await expect(editor.nodes).toHaveCount(30);
  await expect(editor.node("Start")).toHaveAttribute("data-kind", "start");
  await expect(editor.node("Step_0")).toHaveAttribute("data-kind", "llm");
  await expect(editor.node("Step_1")).toHaveAttribute("data-kind", "tool");
  await expect(editor.node("Step_2")).toHaveAttribute("data-kind", "agent");
  await expect(editor.node("End")).toHaveAttribute("data-kind", "end");
  await expect(editor.problems).toContainText("No problems");

  // The fixture was never saved: without it the user's own (first-run) graph opens.
  await app.goto("/");
  await expect(controls.graphName).toHaveValue("Weather assistant");
});

test("Problems names the offending node; the inspector's fields are labelled", async ({ app, editor }) => {
  await app.goto();
  await editor.addWithKeyboard("Agent");
  await expect(editor.problems.getByRole("listitem").filter({ hasText: "Agent" }).first()).toBeVisible();
  for (const label of ["Name", "System prompt", "Model"]) await expect(editor.field(label)).toBeVisible();
  await expect(editor.inspector.getByRole("group", { name: "Tools", exact: true })).toBeVisible();
});

test("playground and timeline controls, messages, tool-call groups, status and event rows carry their names", async ({ app, playground, timeline }) => {
  await app.goto();
  for (const control of [playground.message, playground.sendButton, playground.stopButton, playground.newThreadButton, playground.thread])
    await expect(control).toBeVisible();
  const runOn = playground.region.getByRole("combobox", { name: "Run on", exact: true });
  await expect(runOn).toHaveValue("browser");
  await expect(runOn.getByRole("option")).toHaveText(["This browser"]);
  for (const control of [timeline.tree, timeline.filter, timeline.verbose, timeline.exportButton, timeline.forkButton, timeline.replayButton])
    await expect(control).toBeVisible();
  await expect(playground.status).toHaveText("Idle");

  await playground.send("What's the weather in Paris?");
  await expect(playground.status).toHaveText("Running");
  await expect(playground.status).toHaveText("Idle");
  await expect(playground.article("User: What's the weather in Paris?")).toBeVisible();
  await expect(playground.article("Assistant").first()).toBeVisible();
  await expect(playground.article("Assistant").getByRole("group", { name: "Tool call get_weather", exact: true })).toBeVisible();

  await expect(timeline.row("run_start")).toHaveAttribute("aria-level", "1");
  await expect(timeline.row("run_start")).toHaveAttribute("aria-expanded", "true");
  await expect(timeline.row("agent_start Assistant")).toHaveAttribute("aria-level", "2");
  await expect(timeline.forkButton).toBeDisabled();
  await timeline.row("run_end").click();
  await expect(timeline.forkButton).toBeEnabled();
  await expect(timeline.replayButton).toBeEnabled();
});
