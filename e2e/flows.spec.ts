// Flows (issue 6) in real Chromium: every node kind from the palette by keyboard, branch handles,
// typed inspector forms whose edits undo, CEL syntax errors shown where they are, and each flow
// template running from the Templates dialog (seeds 001 and 004: planned and routed turns).
import { expect, test } from "./fixtures";
import { FLOW_KINDS } from "./pages/CanvasPage";
import { InterruptPage } from "./pages/InterruptPage";
import type { TimelinePage } from "./pages/TimelinePage";

test.afterEach(({ consoleErrors }) => {
  expect(consoleErrors).toEqual([]);
});

test("every palette name adds a node of its kind from the keyboard", async ({ app, editor }) => {
  await app.goto();
  await editor.clear();
  for (const { title, kind } of FLOW_KINDS) {
    // ui-contract: palette items are buttons named by kind title.
    await expect(editor.paletteButton(title)).toBeVisible();
    await editor.addWithKeyboard(title);
    await expect(editor.nodesOfKind(kind), `${title} adds a ${kind} node`).toHaveCount(1);
  }
  await expect(editor.nodes).toHaveCount(FLOW_KINDS.length);
});

/** The labelled fields each kind's inspector form shows (ui-contract: inspector fields are labelled inputs). */
const FORM_FIELDS: Record<string, string[]> = {
  If: ["Name", "Condition"],
  Switch: ["Variable", "Id", "Value", "Value type"],
  Loop: ["Condition", "Max loops", "At the limit"],
  Parallel: ["Max concurrency", "Timeout (ms)"],
  "Set state": ["Channel", "Value"],
  Router: ["Input", "Route id", "Rule id", "Route", "Match", "Keywords", "Gate"],
  Planner: ["Model", "Planning mode", "Max actions", "Max iterations"],
  Execute: ["Mode", "Max workers", "Timeout per action (ms)"],
  Approval: ["Message", "Payload", "Allow edit"],
  Question: ["Question", "Id", "Label"],
  Subgraph: ["Graph", "Input"],
  LLM: ["Prompt", "Output schema"],
  Agent: ["Forced tool", "Sanitize replies"],
};

test("each new kind has a typed inspector form", async ({ app, editor }) => {
  await app.goto();
  await editor.clear();
  for (const [title, labels] of Object.entries(FORM_FIELDS)) {
    await editor.addWithKeyboard(title);
    for (const label of labels) await expect(editor.field(label).first(), `${title} form has ${label}`).toBeVisible();
  }
});

test("form edits are undoable: Loop's max loops and a Router route rename that carries its rule", async ({ app, editor }) => {
  await app.goto();
  await editor.clear();
  await editor.addWithKeyboard("Loop");
  await editor.setField("Max loops", "4");
  await expect(editor.node("Loop")).toContainText("max 4");
  await editor.undoButton.click();
  await expect(editor.node("Loop")).toContainText("max 10");

  await editor.addWithKeyboard("Router");
  await expect(editor.branch("Router", "support")).toBeVisible();
  await editor.setField("Route id", "billing");
  await expect(editor.branch("Router", "billing")).toBeVisible();
  await expect(editor.field("Route")).toHaveValue("billing");
  await editor.undoButton.click();
  await expect(editor.branch("Router", "support")).toBeVisible();
  await expect(editor.field("Route")).toHaveValue("support");
});

test("an If condition shows a CEL syntax error at its position as you type, keeping the text", async ({ app, editor }) => {
  await app.goto();
  await editor.clear();
  await editor.addWithKeyboard("End");
  await editor.addWithKeyboard("If");
  const condition = editor.field("Condition");
  // Cleared as a person does it, with the editor's own Select all: fill("") selects through the
  // page and sends Delete, which under load reached the editor before the selection and took one
  // character.
  await condition.press("ControlOrMeta+a");
  await condition.press("Delete");
  await expect(condition).toHaveText("");
  await condition.pressSequentially("state.count >");
  await expect(condition).toHaveAccessibleDescription(/^Syntax error at line 1, column 14: Unexpected token: EOF/);
  await expect(condition).toHaveAttribute("aria-invalid", "true");
  await expect(editor.expressionPointer).toHaveText("state.count >\n             ^");
  await expect(condition).toHaveText("state.count >");

  // Committed as typed: leaving the node and coming back shows the same text and error.
  await condition.press("Enter");
  await editor.selectWithKeyboard("End");
  await expect(editor.field("Condition")).toHaveCount(0);
  await editor.selectWithKeyboard("If");
  await expect(editor.field("Condition")).toHaveText("state.count >");
  await expect(editor.field("Condition")).toHaveAccessibleDescription(/column 14/);

  await editor.field("Condition").press("End");
  await editor.field("Condition").pressSequentially(" 3");
  await expect(editor.field("Condition")).not.toHaveAccessibleDescription(/Syntax error/);
  await expect(editor.expressionPointer).toHaveCount(0);
  await expect(editor.field("Condition")).not.toHaveAttribute("aria-invalid", "true");
});

