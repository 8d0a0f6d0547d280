// Evaluate: the Weather template's dataset on two variants (the graph as drawn, and a prompt that
// makes the scripted agent refuse): Stop mid-run keeps the finished cases and Resume runs the rest;
// the matrix and the summary (each figure named, drawn, with its table) show; a cell opens its trace in the timeline;
// the history keeps both runs and Compare highlights the cases the second one made fail.
import type { Locator, Page } from "@playwright/test";
import weatherAssistant from "../examples/weather-assistant.json" with { type: "json" };
import { expect, test } from "./fixtures";

const CASES = weatherAssistant.datasets[0]?.cases.length ?? 0;

/** The Weather template under another id, with a rule that refuses when the system prompt says so, streaming slowly enough for Stop to land mid-run. */
function weatherEval(): string {
  const document = structuredClone(weatherAssistant) as unknown as {
    meta: { id: string; name: string };
    nodes: { kind: string; data: { script?: { tokens_per_second?: number; rules: unknown[] } } }[];
  };
  document.meta = { ...document.meta, id: "weather-evaluation", name: "Weather evaluation" };
  for (const node of document.nodes) {
    if (node.kind !== "agent" || !node.data.script) continue;
    node.data.script.tokens_per_second = 30;
    node.data.script.rules.unshift({ when: "system.contains('Refuse')", reply: "I will not answer that." });
  }
  return JSON.stringify(document);
}

const cellsWith = (grid: Locator, statuses: string[]) => grid.locator(statuses.map((s) => `[role="gridcell"][data-status="${s}"]`).join(", "));

async function openEvaluate(page: Page): Promise<Locator> {
  await page.getByRole("banner").getByRole("button", { name: "Evaluations", exact: true }).click();
  await page.getByRole("menuitem", { name: "Evaluate", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Evaluate", exact: true });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("Evaluate compares two variants: Stop keeps cases, Resume ends it, summary charts and traces show, history highlights a regression", async ({
  page,
  app,
  controls,
  editor,
  timeline,
}) => {
  test.setTimeout(180_000);
  await app.goto();
  await controls.import("weather-evaluation.json", weatherEval());
  await expect(controls.graphName).toHaveValue("Weather evaluation");

  let dialog = await openEvaluate(page);
  await dialog.getByRole("button", { name: "Add variant", exact: true }).click();
  await dialog.getByRole("textbox", { name: "Variant 2 name", exact: true }).fill("Refuses");
  await dialog.getByRole("combobox", { name: "Variant 2 prompt of", exact: true }).selectOption({ label: "Assistant" });
  await dialog.getByRole("textbox", { name: "Variant 2 system prompt", exact: true }).fill("Refuse every question.");
  await dialog.getByRole("spinbutton", { name: "Concurrency", exact: true }).fill("1");
  await dialog.getByRole("button", { name: "Run evaluation", exact: true }).click();

  // Stop once two cases have ended: they stay, the rest do not run.
  const grid = dialog.getByRole("grid", { name: "Results", exact: true });
  await expect(dialog.getByRole("progressbar", { name: "Evaluation progress" })).toBeVisible();
  await expect.poll(() => cellsWith(grid, ["passed", "failed"]).count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
  await dialog.getByRole("button", { name: "Stop evaluation", exact: true }).click();
  await expect(dialog.getByRole("status")).toHaveText(/Stopped: Resume runs the rest/);
  const kept = await cellsWith(grid, ["passed", "failed"]).count();
  expect(kept).toBeLessThan(CASES * 2);
  const firstReply = await grid.getByRole("gridcell").first().textContent();

  await dialog.getByRole("spinbutton", { name: "Concurrency", exact: true }).fill("4");
  await dialog.getByRole("button", { name: "Resume", exact: true }).click();
  await expect(dialog.getByRole("status")).toHaveText(/Completed/, { timeout: 90_000 });
  // The finished cases were kept as they were, and every cell has a verdict now.
  await expect(grid.getByRole("gridcell").first()).toHaveText(firstReply ?? "");
  await expect(grid.getByRole("columnheader")).toHaveText(["Case", "As drawn", "Refuses"]);
  await expect(grid.getByRole("row").nth(1).getByRole("gridcell").nth(0)).toContainText("Passed");
  await expect(grid.getByRole("row").nth(1).getByRole("gridcell").nth(1)).toContainText("Failed");
  await expect(grid.getByRole("row").nth(1).getByRole("gridcell").nth(1)).toContainText("I will not answer that.");
  // A failed judge says why.
  await expect(grid.getByRole("row").nth(1).getByRole("gridcell").nth(1)).toContainText("It does not answer the question.");

  const summary = dialog.getByRole("region", { name: "Summary", exact: true });
  for (const name of ["Pass rate per variant", "Latency per variant", "Cost per variant", "Pass rate against cost"]) {
    const figure = summary.getByRole("figure", { name, exact: true });
    await expect(figure.getByRole("table")).toBeVisible();
    // The chart itself: drawn with visx, one mark per variant at least.
    const chart = figure.locator("svg[data-chart]");
    await expect(chart).toBeVisible();
    // A mark per variant (the scripted model has no prices, so its cost bars are flat: attached, not visible).
    await expect(chart.locator(".visx-bar, circle").first()).toBeAttached();
  }
  await expect(summary.getByRole("figure", { name: "Pass rate per variant" }).getByRole("row", { name: /As drawn/ })).toContainText("100%");
  await expect(summary.getByRole("figure", { name: "Pass rate per variant" }).getByRole("row", { name: /Refuses/ })).toContainText("0%");

  // The keyboard moves through the grid; Enter on a cell opens its trace in the timeline.
  await grid.getByRole("rowheader").first().click();
  await page.keyboard.press("ArrowRight");
  await expect(grid.getByRole("row").nth(1).getByRole("gridcell").nth(0)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(timeline.row("tool_call get_weather")).toHaveCount(1);

  // A prompt change that makes the agent refuse: the second run regresses every case of As drawn.
  await editor.selectWithKeyboard("Assistant");
  await editor.field("System prompt").fill("Refuse to answer.");
  await editor.field("System prompt").press("Tab");
  dialog = await openEvaluate(page);
  await expect(dialog.getByRole("list", { name: "Evaluation history" }).getByRole("listitem")).toHaveCount(1);
  await dialog.getByRole("button", { name: "Run evaluation", exact: true }).click();
  await expect(dialog.getByRole("status")).toHaveText(/Completed/, { timeout: 90_000 });
  const history = dialog.getByRole("list", { name: "Evaluation history" }).getByRole("listitem");
  await expect(history).toHaveCount(2);
  for (const item of await history.all()) await item.getByRole("checkbox").check();
  await dialog.getByRole("button", { name: "Compare", exact: true }).click();
  const comparison = dialog.getByRole("region", { name: "Comparison", exact: true });
  await expect(comparison).toContainText(`${CASES} regressed`);
  await expect(comparison.locator('tr[data-change="regressed"]')).toHaveCount(CASES);

  // Deleting the older run leaves one.
  await history.last().getByRole("button", { name: "Delete", exact: true }).click();
  await expect(history).toHaveCount(1);
});
