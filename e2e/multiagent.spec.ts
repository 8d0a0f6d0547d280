// Sub-agent hierarchies in real Chromium: a supervisor and two sub-agents built from the
// palette, a handoff and its nested calls in the timeline, @Name and the Agent selector for
// direct runs, subtree collapse across a reload, the inner-loop view, and both multi-agent
// templates running offline.
import { expect, test } from "./fixtures";
import { AgentTeamPage } from "./pages/AgentTeamPage";

const NESTED = /^([3-9]|\d\d+)$/;
/** Template replies stream at 60–80 tokens a second; on a busy machine a long one takes a while. */
const STREAM_TIMEOUT = 30_000;

test.beforeEach(async ({ app }) => {
  await app.goto();
});

test.afterEach(({ consoleErrors }) => {
  expect(consoleErrors).toEqual([]);
});

test("a supervisor built on the canvas hands off to a sub-agent; the timeline nests its calls; @Report and the Agent selector run sub-agents directly", async ({
  page,
  editor,
  playground,
  timeline,
}) => {
  const team = new AgentTeamPage(page);
  await editor.clear();
  await team.add("Start");
  await team.add("Agent", "Supervisor");
  await team.add("Agent", "Analytics");
  await team.add("Agent", "Report");
  await team.add("End");
  await team.connect("Start", "Supervisor");
  await team.connect("Supervisor", "End");
  await team.connect("Supervisor", "Analytics", "Delegation");
  // Everything in view with a margin, so both handles can be reached with the mouse.
  await editor.canvas.getByRole("button", { name: "Fit View" }).click();
  await editor.canvas.getByRole("button", { name: "Zoom Out" }).click();
  await team.dragDelegation("Supervisor", "Report");
  await expect(team.delegation("Supervisor", "Analytics")).toHaveAttribute("data-mode", "handoff");
  await expect(team.delegation("Supervisor", "Report")).toHaveAttribute("aria-description", /Handoff: control moves to the sub-agent/);

  await team.addRule("Supervisor", { match: "revenue", reply: "Handing this to Analytics.", toolCalls: '[{ "name": "transfer_to_Analytics", "args": {} }]' });
  await team.addRule("Analytics", { match: "revenue", reply: "Revenue was $1.24M last month." });
  await team.addRule("Report", { match: "hello", reply: "Report here: ask me for a summary." });
  await expect(editor.problems.getByRole("listitem")).toHaveCount(0);

  // The handoff: Supervisor calls transfer_to_Analytics, Analytics answers inside the Supervisor's call.
  await playground.sendAndWait("What was revenue last month?");
  await expect(playground.article("Supervisor: Handing this to Analytics.")).toBeVisible();
  await expect(playground.article("Analytics: Revenue was $1.24M last month.")).toBeVisible();
  await expect(timeline.row("handoff Supervisor → Analytics")).toBeVisible();
  // Every agent's call shows without Verbose, nested under the call that started it.
  // (The timeline is virtualized: a filter narrows it to the rows of interest first.)
  await timeline.filter.fill("type:agent_start");
  await expect(timeline.rows).toHaveCount(2);
  await expect(timeline.row("agent_start Supervisor")).toHaveAttribute("aria-level", "2");
  await expect(timeline.row("agent_start Analytics")).toHaveAttribute("aria-level", NESTED);
  await timeline.filter.fill("transfer_to_Analytics");
  await expect(timeline.row("tool_call transfer_to_Analytics (Supervisor)")).toHaveAttribute("aria-level", "3");
  await timeline.filter.fill("type:ai_message agent:Analytics");
  await expect(timeline.row("ai_message Analytics")).toHaveAttribute("aria-level", NESTED);
  await timeline.filter.fill("");

  // `@Report` jumps straight to Report, which then stays active.
  await playground.sendAndWait("@Report hello");
  await expect(playground.article("Report: Report here: ask me for a summary.")).toBeVisible();
  await expect(timeline.row("handoff Supervisor → Report")).toBeVisible();

  // The Agent selector runs Analytics alone as the root of the turn.
  await expect(team.agentSelector).toHaveValue("");
  await expect(team.agentSelector.getByRole("option", { selected: true })).toHaveText("Graph");
  await team.agentSelector.selectOption({ label: "Analytics" });
  await playground.sendAndWait("and revenue this week?");
  await expect(playground.article("Analytics: Revenue was $1.24M last month.")).toHaveCount(2);
  await timeline.filter.fill("type:agent_start");
  const starts = timeline.tree.getByRole("row", { name: /^agent_start / });
  await expect(starts.last()).toHaveAccessibleName("agent_start Analytics");
  await expect(starts.last()).toHaveAttribute("aria-level", "2");
});

