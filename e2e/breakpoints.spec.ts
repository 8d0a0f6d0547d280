// The debugger's breakpoints in real Chromium (issue 15, items 2 and 3): a conditional breakpoint
// on an agent's tool step pauses the run with the node highlighted and the state shown; an edited
// message goes into the run and the reply reflects it; Step advances exactly one node; Stop ends
// the run and the next message runs as usual; Step and Continue are debug markers in the chat, and
// a thread that went through them saves as a test that passes.
import { expect, test } from "./fixtures";
import type { Locator, Page } from "@playwright/test";
import type { AppPage } from "./pages/AppPage";
import type { CanvasPage } from "./pages/CanvasPage";
import type { GraphControls } from "./pages/GraphControls";
import type { PlaygroundPage } from "./pages/PlaygroundPage";

test.afterEach(({ consoleErrors }) => {
  expect(consoleErrors).toEqual([]);
});

const PARIS = "What's the weather in Paris?";

const pauseCard = (page: Page) => page.getByRole("region", { name: "Paused at breakpoint", exact: true });
const placeGroup = (editor: CanvasPage, title: string) => editor.inspector.getByRole("group", { name: `Breakpoints at ${title}`, exact: true });

/** Opens Weather assistant with a breakpoint `when` its Assistant's tool step, sends the Paris question and waits for the pause; returns its card. */
async function pauseAtToolStep(
  { app, controls, editor, playground, page }: { app: AppPage; controls: GraphControls; editor: CanvasPage; playground: PlaygroundPage; page: Page },
  when: "before" | "after",
): Promise<Locator> {
  await app.goto();
  await controls.openTemplate("Weather assistant");
  await editor.node("Assistant").click();
  await placeGroup(editor, "call_tools")
    .getByRole("checkbox", { name: `Break ${when}`, exact: true })
    .check();
  await playground.send(PARIS);
  const card = pauseCard(page);
  await expect(card).toContainText(`${when} call_tools of Assistant`, { timeout: 15_000 });
  return card;
}

/** Step at the pause before the tool step: the run stops again before the model. */
async function stepToModel(card: Locator): Promise<void> {
  await card.getByRole("button", { name: "Step", exact: true }).click();
  await expect(card).toContainText("Stepped to before call_model of Assistant", { timeout: 15_000 });
}

/** Continue at the pause: the run goes on to its one weather reply. */
async function continueToReply(card: Locator, playground: PlaygroundPage): Promise<void> {
  await card.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(playground.replies.filter({ hasText: "Right now: " })).toHaveCount(1, { timeout: 15_000 });
}

test("a conditional breakpoint on the tool step pauses the run; an edited tool result reaches the reply", async ({
  app,
  controls,
  editor,
  playground,
  timeline,
  page,
}) => {
  await app.goto();
  await controls.openTemplate("Weather assistant");
  await editor.node("Assistant").click();
  const tools = placeGroup(editor, "call_tools");
  await tools.getByRole("checkbox", { name: "Break after", exact: true }).check();
  const condition = tools.getByRole("textbox", { name: "Condition", exact: true });
  await condition.fill("state.messages.size() > 2");
  await condition.press("Enter");
  await expect(editor.node("Assistant").getByRole("img", { name: "Breakpoint on Assistant" })).toBeVisible();

  await playground.send(PARIS);
  const card = pauseCard(page);
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card).toContainText("after call_tools of Assistant");
  await expect(card).toContainText("state.messages.size() > 2");
  await expect(playground.status).toHaveText("Waiting for you");
  // The paused node is highlighted on the canvas.
  await expect(editor.node("Assistant").locator("[data-status]")).toHaveAttribute("data-status", "paused");
  // No answer yet: the model has not read the tool result.
  await expect(playground.replies.filter({ hasText: "Right now" })).toHaveCount(0);

  const result = card.getByRole("textbox", { name: /^Message \d+ \(tool\)$/ });
  await expect(result).toHaveValue(/Sunny/);
  await result.fill("Paris: Snowy, -3°C");
  await card.getByRole("button", { name: "Apply and continue", exact: true }).click();
  await expect(card).toBeHidden();
  await expect(playground.status).toHaveText("Idle", { timeout: 15_000 });
  await expect(playground.replies.filter({ hasText: "Right now: Paris: Snowy, -3°C" })).toHaveCount(1);
  // The reply read the edited result (the tool card still shows what the tool returned).
  await expect(playground.replies.filter({ hasText: "Right now: Paris: Sunny" })).toHaveCount(0);
  // The edit is an event of its own in the timeline.
  const edit = timeline.row("state_edited Assistant");
  await expect(edit).toHaveCount(1);
  await expect(edit).toContainText("messages edited after call_tools of Assistant");
});

