// Issue 12, finding 9: one graph open in two tabs. A change saved in one tab reaches the other,
// and the other tab's next edit is saved on top of it, never over it.
import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { CanvasPage } from "./pages/CanvasPage";
import { GraphControls } from "./pages/GraphControls";

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