test("a parent's subtree collapses and expands on the canvas, stays collapsed after a reload, and its inner loop lists the handoff tools", async ({
  page,
  app,
  controls,
}) => {
  const team = new AgentTeamPage(page);
  await controls.openTemplate("Supervisor with Analytics and Report agents");
  await expect(team.delegation("Supervisor", "Analytics")).toBeVisible();

  await team.subtreeToggle("Supervisor", "Collapse").click();
  await expect(team.editor.node("Analytics")).toBeHidden();
  await expect(team.editor.node("Report")).toBeHidden();
  await expect(team.delegation("Supervisor", "Analytics")).toBeHidden();
  await expect(team.subtreeToggle("Supervisor", "Expand")).toHaveText(/2 sub-agents · 2 hidden/);

  await page.reload();
  await expect(app.heading).toBeVisible();
  await expect(team.editor.node("Supervisor")).toBeVisible();
  await expect(team.editor.node("Analytics")).toBeHidden();
  await team.subtreeToggle("Supervisor", "Expand").click();
  await expect(team.editor.node("Analytics")).toBeVisible();
  await expect(team.editor.node("Report")).toBeVisible();

  const dialog = await team.openInnerLoop("Supervisor");
  await expect(dialog.getByRole("list", { name: "Loop steps" }).getByRole("listitem")).toHaveText([
    /^render_system_prompt/,
    /^current_active_agent/,
    /^continue_conversation/,
    /^call_model/,
    /^call_tools/,
  ]);
  const tools = dialog.getByRole("table", { name: "Tools bound to call_model" });
  await expect(tools.getByRole("row", { name: /transfer_to_Analytics handoff/ })).toBeVisible();
  await expect(tools.getByRole("row", { name: /transfer_to_Report handoff/ })).toBeVisible();
  await dialog.press("Escape");
  await expect(dialog).toBeHidden();
});

test("the Supervisor template streams a handed-off answer with nested tool calls", async ({ controls, playground, timeline }) => {
  await controls.openTemplate("Supervisor with Analytics and Report agents");
  await playground.send("What was revenue last month?");
  await expect(playground.status).toHaveText("Running");
  await expect(playground.status).toHaveText("Idle", { timeout: STREAM_TIMEOUT });
  await expect(playground.article("Analytics: Revenue, last 30 days: $1.24M")).toBeVisible();
  await expect(playground.toolCall("query_metrics")).toBeVisible();
  await timeline.verbose.check();
  await timeline.filter.fill("type:tool_call");
  await expect(timeline.row("tool_call transfer_to_Analytics (Supervisor)")).toHaveAttribute("aria-level", "3");
  await expect(timeline.row("tool_call query_metrics (Analytics)")).toHaveAttribute("aria-level", NESTED);
});

test("the MainAgent template delegates as tools: nested sub-agent rows, a hidden agent behind a tool, a background task", async ({
  page,
  controls,
  playground,
  timeline,
}) => {
  const team = new AgentTeamPage(page);
  await controls.openTemplate("MainAgent with Emails, Meetings, Tasks and Research sub-agents");
  await expect(team.delegation("MainAgent", "ResearchAgent")).toHaveAttribute("data-blocking", "false");
  await expect(team.delegation("MainAgent", "EmailsAgent")).toHaveAttribute("data-mode", "tool");
  await expect(team.editor.node("JediAgent")).toBeVisible();
  // At rest nothing moves: the background link's dashes march only while its sub-agent runs.
  expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);

  await playground.send("Any unread emails?");
  await expect(playground.status).toHaveText("Running");
  await expect(playground.status).toHaveText("Idle", { timeout: STREAM_TIMEOUT });
  await expect(playground.article("MainAgent: From EmailsAgent: 3 unread")).toBeVisible();
  // EmailsAgent works inside MainAgent's tool call: its steps are in the card, not chat replies.
  await expect(playground.article("EmailsAgent")).toHaveCount(0);
  const card = playground.toolCall("EmailsAgent");
  await card.locator("summary").click();
  await expect(card.getByRole("list", { name: "Work inside EmailsAgent" })).toContainText("EmailsAgent: called search_emails");
  // Without Verbose, the sub-agent's calls are found by type and by agent, at their depth.
  await timeline.filter.fill("type:tool_call");
  await expect(timeline.row("tool_call EmailsAgent (MainAgent)")).toHaveAttribute("aria-level", "3");
  await expect(timeline.row("tool_call search_emails (EmailsAgent)")).toHaveAttribute("aria-level", "5");
  await timeline.filter.fill("agent:EmailsAgent");
  await expect(timeline.row("agent_start EmailsAgent")).toHaveAttribute("aria-level", "4");
  await expect(timeline.row("tool_call search_emails (EmailsAgent)")).toBeVisible();
  await expect(timeline.row("message_delta")).toHaveCount(0);
  await timeline.filter.fill("");

  await playground.sendAndWait("Should I renew the Acme contract?", STREAM_TIMEOUT);
  await expect(playground.article("MainAgent: The council's view: Renew, but for one year")).toBeVisible();
  await timeline.filter.fill("agent:JediAgent type:agent_start");
  await expect(timeline.row("agent_start JediAgent")).toHaveAttribute("aria-level", "4");
  await timeline.filter.fill("");

  await playground.sendAndWait("Research Acme's latest news", STREAM_TIMEOUT);
  await expect(playground.article("MainAgent: ResearchAgent is on it in the background")).toBeVisible();
  await timeline.filter.fill("type:delegation");
  await expect(timeline.row("delegation_queued ResearchAgent (MainAgent)")).toBeVisible();
  // The background task settles and a hidden follow-up turn has MainAgent report the findings.
  await expect(playground.article("MainAgent: Update from ResearchAgent (task")).toContainText("Acme Cloud Vault", { timeout: STREAM_TIMEOUT });
  await expect(timeline.row("delegation_completed ResearchAgent (MainAgent)")).toBeVisible();
  await expect(playground.article("User: [Background task")).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);
});