test("Step runs exactly one node and pauses again; Stop ends the run and the next message runs", async ({ app, controls, editor, playground, page }) => {
  const card = await pauseAtToolStep({ app, controls, editor, playground, page }, "before");
  await expect(playground.toolCalls).toHaveCount(1);
  await expect(playground.toolCalls.first()).not.toContainText("Sunny");

  await card.getByRole("button", { name: "Step", exact: true }).click();
  // One node ran (the tool step: its result is in), and the run paused before the next (the model).
  await expect(card).toContainText("Stepped to before call_model of Assistant", { timeout: 15_000 });
  await expect(playground.toolCalls.first()).toContainText("Sunny");
  await expect(playground.replies.filter({ hasText: "Right now" })).toHaveCount(0);

  await continueToReply(card, playground);
  await expect(playground.status).toHaveText("Idle");

  await playground.send("What's the weather in Oslo?");
  await expect(card).toContainText("before call_tools of Assistant", { timeout: 15_000 });
  await card.getByRole("button", { name: "Stop", exact: true }).click();
  await expect(card).toBeHidden();
  await expect(playground.status).not.toHaveText("Running");

  // Without the breakpoint, the next message runs to its reply.
  await placeGroup(editor, "call_tools").getByRole("checkbox", { name: "Break before", exact: true }).uncheck();
  await expect(editor.node("Assistant").getByRole("img", { name: "Breakpoint on Assistant" })).toHaveCount(0);
  await playground.sendAndWait("hello");
  await expect(playground.replies.filter({ hasText: "Hello!" })).toHaveCount(1);
});

test("a thread that went on with Step and Continue shows them as debug markers, saves as a test of its message and the test passes", async ({
  app,
  controls,
  editor,
  playground,
  page,
}) => {
  test.setTimeout(120_000);
  const card = await pauseAtToolStep({ app, controls, editor, playground, page }, "before");
  await stepToModel(card);
  await continueToReply(card, playground);
  await expect(playground.status).toHaveText("Idle");

  // The debug actions are notes in the chat, not messages of the user.
  await expect(playground.region.getByRole("note", { name: "Debug: Stepped from call_tools of Assistant", exact: true })).toBeVisible();
  await expect(playground.region.getByRole("note", { name: "Debug: Continued from call_model of Assistant", exact: true })).toBeVisible();
  await expect(playground.region.getByRole("article", { name: /^User: / })).toHaveCount(1);
  await expect(playground.article(`User: ${PARIS}`)).toBeVisible();

  await playground.region.getByRole("button", { name: "Save as test", exact: true }).click();
  const save = page.getByRole("dialog", { name: "Save as test", exact: true });
  await expect(save.getByRole("list", { name: "Turns" }).getByRole("listitem")).toHaveText([PARIS]);
  await expect(save.getByRole("note")).toHaveText("Continue, Step and Stop at breakpoints are not turns: the test runs with breakpoints off.");
  await save.getByRole("textbox", { name: "Test name", exact: true }).fill("Paris through breakpoints");
  await save.getByRole("button", { name: "Save test", exact: true }).click();
  await expect(save).toBeHidden();

  await controls.button("Run tests").click();
  const dialog = controls.dialog("Run tests");
  const table = dialog.getByRole("table", { name: "Test results" });
  await dialog.getByRole("button", { name: "Run all tests", exact: true }).click();
  await expect(dialog.getByRole("status")).toHaveText("5 passed, 0 failed", { timeout: 60_000 });
  await expect(table.getByRole("row", { name: /Paris through breakpoints/ })).toContainText("Passed");
});

