// The workspace shell: landmarks, a clean console, and the system colour scheme.
import { expect, test } from "./fixtures";
import { LANDMARKS } from "./pages/AppPage";

test("shows the five workspace landmarks by role and name", async ({ app }) => {
  await app.goto();
  for (const name of LANDMARKS) {
    await expect(app.landmark(name)).toBeVisible();
  }
});

test("loads without console errors", async ({ app, consoleErrors }) => {
  await app.goto();
  await app.page.waitForLoadState("networkidle");
  expect(consoleErrors).toEqual([]);
});

test("follows the system dark colour scheme", async ({ app }) => {
  const canvas = app.landmark("Canvas");
  const background = () => canvas.evaluate((element) => getComputedStyle(element).backgroundColor);

  await app.page.emulateMedia({ colorScheme: "light" });
  await app.goto();
  const light = await background();

  await app.page.emulateMedia({ colorScheme: "dark" });
  await expect.poll(background).not.toBe(light);
});
