// The new user's journey, end to end in real Chromium (issue 4, "Done means"): every template
// answers a message with a streamed reply, tool-call cards and timeline rows; a reload keeps the
// thread; a two-node graph is built and wired from the keyboard; undo/redo; given a Start, its JSON
// export opens as the same graph in a fresh profile; a malformed import is refused and changes nothing.
import { expect, test } from "./fixtures";
import { CanvasPage } from "./pages/CanvasPage";
import { GraphControls } from "./pages/GraphControls";

/** The templates issue 4 promises, each with tools; later issues add more, which the journey then covers too. */
const REQUIRED_TEMPLATES = ["Weather assistant", "Supervisor with Analytics and Report agents", "Routed support"];

/** The tool of a card named `Tool call <tool>`. */
const toolOf = (cardName: string | null) => (cardName ?? "").replace(/^Tool call /, "");

test("a new user runs every template, keeps it all across a reload, builds a graph by keyboard and moves it between profiles", async ({
  app,
  controls,
  editor,
  playground,
  timeline,
  page,
  browser,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(150_000);
  await app.goto();

  // Every template in the dialog, at least the three of issue 4.
  const list = await controls.templateList();
  expect(list.map((t) => t.title)).toEqual(expect.arrayContaining(REQUIRED_TEMPLATES));

  let last = { title: "", message: "", tool: null as string | null };
  for (const { title, suggestions } of list) {
    await test.step(`template "${title}": a message gets a streamed reply, tool calls and timeline rows`, async () => {
      await controls.openTemplate(title);
      await expect(playground.messages).toHaveCount(0);
      // The dialog suggests a greeting first, then questions that put the graph's tools to work.
      const message = suggestions[1] ?? suggestions[0] ?? "hello";
      await playground.sendAndSettle(message);
      await expect(playground.status).not.toHaveText(/^Error/);
      await expect(playground.replies.first()).toBeVisible();
      if (REQUIRED_TEMPLATES.includes(title)) await expect(playground.toolCalls.first()).toBeVisible();
      // A card whose tool ran (some kinds, like a planner's submit_plan, answer a call without running a tool).
      const ran = playground.toolCalls.filter({ has: page.getByText("done", { exact: true }) });
      const tool = (await ran.count()) > 0 ? toolOf(await ran.first().getAttribute("aria-label")) : null;

      // Only the rows in view are in the DOM, so the filter brings the ones of interest into view.
      await timeline.filter.fill("type:run_start");
      await expect(timeline.row("run_start")).toHaveCount(1);
      await timeline.verbose.check();
      // A reply is one row, whatever the view: its tokens are in it.
      await timeline.filter.fill("type:message_delta");
      await expect(timeline.row("message_delta")).toHaveCount(0);
      await timeline.filter.fill("type:ai_message");
      await expect(timeline.row("ai_message").first()).toBeVisible();
      // A tool that ran has its card and its timeline row; with no card for a tool that ran, no row either.
      await timeline.filter.fill("type:tool_call");
      if (tool) await expect(timeline.row(`tool_call ${tool}`).first()).toBeVisible();
      else await expect(timeline.row("tool_call")).toHaveCount(0);
      await timeline.filter.fill("");
      await timeline.verbose.uncheck();
      last = { title, message, tool };
    });
  }

  await test.step("a reload keeps the graph, the thread, its messages and its timeline", async () => {
    const thread = await playground.thread.locator("option:checked").textContent();
    const messages = await playground.messages.count();
    const rows = await timeline.rows.count();
    expect(rows).toBeGreaterThan(1);
    await page.reload();
    await expect(controls.graphName).toHaveValue(last.title);
    await expect(playground.thread.locator("option:checked")).toHaveText(thread ?? "");
    await expect(playground.article(`User: ${last.message}`)).toBeVisible();
    await expect(playground.messages).toHaveCount(messages);
    if (last.tool) await expect(playground.toolCall(last.tool).first()).toBeVisible();
    await expect(timeline.rows).toHaveCount(rows);
    await expect(timeline.row("run_end")).toBeVisible();
  });

  await test.step("a two-node graph from the palette with the keyboard only, then undo and redo", async () => {
    await controls.button("New graph").focus();
    await page.keyboard.press("Enter");
    await expect(controls.graphName).toHaveValue("Untitled graph");
    await editor.clear();
    await editor.addWithKeyboard("Agent");
    await expect(editor.node("Agent")).toHaveAttribute("data-kind", "agent");
    await editor.addWithKeyboard("End");
    await expect(editor.node("End")).toHaveAttribute("data-kind", "end");
    await editor.connectWithKeyboard("Agent", "End");
    await expect(editor.nodes).toHaveCount(2);

    const edge = editor.edge("Flow edge from Agent to End");
    await editor.node("Agent").focus();
    await page.keyboard.press("ControlOrMeta+z");
    await expect(edge).toHaveCount(0);
    await expect(editor.nodes).toHaveCount(2);
    await page.keyboard.press("ControlOrMeta+Shift+z");
    await expect(edge).toBeVisible();

    // Import accepts runnable graphs only, so the graph gets its Start before it travels.
    await editor.addWithKeyboard("Start");
    await editor.connectWithKeyboard("Start", "Agent");
    await expect(editor.problems).toContainText("No problems");
    await controls.rename("Keyboard graph");
  });

  const exported = await test.step("export JSON", () => controls.export("JSON"));

  await test.step("the export imports into a fresh profile as the same graph; a malformed import there changes nothing", async () => {
    const fresh = await browser.newContext({ baseURL });
    try {
      const other = await fresh.newPage();
      const otherControls = new GraphControls(other);
      const otherEditor = new CanvasPage(other);
      await other.goto("/");
      await expect(otherControls.graphName).toHaveValue(REQUIRED_TEMPLATES[0]!);
      await otherControls.import(exported.fileName, exported.text);
      await expect(otherControls.graphName).toHaveValue("Keyboard graph");
      await expect(otherEditor.nodes).toHaveCount(3);
      await expect(otherEditor.edge("Flow edge from Agent to End")).toBeVisible();
      await expect(otherEditor.edge("Flow edge from Start to Agent")).toBeVisible();
      const again = await otherControls.export("JSON");
      expect(JSON.parse(again.text)).toEqual(JSON.parse(exported.text));

      await otherControls.import("malformed.json", '{ "version": 1, "meta": { "id": "m", "name": "Malformed" }, "nodes": [');
      const failed = otherControls.dialog("Import failed");
      await expect(failed.getByRole("alert")).toContainText("malformed.json");
      await expect(failed.getByRole("alert").getByRole("listitem").first()).toHaveText(/Invalid JSON at line 1, column \d+/);
      await failed.getByRole("button", { name: "Close" }).click();
      await expect(failed).toBeHidden();
      await expect(otherControls.graphName).toHaveValue("Keyboard graph");
      expect(JSON.parse((await otherControls.export("JSON")).text)).toEqual(JSON.parse(exported.text));
    } finally {
      await fresh.close();
    }
  });

  expect(consoleErrors).toEqual([]);
});
