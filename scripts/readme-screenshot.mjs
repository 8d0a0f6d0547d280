// Takes the README screenshot: the production build in Chromium, a template opened from the
// Templates dialog, one showcase message sent and its run finished.
//
//   npm run build && node scripts/readme-screenshot.mjs [--template "Routed support"] [--message "…"] [--out docs/screenshot.png]
//
// Uses Debian's Chromium (or CHROMIUM_PATH), like the end-to-end tests.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { preview } from "vite";

const { values } = parseArgs({
  options: {
    template: { type: "string", default: "Supervisor with Analytics and Report agents" },
    message: { type: "string", default: "Write a weekly report" },
    out: { type: "string", default: "docs/screenshot.png" },
    dark: { type: "boolean", default: false },
  },
});

const server = await preview({ preview: { port: 4180, strictPort: false }, logLevel: "warn" });
const url = server.resolvedUrls?.local[0] ?? "http://localhost:4180/";
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 }, deviceScaleFactor: 2, colorScheme: values.dark ? "dark" : "light" });
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(url);
  await page.getByRole("button", { name: "Templates", exact: true }).click();
  await page.getByRole("dialog", { name: "Templates" }).getByRole("button", { name: values.template, exact: true }).click();
  await page.getByRole("dialog", { name: "Templates" }).waitFor({ state: "hidden" });

  const playground = page.getByRole("region", { name: "Playground", exact: true });
  const messages = playground.getByRole("article");
  const before = await messages.count();
  await playground.getByRole("textbox", { name: "Message" }).fill(values.message);
  await playground.getByRole("button", { name: "Send", exact: true }).click();
  // The user's message and at least one reply, then the run over.
  await messages.nth(before + 1).waitFor({ timeout: 60_000 });
  await playground
    .getByRole("status")
    .filter({ hasText: /^Idle$/ })
    .waitFor({ timeout: 60_000 });
  if (errors.length > 0) throw new Error(`The page failed while running the template:\n${errors.join("\n")}`);
  // Let the last frame of streamed text and timeline rows paint.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

  mkdirSync(path.dirname(values.out), { recursive: true });
  await page.screenshot({ path: values.out });
  console.log(`Saved ${values.out}`);
} finally {
  await browser.close();
  await new Promise((resolve) => server.httpServer.close(resolve));
}
