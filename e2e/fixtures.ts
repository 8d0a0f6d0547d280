// Shared Playwright fixtures: the app page object, the console errors a page reports, and a
// clean origin for every test in a reused browser context.
import { test as base, expect } from "@playwright/test";
import { AppPage } from "./pages/AppPage";
import { CanvasPage } from "./pages/CanvasPage";
import { GraphControls } from "./pages/GraphControls";
import { PlaygroundPage } from "./pages/PlaygroundPage";
import { TimelinePage } from "./pages/TimelinePage";

type Fixtures = {
  app: AppPage;
  /** The header's graph controls of the test's page. */
  controls: GraphControls;
  /** The canvas, palette, inspector, Problems region and edit toolbar of the test's page. */
  editor: CanvasPage;
  /** Console errors and uncaught page errors, collected from before the first navigation. */
  consoleErrors: string[];
  /** Empties the app origin's storage before the test (see playwright.config.ts, `reuseContext`). */
  cleanOrigin: void;
  /** The Playground pane: messages, threads, Send / Stop and the run status. */
  playground: PlaygroundPage;
  /** The Timeline pane: the Events treegrid and its controls. */
  timeline: TimelinePage;
};

export const test = base.extend<Fixtures>({
  cleanOrigin: [
    async ({ page, baseURL }, use) => {
      // Tests share a browser context per worker. Playwright resets it between tests, but only
      // asks IndexedDB to delete the databases: a connection still held by the previous page's
      // dying worker blocks the delete, and then this test's page waits behind it. Clearing
      // through the DevTools protocol closes such connections and returns once the data is gone.
      if (baseURL) {
        const session = await page.context().newCDPSession(page);
        await session.send("Storage.clearDataForOrigin", { origin: new URL(baseURL).origin, storageTypes: "all" });
        await session.detach();
      }
      await use();
    },
    { auto: true },
  ],
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
  controls: async ({ page }, use) => {
    await use(new GraphControls(page));
  },
  editor: async ({ page }, use) => {
    await use(new CanvasPage(page));
  },
  playground: async ({ page }, use) => {
    await use(new PlaygroundPage(page));
  },
  timeline: async ({ page }, use) => {
    await use(new TimelinePage(page));
  },
});

export { expect };
