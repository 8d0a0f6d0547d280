// A non-blocking delegation survives a page reload (seed 002, issue #5): the background task is
// in IndexedDB, the reloaded page's worker runs it again, and the follow-up turn reports it.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// Each test streams a sub-agent for seconds around a reload: run them one at a time, not against each other.
test.describe.configure({ mode: "serial" });

/** Main delegates research to Research in the background; Research streams its answer slowly. */
function backgroundTeam(): string {
  const scripted = { id: "scripted", provider: "scripted", model: "scripted" };
  const agent = (id: string, x: number, data: Record<string, unknown>) => ({
    id,
    kind: "agent",
    position: { x, y: 120 },
    data: { model: "scripted", ...data },
  });
  return JSON.stringify({
    version: 1,
    meta: { id: "background-team", name: "Background team" },
    models: [scripted],
    nodes: [
      { id: "start", kind: "start", position: { x: 0, y: 120 }, data: { name: "Start" } },
      agent("main", 220, {
        name: "Main",
        system_prompt: "You delegate research.",
        script: {
          rules: [
            { match: "^research (?<topic>.+)", tool_calls: [{ name: "Research", args: { message: "{{ match.topic }}", blocking: false } }] },
            { on: "tool", tool: "Research", reply: "Research is working on it in the background." },
            { match: "^\\[Background task \\S+\\] Research finished", reply: "Research is back: the market grew 12% this year." },
            { match: "^\\[Background task \\S+\\] Research failed", reply: "Research could not finish." },
          ],
        },
      }),
      agent("research", 220, {
        name: "Research",
        description: "Researches a topic.",
        // About four seconds of streaming: the reload lands while the task runs.
        script: { tokens_per_second: 5, rules: [{ match: ".", reply: "Markets grew twelve percent this year, led by strong demand in the second half." }] },
      }),
      { id: "end", kind: "end", position: { x: 480, y: 120 }, data: { name: "End" } },
    ],
    edges: [
      { id: "e1", kind: "flow", source: "start", target: "main" },
      { id: "e2", kind: "flow", source: "main", target: "end" },
      { id: "d1", kind: "delegation", source: "main", target: "research", mode: "tool", blocking: false },
    ],
  });
}

test("a background delegation running when the page reloads still reports its result", async ({ app, controls, playground, page }) => {
  await app.goto();
  await controls.import("background-team.json", backgroundTeam());
  await expect(controls.graphName).toHaveValue("Background team");

  await playground.sendAndWait("research markets");
  await expect(playground.article("Main: Research is working on it in the background.")).toBeVisible();

  // The task is running (Research streams for seconds); reload before it can finish.
  await page.reload();
  await expect(app.heading).toBeVisible();
  await expect(controls.graphName).toHaveValue("Background team");
  await expect(playground.article("User: research markets")).toBeVisible();

  // The reloaded page's worker runs the task again and the follow-up turn reports it.
  await expect(playground.article("Main: Research is back: the market grew 12% this year.")).toBeVisible({ timeout: 30_000 });
  // The follow-up turn also carries the background sub-agent's own reply.
  await expect(playground.article("Research: Markets grew twelve percent this year")).toBeVisible();
  await expect(playground.status).toHaveText("Idle");

  // It finished on the reloaded page: the task ran twice and is reported, so nothing is left open.
  // The worker marks the task reported once the follow-up run has ended, just after the
  // playground shows Idle, so the stored record is polled rather than read once.
  await expect.poll(() => storedTasks(page)).toEqual([{ agent: "Research", status: "completed", attempts: 2, reported: true }]);
});

test("a background delegation that cannot run after the reload is shown failed, with the reason", async ({ app, controls, editor, playground, page }) => {
  await app.goto();
  await controls.import("background-team.json", backgroundTeam());
  await expect(controls.graphName).toHaveValue("Background team");
  await playground.sendAndWait("research markets");

  // While Research works, it is deleted from the graph; the reloaded page cannot run it again.
  await editor.selectWithKeyboard("Research");
  await page.keyboard.press("Delete");
  await expect(controls.node("Research")).toHaveCount(0);
  await expect(controls.saved).toBeVisible();
  await page.reload();
  await expect(app.heading).toBeVisible();

  await expect(playground.article("Error: Research could not finish task")).toBeVisible({ timeout: 30_000 });
  await expect(playground.article("Error: Research could not finish task")).toContainText('the graph no longer has an agent named "Research"');
  expect(await storedTasks(page)).toEqual([{ agent: "Research", status: "failed", attempts: 1, reported: true }]);
});

/** The background tasks in the app's IndexedDB, as the worker stored them. */
function storedTasks(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ agent: string; status: string; attempts: number; reported: boolean }[]>((resolve, reject) => {
        const open = indexedDB.open("graphwright");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction("tasks").objectStore("tasks").getAll();
          request.onerror = () => reject(request.error);
          request.onsuccess = () => {
            const rows = request.result as { task: { agent: string; status: string; attempts: number; reported: boolean } }[];
            open.result.close();
            resolve(rows.map(({ task }) => ({ agent: task.agent, status: task.status, attempts: task.attempts, reported: task.reported })));
          };
        };
      }),
  );
}
