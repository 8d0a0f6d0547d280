// Issue 12, finding 9: one graph open in two tabs. A change saved in one tab reaches the other,
// and the other tab's next edit is saved on top of it, never over it. Issue 26: one run per thread.
import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { CanvasPage } from "./pages/CanvasPage";
import { GraphControls } from "./pages/GraphControls";
import { PlaygroundPage } from "./pages/PlaygroundPage";

/** The graph's own Description field (the first of the inspector's graph settings; tools have one each too). */
const graphDescription = (page: Page) => new CanvasPage(page).field("Description").first();

test("tab B's rename reaches tab A, and A's description edit keeps it", async ({ app, controls, context }) => {
  test.setTimeout(90_000);
  await app.goto();
  await expect(controls.graphName).toHaveValue("Weather assistant");
  const pageB = await context.newPage();
  const tabB = new GraphControls(pageB);
  await pageB.goto("/");
  await expect(tabB.graphName).toHaveValue("Weather assistant");

  await tabB.rename("Renamed in B");
  await expect(tabB.saved).toBeVisible();
  // Tab A hears of the save and shows it without a reload.
  await expect(controls.graphName).toHaveValue("Renamed in B");

  const description = graphDescription(app.page);
  await description.fill("Described in A");
  await description.press("Tab");
  await expect(controls.saved).toBeVisible();
  await expect(graphDescription(pageB)).toHaveValue("Described in A");

  for (const page of [app.page, pageB]) {
    await page.reload();
    const tab = new GraphControls(page);
    await expect(tab.graphName).toHaveValue("Renamed in B");
    await expect(graphDescription(page)).toHaveValue("Described in A");
  }
});

// Issue 26, item 2: one run per thread. Tab A runs a long turn; tab B, on the same thread, is
// refused with the reason and keeps its draft; there is never a second run, and nothing shows twice.

const LONG_ANSWER =
  "This answer streams slowly, a few words a second, so that another tab showing the same thread has time to try to send while it runs: it must be told why it cannot and keep what it typed.";

/** One agent that answers `long…` slowly (about eight seconds) and anything else at once. */
function slowGraph(): string {
  return JSON.stringify({
    version: 1,
    meta: { id: "slow-graph", name: "Slow graph" },
    models: [{ id: "scripted", provider: "scripted", model: "scripted" }],
    nodes: [
      { id: "start", kind: "start", position: { x: 0, y: 120 }, data: { name: "Start" } },
      {
        id: "slow",
        kind: "agent",
        position: { x: 220, y: 120 },
        data: {
          name: "Slow",
          model: "scripted",
          script: {
            tokens_per_second: 5,
            rules: [
              { match: "^long", reply: LONG_ANSWER },
              { match: ".", reply: "Short answer." },
            ],
          },
        },
      },
      { id: "end", kind: "end", position: { x: 480, y: 120 }, data: { name: "End" } },
    ],
    edges: [
      { id: "e1", kind: "flow", source: "start", target: "slow" },
      { id: "e2", kind: "flow", source: "slow", target: "end" },
    ],
  });
}

/** The runs stored for each thread: how many turns really ran. */
function storedRuns(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ input: string; status: string }[]>((resolve, reject) => {
        const open = indexedDB.open("graphwright");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction("runs").objectStore("runs").getAll();
          request.onerror = () => reject(request.error);
          request.onsuccess = () => {
            const rows = request.result as { input: string; status: string }[];
            open.result.close();
            resolve(rows.map(({ input, status }) => ({ input, status })).sort((a, b) => a.input.localeCompare(b.input)));
          };
        };
      }),
  );
}

test("a second tab's send on a thread the first is running is refused, its draft kept, and never runs twice", async ({
  app,
  controls,
  playground,
  context,
}) => {
  test.setTimeout(120_000);
  await app.goto();
  await controls.import("slow-graph.json", slowGraph());
  await expect(controls.graphName).toHaveValue("Slow graph");
  await playground.sendAndWait("hello");

  const pageB = await context.newPage();
  const tabB = new PlaygroundPage(pageB);
  await pageB.goto("/");
  await expect(new GraphControls(pageB).graphName).toHaveValue("Slow graph");
  await expect(tabB.article("Slow: Short answer.")).toBeVisible();
  await expect(tabB.status).toHaveText("Idle");

  await playground.send("long turn please");
  await expect(playground.article("Slow: This answer streams")).toBeVisible({ timeout: 30_000 });
  await expect(playground.status).toHaveText("Running");

  await tabB.send("second opinion");
  await expect(tabB.status).toHaveText(/^Error: Not sent: this thread is running in another tab/, { timeout: 15_000 });
  await expect(tabB.message).toHaveValue("second opinion");
  await expect(tabB.article("User: second opinion")).toHaveCount(0);
  // Tab A was still running when B was refused: the refusal did not wait for it.
  await expect(playground.status).toHaveText("Running");

  await expect(playground.status).toHaveText("Idle", { timeout: 60_000 });
  await expect(playground.article("Slow: This answer streams")).toHaveCount(1);
  expect(await storedRuns(app.page)).toEqual([
    { input: "hello", status: "completed" },
    { input: "long turn please", status: "completed" },
  ]);

  // Once A is done, B's kept draft sends and runs, once.
  await tabB.sendButton.click();
  await expect(tabB.status).toHaveText("Idle", { timeout: 30_000 });
  await expect(tabB.article("User: second opinion")).toHaveCount(1);
  await expect(tabB.message).toHaveValue("");
  for (const page of [app.page, pageB]) {
    await page.reload();
    const tab = new PlaygroundPage(page);
    await expect(tab.article("User: second opinion")).toHaveCount(1);
    await expect(tab.article("User: long turn please")).toHaveCount(1);
    await expect(tab.article("Slow: This answer streams")).toHaveCount(1);
    await expect(tab.article("Slow: Short answer.")).toHaveCount(2);
  }
  expect(await storedRuns(app.page)).toEqual([
    { input: "hello", status: "completed" },
    { input: "long turn please", status: "completed" },
    { input: "second opinion", status: "completed" },
  ]);
});

test("a tab opened on a thread while another runs it waits, then shows that turn once", async ({ app, controls, playground, context }) => {
  test.setTimeout(120_000);
  await app.goto();
  await controls.import("slow-graph.json", slowGraph());
  await expect(controls.graphName).toHaveValue("Slow graph");
  await playground.sendAndWait("hello");
  await playground.send("long turn please");
  await expect(playground.article("Slow: This answer streams")).toBeVisible({ timeout: 30_000 });

  const pageB = await context.newPage();
  const tabB = new PlaygroundPage(pageB);
  await pageB.goto("/");
  await expect(tabB.article("User: long turn please")).toHaveCount(1);
  await expect(playground.status).toHaveText("Idle", { timeout: 60_000 });
  await expect(tabB.status).toHaveText("Idle", { timeout: 30_000 });
  await expect(tabB.article("Slow: This answer streams")).toHaveCount(1);
  await expect(tabB.article("User: long turn please")).toHaveCount(1);
  expect((await storedRuns(pageB)).map((run) => run.input)).toEqual(["hello", "long turn please"]);
});
