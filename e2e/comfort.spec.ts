// Comfort and layout: Ctrl/Cmd+K reaches every command, the theme switch, a minimap that never
// covers nodes, resizable and collapsible panes kept across reloads, and example messages that
// make a first run one click.
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

test.afterEach(({ consoleErrors }) => {
  expect(consoleErrors).toEqual([]);
});

/** Opens Ctrl/Cmd+K, filters by `query` and runs the first command it finds, which must be `title`. */
async function runCommand(page: Page, query: string, title: string): Promise<void> {
  await page.keyboard.press("ControlOrMeta+k");
  const palette = page.getByRole("dialog", { name: "Command palette" });
  await expect(palette).toBeVisible();
  await palette.getByRole("combobox", { name: "Filter commands" }).fill(query);
  await expect(palette.getByRole("option").first()).toHaveAccessibleName(title);
  await expect(palette.getByRole("option", { name: title, exact: true })).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(palette).toBeHidden();
}

/** Chooses an item of the header's View menu (a layout preset or a theme). */
async function chooseView(page: Page, item: string): Promise<void> {
  await page.getByRole("banner").getByRole("button", { name: "View", exact: true }).click();
  const menu = page.getByRole("menu", { name: "View" });
  await menu.getByRole("menuitemradio", { name: item, exact: true }).click();
  await expect(menu).toBeHidden();
}

/** Which item of a View menu group is checked (null for none), read with the menu open, then closed. */
async function checkedIn(page: Page, group: "Layout" | "Theme"): Promise<string | null> {
  await page.getByRole("banner").getByRole("button", { name: "View", exact: true }).click();
  const items = page.getByRole("menu", { name: "View" }).getByRole("group", { name: group }).getByRole("menuitemradio", { checked: true });
  const names = await items.allTextContents();
  await page.keyboard.press("Escape");
  return names[0]?.replace("●", "").trim() ?? null;
}

async function height(locator: Locator): Promise<number> {
  return (await locator.boundingBox())?.height ?? 0;
}

test("Ctrl/Cmd+K finds Save version, Run tests and the theme switch, and runs them", async ({ app, controls, page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await app.goto();
  const html = page.locator("html");
  await expect(html).not.toHaveClass(/\bdark\b/);

  await runCommand(page, "save version", "Save version");
  const saveVersion = controls.dialog("Save version");
  await expect(saveVersion).toBeVisible();
  await saveVersion.press("Escape");
  await expect(saveVersion).toBeHidden();

  await runCommand(page, "run tests", "Run tests");
  const runTests = controls.dialog("Run tests");
  await expect(runTests).toBeVisible();
  await runTests.press("Escape");
  await expect(runTests).toBeHidden();

  // Arrow keys move through the list; Escape closes it and runs nothing.
  await page.keyboard.press("ControlOrMeta+k");
  const palette = page.getByRole("dialog", { name: "Command palette" });
  await palette.getByRole("combobox", { name: "Filter commands" }).fill("theme");
  await expect(palette.getByRole("option")).toHaveCount(3);
  await page.keyboard.press("ArrowDown");
  await expect(palette.getByRole("option", { name: "Theme: Light", exact: true })).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Escape");
  await expect(palette).toBeHidden();

  await runCommand(page, "theme dark", "Theme: Dark");
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await checkedIn(page, "Theme")).toBe("Dark");

  // Remembered in this browser and applied before the app renders.
  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await chooseView(page, "Light");
  await expect(html).not.toHaveClass(/\bdark\b/);
});

test("Ctrl/Cmd+K right after Escape closed the palette opens it again, however busy the page", async ({ app, page }) => {
  await app.goto();
  const palette = page.getByRole("dialog", { name: "Command palette" });
  await page.keyboard.press("ControlOrMeta+k");
  await expect(palette).toBeVisible();
  // The page is busy while both keys arrive: the browser then handles them one after the other,
  // before the tasks the first one queued (as on a loaded machine).
  await page.evaluate(() => {
    setTimeout(() => {
      const busyUntil = performance.now() + 400;
      while (performance.now() < busyUntil);
    }, 0);
  });
  await Promise.all([page.keyboard.press("Escape"), page.keyboard.press("ControlOrMeta+k")]);
  await expect(palette).toBeVisible();
  await expect(palette.getByRole("combobox", { name: "Filter commands" })).toBeFocused();
});

