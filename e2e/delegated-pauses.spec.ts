// Pauses inside delegated work, in the browser: a question asked by a blocking sub-agent's tool,
// an approval inside a Subgraph node's saved graph, and a background task's question asked in
// its follow-up turn. Each is answered on the card under the chat and the work goes on; a fork
// at such a pause waits on it too and goes on by itself.
import { expect, test } from "./fixtures";
import { InterruptPage } from "./pages/InterruptPage";
import { approvingGraphDoc, askingTeamDoc, subgraphParentDoc } from "../src/engine/testing/delegatedPauses";

const blockingTeam = { ...askingTeamDoc(), meta: { id: "asking-team", name: "Asking team" } };
const backgroundTeam = { ...askingTeamDoc({ blocking: false }), meta: { id: "asking-background", name: "Asking in the background" } };

test("a question asked by a blocking sub-agent's tool is answered in the playground and the run completes", async ({ page, app, controls, playground }) => {
  const card = new InterruptPage(page);
  await app.goto();
  await controls.import("asking-team.json", JSON.stringify(blockingTeam));
  await expect(controls.node("Emails")).toBeVisible();
  await playground.sendAndSettle("email find invoices");
  await expect(card.question).toContainText("Which folder?");
  await expect(card.question).toContainText("Asked by Emails");
  await expect(playground.status).toHaveText("Waiting for you");
  await card.option("Archive folder").click();
  await expect(card.question).toBeHidden();
  await expect(playground.article('Main: Main heard: Emails did: {"option_id":"archive"')).toBeVisible();
  await expect(playground.status).toHaveText("Idle");
});

test("a thread forked at a sub-agent's question shows it once, the answer there finishes the fork's sub-agent, and the original still waits", async ({
  page,
  app,
  controls,
  playground,
  timeline,
}) => {
  const card = new InterruptPage(page);
  await app.goto();
  await controls.import("asking-team.json", JSON.stringify(blockingTeam));
  await expect(controls.node("Emails")).toBeVisible();
  await playground.sendAndSettle("email find invoices");
  await expect(card.question).toContainText("Which folder?");
  const original = await playground.thread.inputValue();

  await timeline.filter.fill("type:interrupt");
  await timeline.row("interrupt ").click();
  await timeline.forkButton.click();
  await expect(playground.thread.locator("option:checked")).toHaveText("email find invoices (fork)");
  await expect(card.question).toHaveCount(1);
  await expect(card.question).toContainText("Which folder?");
  await expect(card.question).toContainText("Asked by Emails");
  await expect(playground.status).toHaveText("Waiting for you");
  await card.option("Archive folder").click();
  await expect(playground.article('Main: Main heard: Emails did: {"option_id":"archive"')).toBeVisible();
  await expect(card.question).toHaveCount(0);
  await expect(playground.status).toHaveText("Idle");

  // The original thread still waits on its own question, and its sub-agent takes its own answer.
  await playground.thread.selectOption(original);
  await expect(card.question).toContainText("Which folder?");
  await expect(playground.article('Main: Main heard: Emails did: {"option_id":"archive"')).toHaveCount(0);
  await card.option("Inbox folder").click();
  await expect(playground.article('Main: Main heard: Emails did: {"option_id":"inbox"')).toBeVisible();
  await expect(playground.status).toHaveText("Idle");
});

test("an approval inside a Subgraph node's saved graph is approved after a reload and the run completes", async ({ page, app, controls, playground }) => {
  const card = new InterruptPage(page);
  await app.goto();
  await controls.import("approving.json", JSON.stringify(approvingGraphDoc()));
  await expect(controls.node("Gate")).toBeVisible();
  await controls.import("billing-parent.json", JSON.stringify(subgraphParentDoc("approving")));
  await expect(controls.node("Billing")).toBeVisible();
  await playground.sendAndSettle("the invoice");
  await expect(card.approval).toContainText("Send the invoice?");
  await expect(card.approval).toContainText("Asked by Billing");
  // The pause is kept in IndexedDB: after a reload the saved graph still resumes where it stopped.
  await page.reload();
  await expect(controls.graphName).toHaveValue("Billing parent");
  await expect(card.approval).toContainText("Send the invoice?");
  await card.approveButton.click();
  await expect(card.approval).toBeHidden();
  await expect(playground.messages.filter({ hasText: "Sent the invoice" })).toBeVisible();
  await expect(playground.status).toHaveText("Idle");
});

test("a background task's question is asked in its follow-up turn, and the answer lets it finish and report", async ({ page, app, controls, playground }) => {
  const card = new InterruptPage(page);
  await app.goto();
  await controls.import("asking-background.json", JSON.stringify(backgroundTeam));
  await expect(controls.node("Emails")).toBeVisible();
  await playground.sendAndSettle("email find invoices");
  await expect(card.question).toContainText("Which folder?", { timeout: 15_000 });
  await expect(card.question).toContainText(/Asked by Emails · background task task_/);
  await card.option("Inbox folder").click();
  await expect(card.question).toBeHidden();
  await expect(playground.article("Main: Update: Emails finished task_")).toBeVisible({ timeout: 15_000 });
});
