// Human in the loop in the browser: a destructive tool pauses the run for Approve / Reject /
// Edit, a pending approval survives a reload, and a question shows one button per option.
// Each test imports its own small document (scripted agent, mock tools), so no template is needed.
import { expect, test } from "./fixtures";
import { InterruptPage } from "./pages/InterruptPage";
import { calendarQuestionDoc, deleteTool } from "../src/engine/testing/humanLoop";

const at = (y: number) => ({ x: 0, y });

/** Start → Assistant → End; "delete task N" calls the destructive delete_task tool. */
const assistantDoc = {
  version: 1,
  meta: { id: "hitl-assistant", name: "Approval assistant" },
  models: [{ id: "scripted", provider: "scripted", model: "scripted-1" }],
  tools: [deleteTool],
  nodes: [
    { id: "start", kind: "start", position: at(0) },
    {
      id: "assistant",
      kind: "agent",
      position: at(150),
      data: {
        name: "Assistant",
        model: "scripted",
        tools: ["delete"],
        default_tools: [],
        script: {
          rules: [
            { match: "delete task (?<id>\\d+)", tool_calls: [{ name: "delete_task", args: { id: "{{ match.id }}" } }] },
            { on: "tool", tool: "delete_task", reply: "Result: {{ tool_result }}" },
          ],
        },
      },
    },
    { id: "end", kind: "end", position: at(300) },
  ],
  edges: [
    { id: "e1", kind: "flow", source: "start", target: "assistant" },
    { id: "e2", kind: "flow", source: "assistant", target: "end" },
  ],
};

const questionDoc = calendarQuestionDoc();

/** Start → Approval "Publish" → (approved: Send, an echo Tool node | rejected: End). */
const gateDoc = {
  version: 1,
  meta: { id: "hitl-gate", name: "Publish gate" },
  tools: [{ id: "echo", kind: "builtin", name: "echo", config: { builtin: "echo" } }],
  nodes: [
    { id: "start", kind: "start", position: at(0) },
    { id: "gate", kind: "approval", position: at(150), data: { name: "Publish", message: "Publish “{{ input }}”?", payload: { title: "{{ input }}" } } },
    { id: "send", kind: "tool", position: at(300), data: { name: "Send", tool: "echo", args: { text: "published {{ results.Publish.payload.title }}" } } },
    { id: "end", kind: "end", position: at(450) },
  ],
  edges: [
    { id: "e1", kind: "flow", source: "start", target: "gate" },
    { id: "e2", kind: "flow", source: "gate", target: "send", source_handle: "approved" },
    { id: "e3", kind: "flow", source: "gate", target: "end", source_handle: "rejected" },
    { id: "e4", kind: "flow", source: "send", target: "end" },
  ],
};

test("an Approval node shows its message and payload and follows approved with the edited payload", async ({ page, app, controls, playground }) => {
  const card = new InterruptPage(page);
  await app.goto();
  await controls.import("publish-gate.json", JSON.stringify(gateDoc));
  await expect(controls.node("Publish")).toBeVisible();
  await playground.sendAndSettle("Q3 report");
  await expect(card.approval).toContainText("Publish “Q3 report”?");
  await card.approveWith({ title: "Q3 summary" });
  await expect(playground.toolCall("echo")).toContainText("published Q3 summary");
});

test("an approval is rejected once and approved once with edited arguments, and the timeline shows both", async ({
  page,
  app,
  controls,
  playground,
  timeline,
}) => {
  const card = new InterruptPage(page);
  await app.goto();
  await controls.import("approval-assistant.json", JSON.stringify(assistantDoc));
  await expect(controls.graphName).toHaveValue("Approval assistant");

  await playground.sendAndSettle("delete task 7");
  await expect(card.approval).toContainText('"delete_task" is marked destructive');
  // A run waiting for a person says so.
  await expect(playground.status).toHaveText("Waiting for you");
  await card.reject("wrong task");
  await expect(playground.article("Assistant: Result: Error: The user rejected")).toBeVisible();
  await expect(card.approval).toBeHidden();

  await playground.sendAndSettle("delete task 12");
  await expect(card.approval.getByLabel("Arguments of delete_task")).toContainText('"id": "12"');
  await card.editButton.click();
  await card.editedArguments.fill('{ "id": ');
  await expect(card.problem).toContainText("Not valid JSON");
  await expect(card.approveEditedButton).toBeDisabled();
  await card.editedArguments.fill('{ "id": 13 }');
  await card.approveEditedButton.click();
  await expect(playground.article("Assistant: Result: Deleted task 13")).toBeVisible();
  await expect(playground.status).toHaveText("Idle");

  // The treegrid renders only the rows in view: filter to the interrupt events.
  await timeline.filter.fill("type:interrupt");
  const resolved = timeline.row("interrupt_resolved");
  await expect(resolved).toHaveCount(2);
  await expect(resolved.nth(0)).toContainText("Rejected delete_task: wrong task");
  await expect(resolved.nth(1)).toContainText('Approved delete_task with edited args {"id":13}');
  await expect(timeline.row("interrupt ")).toHaveCount(2);
});

