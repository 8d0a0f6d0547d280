// End-to-end tests in Debian's Chromium (never a Playwright-downloaded browser).
import { defineConfig, devices } from "@playwright/test";

const isCI = !!process.env.CI;
// Several people (or agents) can run e2e at once on one machine: each picks a port and a
// build folder with E2E_PORT, so no one reuses another's server or overwrites its build.
const port = Number(process.env.E2E_PORT ?? 4173);
const outDir = process.env.E2E_PORT ? `dist-e2e-${port}` : "dist";

/** Specs whose assertions race a deadline of the app's (Stop within 2.5 s, a tool's 6 s limit, a hung worker's restart). */
const TIMED_SPECS = ["javascript-tools.spec.ts", "stop-stuck-worker.spec.ts", "knowledge-hang.spec.ts"].map((file) => `**/${file}`);
/**
 * Specs holding the longest tests (15–35 s each): queued first, so the run does not end with one
 * worker finishing a long test while the others wait.
 */
const LONG_SPECS = ["team-reload-soak.spec.ts", "journey.spec.ts", "two-tabs.spec.ts", "memory.spec.ts", "server-run.spec.ts"].map((file) => `**/${file}`);

const chromium = {
  ...devices["Desktop Chrome"],
  headless: true,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  },
};

export default defineConfig({
  testDir: "e2e",
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  // Three workers on CI's 2 cores: with one, a test (its browser, page and test process) kept
  // about one core busy; with two, a tenth of the cores stayed idle while tests waited on
  // streams, servers and timers. Every test has its own browser context (its own IndexedDB) and
  // starts its servers on free ports, so tests run side by side, even those of one file (a file
  // whose tests share a server it starts in beforeAll keeps them in one worker, in order), except
  // the timed ones (the "timed" project below).
  workers: isCI ? 3 : undefined,
  fullyParallel: true,
  reporter: "list",
  // A check waits up to 10 s on CI (Playwright's default is 5): CI machines have been half as
  // fast as a developer's, and three browsers share their two cores, so a reload or a first
  // render once took longer than 5 s there. A passing check returns as soon as it holds, so
  // this costs nothing unless a check fails.
  expect: { timeout: isCI ? 10_000 : 5_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    // Recording a trace (DOM snapshots at every action and a screencast) cost about 40% more
    // CPU per test on this 2-core machine, for traces thrown away when the test passes. CI
    // records one when it retries a failed test; `npx playwright test --trace on` records all.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    // The tests of a worker share one browser context and its page (e2e/fixtures.ts resets
    // them between tests: pages, routes, listeners, permissions, cookies, session storage; the
    // app origin's storage is emptied before each test). A fresh context per test started a new
    // renderer that compiled the app from scratch: about 0.8 CPU s per test, a sixth of the
    // end-to-end run; Playwright's own reuse empties the HTTP cache between tests, about another
    // eighth. Tests that open more tabs or contexts still open their own. Specs held to the
    // app's deadlines keep a fresh context (below), as does every retry.
    reuseContext: true,
  },
  projects: [
    { name: "long", use: chromium, testMatch: LONG_SPECS },
    { name: "chromium", use: chromium, testIgnore: [...TIMED_SPECS, ...LONG_SPECS] },
    // Specs that hold the app to a deadline run last, two at a time (one browser per core), with
    // no other test competing: beside the other projects' three browsers, a drag during a 6 s
    // tool deadline once took longer than the deadline itself. Two at a time passed 108 of 108
    // runs of these nine tests on a 2-core machine, which take 39–42 s so (55–57 one at a time).
    { name: "timed", use: { ...chromium, reuseContext: false }, testMatch: TIMED_SPECS, workers: 2, dependencies: ["long", "chromium"] },
  ],
  webServer: {
    // A production build served by `vite preview`, not the dev server: the build takes about
    // a second, and the dev server's first-visit dependency optimisation can reload the page
    // mid-test. Tests then exercise the same bundle users get.
    // `npm test` builds it beforehand, beside the unit tests (E2E_PREBUILT=1), so the build's
    // seconds are not spent while the browsers wait.
    command: `${process.env.E2E_PREBUILT === "1" ? "" : `GRAPHWRIGHT_E2E_HARNESS=1 npx vite build --outDir ${outDir} && `}npx vite preview --outDir ${outDir} --port ${port} --strictPort`,
    url: `http://localhost:${port}`,
    reuseExistingServer: !isCI,
    timeout: 120_000,
  },
});
