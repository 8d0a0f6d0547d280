// Shared Playwright fixtures: the app page object and the console errors a page reports.
import { test as base, expect } from "@playwright/test";
import { AppPage } from "./pages/AppPage";

type Fixtures = {
  app: AppPage;
  /** Console errors and uncaught page errors, collected from before the first navigation. */
  consoleErrors: string[];
};

export const test = base.extend<Fixtures>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
    },
    { auto: true },
  ],
  app: async ({ page }, use) => {
    await use(new AppPage(page));
  },
});

export { expect };