test("after a reload the pause waits again; Step and Continue there show once each as markers and the thread saves as one turn", async ({
  app,
  controls,
  editor,
  playground,
  page,
}) => {
  const card = await pauseAtToolStep({ app, controls, editor, playground, page }, "before");

  await page.reload();
  await expect(card).toContainText("before call_tools of Assistant", { timeout: 15_000 });
  await stepToModel(card);
  await page.reload();
  await expect(card).toContainText("Stepped to before call_model of Assistant", { timeout: 15_000 });
  await continueToReply(card, playground);

  // Read back from storage: each message and each marker once.
  await page.reload();
  await expect(playground.replies.filter({ hasText: "Right now: " })).toHaveCount(1, { timeout: 15_000 });
  await expect(playground.region.getByRole("feed", { name: "Messages" }).getByRole("note")).toHaveText([
    "Stepped from call_tools of Assistant",
    "Continued from call_model of Assistant",
  ]);
  await expect(playground.region.getByRole("article", { name: /^User: / })).toHaveCount(1);
  await expect(playground.toolCalls).toHaveCount(1);
  await playground.region.getByRole("button", { name: "Save as test", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Save as test", exact: true }).getByRole("list", { name: "Turns" }).getByRole("listitem")).toHaveText([PARIS]);
});

test("Apply as fork continues the edited state in a new thread; the original thread keeps waiting at the pause", async ({
  app,
  controls,
  editor,
  playground,
  page,
}) => {
  const card = await pauseAtToolStep({ app, controls, editor, playground, page }, "after");
  const original = await playground.thread.inputValue();

  await card.getByRole("textbox", { name: /^Message \d+ \(tool\)$/ }).fill("Paris: Windy");
  await card.getByRole("button", { name: "Apply as fork", exact: true }).click();
  await expect(playground.thread.locator("option:checked")).toHaveText(/\(fork\)$/);
  await expect(playground.replies.filter({ hasText: "Right now: Paris: Windy" })).toHaveCount(1, { timeout: 15_000 });
  await expect(playground.status).toHaveText("Idle");

  await playground.thread.selectOption(original);
  await expect(card).toContainText("after call_tools of Assistant");
  await card.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(playground.replies.filter({ hasText: /Right now: .*Sunny/ })).toHaveCount(1, { timeout: 15_000 });
});

test("state edited at a past checkpoint becomes a new thread that goes on from the edit", async ({ app, playground, timeline }) => {
  await app.goto();
  await playground.sendAndWait("hello");
  await timeline.row("final_state").last().click();
  const state = timeline.details.getByRole("region", { name: "State at checkpoint" });
  await state.getByRole("button", { name: "Edit state", exact: true }).click();
  const reply = state.getByRole("textbox", { name: "Message 2 (ai)", exact: true });
  await expect(reply).toHaveValue(/^Hello!/);
  await reply.fill("Bonjour! (edited)");
  await state.getByRole("button", { name: "Apply as fork", exact: true }).click();
  await expect(playground.thread.locator("option:checked")).toHaveText("hello (edited fork)");

  await playground.sendAndWait("What's the weather in Paris?");
  await timeline.row("final_state").last().click();
  await expect(state).toContainText('"content": "Bonjour! (edited)"');
  await expect(state).toContainText('"content": "What\'s the weather in Paris?"');
});

test("a sub-agent its parent queues as a background task says breakpoints do not pause it there", async ({ app, controls, editor }) => {
  await app.goto();
  await controls.openTemplate("MainAgent with Emails, Meetings, Tasks and Research sub-agents");
  await editor.node("ResearchAgent").click();
  await expect(editor.inspector.getByRole("note").filter({ hasText: "background task" })).toHaveText(
    "Runs as a background task of MainAgent: background tasks do not stop at breakpoints, so these pause it only when it runs inside a turn.",
  );
  await editor.node("EmailsAgent").click();
  await expect(placeGroup(editor, "call_model")).toBeVisible();
  await expect(editor.inspector.getByRole("note").filter({ hasText: "background task" })).toHaveCount(0);
});
