// The seed 001 and 004 templates in the browser: Personal assistant plans and runs actions
// (a deletion waits for Approve), Routed support routes through the crisis gate with a
// forced-tool fallback and sanitizes General's replies.
import { expect, test } from "./fixtures";
import { InterruptPage } from "./pages/InterruptPage";

test("Personal assistant plans a day in parallel and deletes a task only after Approve", async ({ app, controls, playground, timeline, page }) => {
  await app.goto();
  await controls.openTemplate("Personal assistant");
  await playground.sendAndWait("Plan my day");
  await expect(playground.article("Reply: Here's your day. Weather in London: sunny")).toBeVisible();

  await playground.sendAndSettle("Delete task 7");
  const interrupt = new InterruptPage(page);
  await expect(interrupt.approval).toContainText("delete_task");
  await interrupt.approveButton.click();
  await expect(playground.article("Reply: Deleted task 7. Your open tasks now")).toBeVisible();
  await expect(playground.status).toHaveText("Idle");
  await expect(timeline.region.getByText(/confirm, then sequential/).first()).toBeVisible();
});

test("Routed support sends a crisis through the gate, stands in help lines and sanitizes General", async ({ app, controls, playground }) => {
  await app.goto();
  await controls.openTemplate("Routed support");
  await playground.sendAndWait("I want to hurt myself");
  await expect(playground.article("Crisis: I'm really sorry you're going through this, and I'm glad you told me.")).toContainText("988");
  await expect(playground.toolCall("lookup_crisis_resources")).toContainText("app fallback");

  await playground.sendAndWait("hello");
  const greeting = playground.article("General: Hi! This is the support desk.");
  await expect(greeting).toBeVisible();
  await expect(greeting).not.toContainText("tool_call");
});
