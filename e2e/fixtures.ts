// Shared Playwright fixtures: the app page object, the console errors a page reports, and a
// clean origin for every test in a reused browser context.
import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";
import { AppPage } from "./pages/AppPage";
import { CanvasPage } from "./pages/CanvasPage";
import { GraphControls } from "./pages/GraphControls";
import { PlaygroundPage } from "./pages/PlaygroundPage";
import { TimelinePage } from "./pages/TimelinePage";

type Fixtures = {
  /**
   * Set for a test whose page must not be one an earlier test used (`test.use({ freshContext:
   * true })`). Tests get a fresh context anyway when `reuseContext` is off or on a retry.
   */
  freshContext: boolean;
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

type WorkerFixtures = {
  /** The worker's reused context and the options it was made with, while it can be reused. */
  sharedContext: SharedContext;
};

interface SharedContext {
  current?: { context: BrowserContext; key: string };
}

/**
 * Calls whose effect outlives the test and has no undo in Playwright's API (init scripts,
 * bindings, a fake clock, emulation): after a test made one, the worker's context is closed
 * rather than handed to the next test.
 */
const LASTING_PAGE_CALLS = ["addInitScript", "exposeBinding", "exposeFunction", "emulateMedia", "setViewportSize", "setExtraHTTPHeaders"] as const;
const LASTING_CONTEXT_CALLS = [
  "addInitScript",
  "exposeBinding",
  "exposeFunction",
  "setExtraHTTPHeaders",
  "setOffline",
  "setGeolocation",
  "addCookies",
] as const;
const LASTING_CLOCK_CALLS = ["install", "pauseAt", "setFixedTime", "setSystemTime"] as const;
const LISTENING_CALLS = ["on", "once", "addListener", "prependListener"] as const;
/** How long putting a reused context back in order may take before it is closed instead. */
const RESET_TIMEOUT_MS = 10_000;

type Listened = { target: Page | BrowserContext; event: string; listener: (...args: unknown[]) => void };

/**
 * Watches what a test does to a reused page and context: the listeners it adds (removed after
 * the test) and whether it made a lasting call. `restore()` puts the methods back.
 */
function watchTest(context: BrowserContext, page: Page): { listened: Listened[]; lasting: () => boolean; restore: () => void } {
  const listened: Listened[] = [];
  let lasting = false;
  const restores: (() => void)[] = [];
  const wrap = (target: object, name: string, after: (args: unknown[]) => void) => {
    const record = target as Record<string, (...args: unknown[]) => unknown>;
    const original = record[name];
    if (typeof original !== "function") return;
    record[name] = function (this: unknown, ...args: unknown[]) {
      after(args);
      return original.apply(target, args);
    };
    restores.push(() => (record[name] = original));
  };
  for (const name of LASTING_PAGE_CALLS) wrap(page, name, () => (lasting = true));
  for (const name of LASTING_CONTEXT_CALLS) wrap(context, name, () => (lasting = true));
  for (const clock of [page.clock, context.clock]) for (const name of LASTING_CLOCK_CALLS) wrap(clock, name, () => (lasting = true));
  for (const target of [page, context]) {
    for (const name of LISTENING_CALLS) {
      wrap(target, name, ([event, listener]) => listened.push({ target, event: String(event), listener: listener as Listened["listener"] }));
    }
  }
  return { listened, lasting: () => lasting, restore: () => restores.reverse().forEach((restore) => restore()) };
}

/**
 * Puts a reused context back as a new one would be for the next test: one page, on a blank
 * document, with no routes, listeners, permissions, cookies or session storage left from this
 * test. The app origin's stored data is emptied by `cleanOrigin` before each test.
 */
async function resetForNextTest(context: BrowserContext, baseURL: string | undefined, listened: Listened[]): Promise<void> {
  // Playwright's pages and contexts are event emitters; `off` is typed per event name.
  for (const { target, event, listener } of listened) (target as unknown as { off(event: string, listener: Listened["listener"]): void }).off(event, listener);
  const [page, ...others] = context.pages();
  await Promise.all(others.map((other) => other.close()));
  await context.unrouteAll({ behavior: "ignoreErrors" });
  await context.clearPermissions();
  await context.clearCookies();
  if (!page) return;
  await page.unrouteAll({ behavior: "ignoreErrors" });
  if (baseURL && page.url().startsWith(new URL(baseURL).origin)) {
    // Session storage belongs to the tab and no protocol call empties it from another document:
    // leave the app for a static file of its origin (the app keeps its draft on the way out), then empty it there.
    await page.goto(new URL("/favicon.svg", baseURL).href);
    await page.evaluate(() => sessionStorage.clear());
  }
  await page.goto("about:blank");
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  freshContext: [false, { option: true }],
  sharedContext: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: this has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const shared: SharedContext = {};
      await use(shared);
      await shared.current?.context.close();
    },
    { scope: "worker" },
  ],
  // Playwright's own `reuseContext` resets the context between tests, and with it empties the
  // HTTP cache, so every test's first page load fetched and compiled every script again (about
  // an eighth of the end-to-end tests' CPU time). This keeps one context and its page per worker
  // instead, and resets the rest itself (see `resetForNextTest`).
  context: async (
    {
      browser,
      reuseContext,
      freshContext,
      sharedContext,
      baseURL,
      bypassCSP,
      userAgent,
      viewport,
      deviceScaleFactor,
      isMobile,
      hasTouch,
      colorScheme,
      locale,
      timezoneId,
      permissions,
      acceptDownloads,
      javaScriptEnabled,
      ignoreHTTPSErrors,
      serviceWorkers,
      contextOptions,
    },
    use,
    testInfo,
  ) => {
    const chosen = {
      baseURL,
      bypassCSP,
      userAgent,
      viewport,
      deviceScaleFactor,
      isMobile,
      hasTouch,
      colorScheme,
      locale,
      timezoneId,
      permissions,
      acceptDownloads,
      javaScriptEnabled,
      ignoreHTTPSErrors,
      serviceWorkers,
    };
    const options = { ...contextOptions, ...Object.fromEntries(Object.entries(chosen).filter(([, value]) => value !== undefined)) };
    if (!reuseContext || freshContext || testInfo.retry > 0) {
      const context = await browser.newContext(options);
      await use(context);
      await context.close();
      return;
    }
    const key = JSON.stringify(options);
    if (sharedContext.current && sharedContext.current.key !== key) {
      await sharedContext.current.context.close();
      sharedContext.current = undefined;
    }
    const context = sharedContext.current?.context ?? (await browser.newContext(options));
    sharedContext.current = { context, key };
    const page = context.pages()[0] ?? (await context.newPage());
    const watch = watchTest(context, page);
    try {
      await use(context);
    } finally {
      watch.restore();
    }
    // A test that failed ends its worker; one that made a lasting call leaves a context no other test gets.
    let reusable = testInfo.status === testInfo.expectedStatus && !watch.lasting();
    if (reusable) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("reset timed out")), RESET_TIMEOUT_MS)));
      reusable = await Promise.race([resetForNextTest(context, baseURL, watch.listened), late])
        .then(() => true)
        .catch(() => false)
        .finally(() => clearTimeout(timer));
    }
    if (!reusable) {
      sharedContext.current = undefined;
      await context.close();
    }
  },
  page: async ({ context }, use) => {
    await use(context.pages()[0] ?? (await context.newPage()));
  },
  cleanOrigin: [
    async ({ page, baseURL }, use) => {
      // Tests share a browser context per worker (see `context` below). The previous test's page
      // left the app, but its dying worker may still hold an IndexedDB connection, which would
      // block a plain delete and make this test's page wait behind it. Clearing through the
      // DevTools protocol closes such connections and returns once the data is gone.
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
