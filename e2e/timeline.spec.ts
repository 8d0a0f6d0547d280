// The Timeline: every event of the thread as a call tree, filter and Verbose, the selected
// event's payload and checkpoint state, trace export, fork and replay, and reload.
import { expect, test } from "./fixtures";

test("a run appears as a call tree: the run at level 1, the agent at 2, its tool call at 3", async ({ app, playground, timeline }) => {
  await app.goto();
  await playground.sendAndWait("What's the weather in Paris?");
  const run = timeline.row("run_start");
  await expect(run).toHaveAttribute("aria-level", "1");
  await expect(run).toHaveAttribute("aria-expanded", "true");
  const agent = timeline.row("agent_start Assistant");
  await expect(agent).toHaveAttribute("aria-level", "2");
  await expect(agent).toHaveAttribute("aria-expanded", "true");
  await expect(timeline.row("run_end")).toBeVisible();
  // Every call shows without Verbose; a token is never a row (its message's row has the text).
  await expect(timeline.row("tool_call get_weather (Assistant)")).toHaveAttribute("aria-level", "3");
  await expect(timeline.row("tool_result get_weather (Assistant)")).toBeVisible();
  await expect(timeline.row("message_delta")).toHaveCount(0);

  await timeline.verbose.check();
  await expect(timeline.row("message_delta")).toHaveCount(0);
  await expect(timeline.row("ai_message Assistant").first()).toHaveAttribute("aria-level", "2");
});

test("calls fold and unfold from the keyboard", async ({ app, playground, timeline }) => {
  await app.goto();
  await playground.sendAndWait("hello");
  const agent = timeline.row("agent_start Assistant");
  await agent.click();
  await expect(agent).toHaveAttribute("aria-selected", "true");
  await timeline.tree.press("ArrowLeft");
  await expect(agent).toHaveAttribute("aria-expanded", "false");
  await expect(timeline.row("ai_message Assistant")).toHaveCount(0);
  await expect(timeline.row("agent_end Assistant")).toHaveCount(0);
  await expect(timeline.row("run_end")).toBeVisible();
  await timeline.tree.press("ArrowRight");
  await expect(agent).toHaveAttribute("aria-expanded", "true");
  await expect(timeline.row("ai_message Assistant")).toBeVisible();
});

test("the filter narrows the rows by type, agent or text", async ({ app, playground, timeline }) => {
  await app.goto();
  await playground.sendAndWait("hello");
  await playground.sendAndWait("What's the weather in London?");
  await timeline.filter.fill("type:ai_message");
  await expect(timeline.rows).toHaveCount(3);
  await timeline.filter.fill("london");
  await expect(timeline.row("run_start")).toHaveCount(1);
  await expect(timeline.row("tool_call get_weather")).toHaveCount(1);
  await timeline.filter.fill("agent:assistant type:agent_start");
  await expect(timeline.rows).toHaveCount(2);
  await timeline.filter.fill("type:run_start");
  await expect(timeline.row("run_start")).toHaveCount(2);
  // `-` leaves a term out; a filter also finds the node steps Verbose would show.
  await timeline.filter.fill("agent:assistant -type:ai_message -type:agent -type:message");
  await expect(timeline.rows).toHaveCount(2);
  await expect(timeline.row("tool_call get_weather")).toHaveCount(1);
  await expect(timeline.row("tool_result get_weather")).toHaveCount(1);
  // Matches inside a folded call are counted, not lost.
  await timeline.filter.fill("");
  await timeline.row("agent_start Assistant").last().click();
  await timeline.tree.press("ArrowLeft");
  await timeline.filter.fill("tool:get_weather");
  await expect(timeline.region.getByRole("status", { name: "Filter note" })).toHaveText("2 matching events are inside folded calls: unfold them to see them.");
});

test("selecting an event shows its payload and the state at its checkpoint", async ({ app, playground, timeline }) => {
  await app.goto();
  await playground.sendAndWait("What's the weather in Paris?");
  await timeline.row("run_end").click();
  const payload = timeline.details.getByRole("region", { name: "Event payload" });
  await expect(payload).toContainText('"type": "run_end"');
  await expect(payload).toContainText('"status": "completed"');
  const state = timeline.details.getByRole("region", { name: "State at checkpoint" });
  await expect(state).toContainText('"content": "What\'s the weather in Paris?"');
  await expect(state).toContainText('"content": "Right now: Sunny, 21°C, light wind in Paris."');
});