test("a Switch draws a labelled handle per case plus Default; a new case adds one, and Undo takes it back", async ({ app, editor }) => {
  await app.goto();
  await editor.clear();
  await editor.addWithKeyboard("Switch");
  const node = editor.node("Switch");
  await expect(editor.branch("Switch", "yes")).toBeVisible();
  await expect(editor.branch("Switch", "Default")).toBeVisible();

  await editor.inspector.getByRole("button", { name: "Add case", exact: true }).click();
  await expect(editor.branch("Switch", "case")).toBeVisible();
  await expect(node.getByRole("listitem")).toHaveCount(3);

  await editor.inspector.getByRole("group", { name: "Case case" }).getByLabel("Label", { exact: true }).fill("Refunds");
  await editor.inspector.getByRole("group", { name: "Case case" }).getByLabel("Label", { exact: true }).press("Enter");
  await expect(editor.branch("Switch", "Refunds")).toBeVisible();

  await editor.undoButton.click();
  await expect(editor.branch("Switch", "case")).toBeVisible();
  await editor.undoButton.click();
  await expect(node.getByRole("listitem")).toHaveCount(2);
  await expect(editor.branch("Switch", "Default")).toBeVisible();
});

test("a branch connected from the inspector leaves from its labelled handle", async ({ app, editor, page }) => {
  await app.goto();
  await editor.clear();
  await editor.addWithKeyboard("End");
  await editor.addWithKeyboard("Loop");
  await editor.field("Branch").selectOption({ label: "Exit" });
  await editor.field("Connect to").selectOption({ label: "End" });
  await editor.inspector.getByRole("button", { name: "Connect", exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(editor.inspector.getByRole("button", { name: "Flow edge Exit to End", exact: true })).toBeVisible();
  await expect(editor.edge("Flow edge from Loop to End")).toBeVisible();
});

test("a Subgraph picks another saved graph by name, and Undo puts the choice back", async ({ app, controls, editor }) => {
  await app.goto();
  await expect(controls.graphName).toHaveValue("Weather assistant");
  await controls.button("New graph").click();
  await expect(controls.graphName).toHaveValue("Untitled graph");
  await editor.addWithKeyboard("Subgraph");
  const graph = editor.field("Graph");
  await expect(graph.getByRole("option", { name: "Weather assistant", exact: true })).toBeAttached();
  await expect(graph.getByRole("option", { name: "Untitled graph", exact: true })).toHaveCount(0);
  await graph.selectOption({ label: "Weather assistant" });
  await expect(editor.node("Subgraph")).toContainText("runs graph");
  await expect(graph).not.toHaveValue("no_graph");

  await editor.undoButton.click();
  await expect(editor.field("Graph")).toHaveValue("no_graph");
});

/** Shows the timeline rows of one event type (only rows in view are in the DOM, so filter first). */
async function rowsOfType(timeline: TimelinePage, type: string) {
  await timeline.verbose.check();
  await timeline.filter.fill(`type:${type}`);
  return timeline.row(type);
}

test.describe("flow templates run from the Templates dialog", () => {
  test("Sage multi-agent loop: plan → execute → observe → judge passes, then a streamed summary", async ({ app, controls, playground, timeline }) => {
    await app.goto();
    await controls.openTemplate("Sage multi-agent loop");
    await playground.send("Plan a team offsite");
    // A fast machine runs the whole scripted loop in well under a second, so "Running" may be gone
    // before a check sees it: wait for the reply, then for the run's end.
    await expect(playground.replies.filter({ hasText: "Done in 2 passes: the venue is booked and the budget holds." })).toBeVisible({ timeout: 30_000 });
    await expect(playground.status).toHaveText("Idle");
    await expect(playground.toolCall("run_step")).toHaveCount(2);

    await expect(await rowsOfType(timeline, "loop_iteration")).toHaveCount(2);
    // The streamed summary is one row (its tokens are in it), never a row per token.
    await expect(await rowsOfType(timeline, "message_delta")).toHaveCount(0);
    await expect((await rowsOfType(timeline, "ai_message")).last()).toBeVisible();
    await expect(await rowsOfType(timeline, "run_end")).toHaveCount(1);
  });

  test("Personal assistant: a plan run in parallel, a dependent action, and a delete that waits for approval", async ({
    app,
    controls,
    page,
    playground,
    timeline,
  }) => {
    await app.goto();
    await controls.openTemplate("Personal assistant");
    await playground.send("Plan my day");
    await expect(playground.replies.filter({ hasText: "Here's your day. Weather in London" })).toBeVisible({ timeout: 30_000 });
    await expect(playground.status).toHaveText("Idle");
    await expect(playground.article("Reply: Here's your day. Weather in London: sunny")).toBeVisible();
    for (const tool of ["list_events", "list_tasks", "get_weather"]) await expect(playground.toolCall(tool)).toBeVisible();
    await expect(await rowsOfType(timeline, "plan_created")).toHaveCount(1);
    await expect(await rowsOfType(timeline, "execution_routed")).toHaveCount(1);
    await expect(await rowsOfType(timeline, "action_result")).toHaveCount(3);

    await playground.sendAndSettle("Schedule a design sync with ada@example.com");
    await expect(playground.replies.filter({ hasText: "Booked “design sync”" })).toBeVisible();
    await expect(playground.toolCall("send_invite")).toBeVisible();

    const card = new InterruptPage(page);
    await playground.sendAndSettle("Delete task 7");
    await expect(card.approval).toBeVisible();
    await expect(card.approval).toContainText("delete_task");
    await card.approveButton.click();
    await expect(playground.status).toHaveText("Idle", { timeout: 30_000 });
    await expect(card.approval).toBeHidden();
    await expect(playground.toolCall("delete_task")).toBeVisible();
    await expect(playground.article("Reply: Deleted task 7. Your open tasks now")).toBeVisible();
    await rowsOfType(timeline, "execution_routed");
    await expect(timeline.region.getByText(/confirm, then sequential/).first()).toBeVisible();
  });

  test("Routed support: rules route a billing turn; the crisis gate wins over billing, its forced tool falls back, and General is sanitized", async ({
    app,
    controls,
    playground,
    timeline,
  }) => {
    await app.goto();
    await controls.openTemplate("Routed support");
    await playground.send("I was charged twice, can I get a refund?");
    await expect(playground.article("Billing").last()).toBeVisible({ timeout: 30_000 });
    await expect(playground.status).toHaveText("Idle");
    for (const tool of ["lookup_invoice", "issue_refund"]) await expect(playground.toolCall(tool)).toBeVisible();
    await expect(await rowsOfType(timeline, "route_selected")).toHaveCount(1);
    await expect(await rowsOfType(timeline, "turn_finalized")).toHaveCount(1);

    // "charged" matches the billing rule too, but gate rules are tried first.
    await timeline.filter.fill("");
    await playground.sendAndSettle("I can't go on, and I was charged twice");
    await expect(playground.status).toHaveText("Idle");
    await expect(playground.article("Crisis").last()).toBeVisible();
    await expect(await rowsOfType(timeline, "forced_tool_fallback")).toHaveCount(1);
    await expect(await rowsOfType(timeline, "route_selected")).toHaveCount(2);
    // The help lines stand in for the lookup that did not run.
    await expect(playground.article("Crisis: I'm really sorry you're going through this, and I'm glad you told me.")).toContainText("988");
    await expect(playground.toolCall("lookup_crisis_resources")).toContainText("app fallback");

    // A greeting takes the default route; General's pseudo tool call is removed from its reply.
    await playground.sendAndWait("hello");
    const greeting = playground.article("General: Hi! This is the support desk.");
    await expect(greeting).toBeVisible();
    await expect(greeting).not.toContainText("tool_call");
  });
});