test("a pending approval survives a page reload and can then be approved", async ({ page, app, controls, playground }) => {
  const card = new InterruptPage(page);
  await app.goto();
  await controls.import("approval-assistant.json", JSON.stringify(assistantDoc));
  await playground.sendAndSettle("delete task 9");
  await expect(card.approval).toBeVisible();

  await page.reload();
  await expect(controls.graphName).toHaveValue("Approval assistant");
  await expect(card.approval).toContainText('"delete_task" is marked destructive');
  await card.approveButton.click();
  await expect(playground.article("Assistant: Result: Deleted task 9")).toBeVisible();
  await expect(card.approval).toBeHidden();
});

test("a question shows one button per option and goes on with the chosen one", async ({ page, app, controls, playground, timeline }) => {
  const card = new InterruptPage(page);
  await app.goto();
  await controls.import("calendar-question.json", JSON.stringify(questionDoc));
  await playground.sendAndSettle("book a meeting");
  await expect(card.question).toContainText("Which calendar?");
  await expect(card.question.getByRole("button")).toHaveText(["Work", "Home"]);
  await expect(playground.status).toHaveText("Waiting for you");
  await card.option("Home").click();
  await expect(card.question).toBeHidden();
  await expect(playground.status).toHaveText("Idle");
  await timeline.filter.fill("type:interrupt");
  await expect(timeline.row("interrupt_resolved")).toContainText('Answered "Home"');
});

test("a thread forked from a pending approval offers it again, and each thread answers it by itself", async ({ page, app, controls, playground, timeline }) => {
  const card = new InterruptPage(page);
  await app.goto();
  await controls.import("approval-assistant.json", JSON.stringify(assistantDoc));
  await playground.sendAndSettle("delete task 7");
  await expect(card.approval).toBeVisible();
  const original = await playground.thread.inputValue();

  await timeline.filter.fill("type:interrupt");
  await timeline.row("interrupt ").click();
  await timeline.forkButton.click();
  await expect(playground.thread.locator("option:checked")).toHaveText("delete task 7 (fork)");
  // The fork waits on the same approval: answering it runs the tool there.
  await expect(card.approval).toContainText('"delete_task" is marked destructive');
  await expect(playground.status).toHaveText("Waiting for you");
  await card.approveButton.click();
  await expect(playground.article("Assistant: Result: Deleted task 7")).toBeVisible();

  // The original thread still waits, and takes its own answer.
  await playground.thread.selectOption(original);
  await expect(card.approval).toBeVisible();
  await card.reject("not this one");
  await expect(playground.article("Assistant: Result: Error: The user rejected")).toBeVisible();
});

test("a typed message that names no option is refused with the options listed; a typed option answers", async ({
  page,
  app,
  controls,
  playground,
  timeline,
}) => {
  const card = new InterruptPage(page);
  const shipDoc = {
    ...questionDoc,
    meta: { id: "hitl-ship", name: "Ship question" },
    nodes: questionDoc.nodes.map((n) =>
      n.kind === "question"
        ? {
            ...n,
            data: {
              name: "Ship",
              question: "Ship it?",
              options: [
                { id: "yes", label: "Yes" },
                { id: "no", label: "No" },
              ],
            },
          }
        : n,
    ),
    edges: [
      { id: "e1", kind: "flow", source: "start", target: "ask" },
      { id: "e2", kind: "flow", source: "ask", target: "end", source_handle: "yes" },
      { id: "e3", kind: "flow", source: "ask", target: "end", source_handle: "no" },
    ],
  };
  await app.goto();
  await controls.import("ship-question.json", JSON.stringify(shipDoc));
  await playground.sendAndSettle("release 2.0");
  await expect(card.question).toContainText("Ship it?");

  await playground.send("maybe");
  await expect(playground.status).toHaveText('Error: "maybe" does not answer "Ship it?": type Yes or No, or use its button');
  // Nothing ran: the question still waits, and the typed text stays in the box to fix.
  await expect(card.question).toBeVisible();
  await expect(playground.message).toHaveValue("maybe");
  await expect(playground.article("User: maybe")).toHaveCount(0);

  await playground.send("Yes");
  await expect(card.question).toBeHidden();
  await expect(playground.status).toHaveText("Idle");
  await timeline.filter.fill("type:interrupt");
  await expect(timeline.row("interrupt_resolved")).toContainText('Answered "Yes"');
});