test("Export trace downloads the thread's events as JSON", async ({ app, playground, timeline }) => {
  await app.goto();
  await playground.sendAndWait("hello");
  const { fileName, json } = await timeline.exportTrace();
  expect(fileName).toBe("hello-trace.json");
  const trace = json as { format: string; events: { type: string }[] };
  expect(trace.format).toBe("graphwright-trace");
  expect(trace.events[0]?.type).toBe("run_start");
  expect(trace.events.at(-1)?.type).toBe("run_end");
});

test("Fork from here starts a new thread from the selected checkpoint", async ({ app, playground, timeline }) => {
  await app.goto();
  await expect(timeline.forkButton).toBeDisabled();
  await playground.sendAndWait("hello");
  await playground.sendAndWait("What's the weather in Paris?");
  await timeline.row("run_end").first().click();
  await expect(timeline.forkButton).toBeEnabled();
  await timeline.forkButton.click();
  await expect(playground.thread.locator("option:checked")).toHaveText("hello (fork)");
  await expect(playground.article("User: hello")).toBeVisible();
  await expect(playground.article("User: What's the weather in Paris?")).toHaveCount(0);

  await playground.sendAndWait("What's the weather in London?");
  await timeline.row("final_state").last().click();
  const state = timeline.details.getByRole("region", { name: "State at checkpoint" });
  await expect(state).toContainText('"content": "hello"');
  await expect(state).toContainText("Drizzle, 14°C in London");
  await expect(state).not.toContainText("Paris");
});

test("Replay run runs a recorded turn again in a new thread with the same answers", async ({ app, playground, timeline }) => {
  await app.goto();
  await expect(timeline.replayButton).toBeDisabled();
  await playground.sendAndWait("What's the weather in Paris?");
  await timeline.row("run_start").click();
  await timeline.replayButton.click();
  await expect(playground.thread.locator("option:checked")).toHaveText("What's the weather in Paris? (replay)");
  await expect(playground.status).toHaveText("Idle");
  await expect(playground.article("Assistant: Right now: Sunny, 21°C, light wind in Paris.")).toBeVisible();
  await expect(playground.toolCall("get_weather")).toBeVisible();
});

test("the timeline survives a reload", async ({ app, page, playground, timeline }) => {
  await app.goto();
  await playground.sendAndWait("What's the weather in Paris?");
  await timeline.verbose.check();
  const count = await timeline.rows.count();
  expect(count).toBeGreaterThan(10);
  await page.reload();
  await expect(timeline.row("run_start")).toBeVisible();
  await timeline.verbose.check();
  await expect(timeline.row("tool_call get_weather (Assistant)")).toBeVisible();
  await expect(timeline.rows).toHaveCount(count);
});

test("only the rows in view are in the DOM", async ({ app, timeline }) => {
  await app.goto("/?fixture=timeline-100k");
  await expect(timeline.rows.first()).toBeVisible({ timeout: 30_000 });
  const shown = await timeline.tree.getAttribute("aria-rowcount");
  expect(Number(shown)).toBeGreaterThan(100);
  expect(await timeline.rows.count()).toBeLessThan(Number(shown));
});

test("the timeline keeps the newest event in view as runs add events, and stays where the reader scrolled up to", async ({ app, playground, timeline }) => {
  await app.goto();
  // Enough turns that the events overflow the pane.
  const scrollable = () => timeline.tree.evaluate((el) => el.scrollHeight > el.clientHeight + 26);
  for (let turn = 0; turn < 8 && !(await scrollable()); turn++) await playground.sendAndWait(`What's the weather in Paris? (${turn})`);
  expect(await scrollable()).toBe(true);
  await playground.sendAndWait("What's the weather in London?");
  // At the very end (rows out of view are not drawn, so the position says it), the last row in view.
  await expect.poll(() => timeline.tree.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(2);
  const rowCount = await timeline.tree.getAttribute("aria-rowcount");
  await expect(timeline.tree.locator(`[role="row"][aria-rowindex="${rowCount}"]`)).toBeInViewport();

  // Scrolled up to the first run: the next run's events do not pull the view down.
  await timeline.tree.evaluate((el) => {
    el.scrollTop = 0;
    el.dispatchEvent(new Event("scroll"));
  });
  await expect(timeline.row("run_start").first()).toBeInViewport();
  await playground.sendAndWait("What's the weather in Tokyo?");
  await expect(timeline.row("run_start").first()).toBeInViewport();
  expect(await timeline.tree.evaluate((el) => el.scrollTop)).toBe(0);
});