test("the minimap covers no node at 1366×768 on any template", async ({ app, controls, editor, page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await app.goto();
  const minimap = controls.canvas.locator(".react-flow__minimap");
  /** The nodes (by name) whose boxes meet the minimap's box. */
  const covered = async (): Promise<string[]> => {
    const map = await minimap.boundingBox();
    if (!map) return ["no minimap"];
    const boxes = await editor.nodes.evaluateAll((nodes) =>
      nodes.map((node) => ({ name: node.getAttribute("aria-label") ?? "", ...(node.getBoundingClientRect().toJSON() as DOMRectReadOnly) })),
    );
    return boxes.filter((b) => b.left < map.x + map.width && map.x < b.right && b.top < map.y + map.height && map.y < b.bottom).map((b) => b.name);
  };
  for (const { title } of await controls.templateList()) {
    await controls.openTemplate(title);
    await expect(editor.nodes.first()).toBeVisible();
    await expect(minimap).toBeVisible();
    // The first fit settles once the nodes are measured: polled until then, never slept on.
    await expect.poll(covered, { message: title }).toEqual([]);
    // The Controls' Fit View leaves the minimap its corner too.
    await controls.canvas.getByRole("button", { name: "Zoom In" }).click();
    await controls.canvas.getByRole("button", { name: "Fit View" }).click();
    await expect.poll(covered, { message: `${title}, after Fit View` }).toEqual([]);
  }

  // The minimap can be put away, and stays away.
  await controls.canvas.getByRole("button", { name: "Hide minimap", exact: true }).click();
  await expect(minimap).toBeHidden();
  await page.reload();
  await expect(controls.canvas.getByRole("button", { name: "Show minimap", exact: true })).toBeVisible();
  await expect(minimap).toBeHidden();
});

test("collapsed and resized panes and the debug layout survive a reload", async ({ app, page }) => {
  await app.goto();
  const canvas = app.landmark("Canvas");
  const timeline = app.landmark("Timeline");
  expect(await checkedIn(page, "Layout")).toBe("Default layout");

  await chooseView(page, "Debug layout");
  await expect.poll(() => height(timeline)).toBeGreaterThan(await height(canvas));
  await page.reload();
  expect(await checkedIn(page, "Layout")).toBe("Debug layout");
  await expect.poll(() => height(timeline)).toBeGreaterThan(await height(canvas));

  // Collapse the playground to its heading, and give the timeline more room from the keyboard.
  await app.landmark("Playground").getByRole("button", { name: "Collapse Playground", exact: true }).click();
  await expect(app.landmark("Playground").getByRole("button", { name: "Expand Playground", exact: true })).toBeVisible();
  await expect(app.landmark("Playground").getByRole("textbox", { name: "Message" })).not.toBeInViewport();
  const before = await height(timeline);
  const separator = page.getByRole("separator", { name: "Resize timeline", exact: true });
  await separator.focus();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect.poll(() => height(timeline)).toBeGreaterThan(before + 20);
  expect(await checkedIn(page, "Layout")).toBeNull();
  const resized = await height(timeline);

  await page.reload();
  await expect(app.landmark("Playground").getByRole("button", { name: "Expand Playground", exact: true })).toBeVisible();
  await expect.poll(() => height(timeline)).toBeCloseTo(resized, -1);

  // The playground expands from its heading; Ctrl/Cmd+K collapses the canvas; the default layout brings every pane back.
  await app.landmark("Playground").getByRole("button", { name: "Expand Playground", exact: true }).click();
  await expect(app.landmark("Playground").getByRole("textbox", { name: "Message" })).toBeInViewport();
  await runCommand(page, "canvas", "Collapse or expand Canvas");
  await expect(canvas.getByRole("button", { name: "Expand Canvas", exact: true })).toBeVisible();
  await chooseView(page, "Default layout");
  await expect(canvas.getByRole("button", { name: "Collapse Canvas", exact: true })).toBeVisible();
  await expect.poll(() => height(canvas)).toBeGreaterThan(await height(timeline));
});

test("an empty playground offers the graph's example messages, and one click runs one", async ({ app, playground }) => {
  await app.goto();
  const examples = playground.region.getByRole("group", { name: "Example messages", exact: true });
  await expect(examples.getByRole("button")).toHaveCount(3);
  await examples.getByRole("button", { name: "What's the weather in Paris?", exact: true }).click();
  await expect(playground.article("User: What's the weather in Paris?")).toBeVisible();
  await expect(playground.toolCall("get_weather")).toBeVisible();
  await expect(playground.status).toHaveText("Idle");
  await expect(playground.replies.last()).toContainText("Sunny");
  await expect(examples).toBeHidden();
});
