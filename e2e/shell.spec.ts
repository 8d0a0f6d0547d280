// The workspace shell: a clean console and the system colour scheme (its landmarks: contract.spec.ts).
import { expect, test } from "./fixtures";

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
