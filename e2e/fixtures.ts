// Shared Playwright fixtures: the app page object and the console errors a page reports.
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
  /** The Playground pane: messages, threads, Send / Stop and the run status. */
  playground: PlaygroundPage;
  /** The Timeline pane: the Events treegrid and its controls. */
  timeline: TimelinePage;
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
