// Live execution on the canvas (issue 15, item 1) in real Chromium: a run marks the nodes it
// visited with their status, visits and last duration, lights the edges it took, a node's badge
// selects its event in the timeline, a failing node is marked as failed, and Clear or the next
// run resets the overlay.
import { expect, test } from "./fixtures";
import type { CanvasPage } from "./pages/CanvasPage";

test.afterEach(({ consoleErrors }) => {
  expect(consoleErrors).toEqual([]);
});

/** The element of a node that carries its last run status (`data-status`, ui-contract.md). */
const statusOf = (editor: CanvasPage, name: string) => editor.node(name).locator("[data-status]");
const badge = (editor: CanvasPage, name: RegExp) => editor.canvas.getByRole("button", { name });
const taken = (editor: CanvasPage, edge: string) => editor.edge(edge).locator("path[data-taken]");

test("a run lights up the nodes it visited with status, visits and the edges it took; a badge selects its event", async ({
  app,
  controls,
  editor,
  playground,
  timeline,
}) => {
  await app.goto();
  await controls.openTemplate("Sage multi-agent loop");
  await expect(editor.canvas.locator("[data-status]")).toHaveCount(0);
  await playground.sendAndWait("Plan a team offsite");

  for (const name of ["Start", "is_task", "start_task", "task_loop", "task_planning", "task_summary", "End"])
    await expect(statusOf(editor, name), `${name} ran`).toHaveAttribute("data-status", "ok");
  // The Loop runs once per pass and once more to exit: at least two visits.
  await expect(badge(editor, /^task_loop: ok, ([2-9]|\d{2,}) visits, \d+(\.\d)? m?s — show in timeline$/)).toBeVisible();
  await expect(badge(editor, /^is_task: ok, 1 visit, \d+(\.\d)? m?s — show in timeline$/)).toBeVisible();
  // The If chose the task branch: the greeting branch was skipped, never visited.
  await expect(statusOf(editor, "greeter")).toHaveAttribute("data-status", "skipped");
  await expect(editor.canvas.getByRole("img", { name: "greeter: skipped" })).toBeVisible();

  await expect(taken(editor, "Flow edge from Start to is_task")).toHaveCount(1);
  await expect(taken(editor, "Flow edge from is_task to start_task")).toHaveCount(1);
  await expect(taken(editor, "Flow edge from task_summary to End")).toHaveCount(1);
  await expect(taken(editor, "Flow edge from is_task to greeter")).toHaveCount(0);
  await expect(taken(editor, "Flow edge from greeter to End")).toHaveCount(0);

  // The badge selects the node's last event; the timeline shows it (node steps need Verbose).
  await expect(timeline.verbose).not.toBeChecked();
  await badge(editor, /^task_summary: ok, 1 visit/).click();
  await expect(timeline.verbose).toBeChecked();
  const selected = timeline.tree.getByRole("row", { selected: true });
  await expect(selected).toHaveCount(1);
  await expect(selected).toHaveAccessibleName(/^node_end task_summary/);
  await expect(selected).toBeInViewport();
});

test("Clear removes the overlay, and the next run starts it afresh with its own counts", async ({ app, controls, editor, playground }) => {
  await app.goto();
  await controls.openTemplate("Sage multi-agent loop");
  const clear = editor.canvas.getByRole("button", { name: "Clear run overlay", exact: true });
  await expect(clear).toBeDisabled();
  await playground.sendAndWait("Plan a team offsite");
  await expect(statusOf(editor, "task_loop")).toHaveAttribute("data-status", "ok");

  await clear.click();
  await expect(editor.canvas.locator("[data-status]")).toHaveCount(0);
  await expect(editor.canvas.locator("path[data-taken]")).toHaveCount(0);
  await expect(clear).toBeDisabled();

  await playground.sendAndWait("hello there");
  await expect(badge(editor, /^greeter: ok, 1 visit, \d+(\.\d)? m?s — show in timeline$/)).toBeVisible();
  await expect(statusOf(editor, "is_task")).toHaveAttribute("data-status", "ok");
  await expect(badge(editor, /^is_task: ok, 1 visit,/)).toBeVisible();
  // The loop belongs to the previous run: this one never reached it.
  await expect(statusOf(editor, "task_loop")).toHaveCount(0);
  await expect(statusOf(editor, "start_task")).toHaveAttribute("data-status", "skipped");
  await expect(taken(editor, "Flow edge from is_task to greeter")).toHaveCount(1);
  await expect(taken(editor, "Flow edge from record_verdict to task_loop")).toHaveCount(0);
  await expect(clear).toBeEnabled();
});

/** Start → Divide (a Set state whose CEL expression divides by zero at run time) → End. */
const failingDoc = {
  version: 1,
  meta: { id: "overlay-failing", name: "Failing step" },
  state: { channels: [{ name: "ratio", type: "number", reducer: "replace", default: 0 }] },
  models: [{ id: "scripted", provider: "scripted", model: "scripted" }],
  nodes: [
    { id: "start", kind: "start", position: { x: 0, y: 0 }, data: { name: "Start" } },
    { id: "divide", kind: "set_state", position: { x: 240, y: 0 }, data: { name: "Divide", assignments: [{ channel: "ratio", expression: "1 / 0" }] } },
    { id: "end", kind: "end", position: { x: 520, y: 0 }, data: { name: "End" } },
  ],
  edges: [
    { id: "e1", kind: "flow", source: "start", target: "divide" },
    { id: "e2", kind: "flow", source: "divide", target: "end" },
  ],
};

test("a node that fails at run time is marked as failed and its badge shows the failure in the timeline", async ({
  app,
  controls,
  editor,
  playground,
  timeline,
}) => {
  await app.goto();
  await controls.import("failing-step.json", JSON.stringify(failingDoc));
  await expect(editor.node("Divide")).toBeVisible();
  await playground.sendAndSettle("go");
  await expect(playground.status).toHaveText(/^Error: /);

  await expect(statusOf(editor, "Divide")).toHaveAttribute("data-status", "error");
  await expect(taken(editor, "Flow edge from Start to Divide")).toHaveCount(1);
  await expect(taken(editor, "Flow edge from Divide to End")).toHaveCount(0);
  await expect(statusOf(editor, "End")).toHaveCount(0);

  await badge(editor, /^Divide: error, 1 visit/).click();
  await expect(timeline.tree.getByRole("row", { selected: true })).toHaveAccessibleName(/^node_end Divide/);
  await expect(timeline.details).toContainText(/division by zero|divide/i);
});
