// The built app ships a strict Content-Security-Policy: as a header from `vite preview` (with
// frame-ancestors) and as a meta tag in the page. A script injected into the page does not run,
// inline or as an event handler, and the page says so with a securitypolicyviolation.
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Route, Worker } from "@playwright/test";
import numberCruncher from "../examples/number-cruncher.json" with { type: "json" };
import { expect, test } from "./fixtures";

test.describe("on a first visit", () => {
  // A browser that has the page cached revalidates it, and the 304 it gets (which carries no
  // policy; the browser keeps the cached one's) is the response Playwright reports.
  test.use({ freshContext: true });

  test("the app page carries a strict Content-Security-Policy header and meta tag, and boots under it", async ({ page, app, consoleErrors }) => {
    const response = await page.goto("/");
    const header = (await response?.headerValue("content-security-policy")) ?? "";
    for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(header).toContain(directive);
    expect(header).toMatch(/script-src 'self' 'wasm-unsafe-eval'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(header).not.toContain("unsafe-inline");
    const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content");
    expect(meta).toContain("default-src 'self'");
    expect(meta).not.toContain("frame-ancestors");
    // The theme boot script (allowed by its hash) ran, and the app rendered with nothing refused.
    await expect(app.heading).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.style.colorScheme)).not.toBe("");
    expect(consoleErrors).toEqual([]);
  });
});

test("an injected inline script and an injected event handler are blocked and reported", async ({ page, app }) => {
  await app.goto();
  const outcome = await page.evaluate(async () => {
    // Each policy (the header and the meta tag) reports its own violation: wait for both kinds.
    const seen = new Set<string>();
    const bothKinds = new Promise<void>((resolve) => {
      document.addEventListener("securitypolicyviolation", (event) => {
        seen.add(event.effectiveDirective);
        if (seen.size === 2) resolve();
      });
    });
    const script = document.createElement("script");
    script.textContent = "window.__injected = 'script'";
    document.body.append(script);
    const holder = document.createElement("div");
    holder.innerHTML = `<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" onerror="window.__injected = 'handler'" onload="window.__injected = 'handler'">`;
    document.body.append(holder);
    await bothKinds;
    return { injected: (window as { __injected?: string }).__injected ?? null, seen: [...seen].sort() };
  });
  expect(outcome).toEqual({ injected: null, seen: ["script-src-attr", "script-src-elem"] });
});

test("the code editor's styles apply under the policy, with nothing refused", async ({ page, app, controls, editor, consoleErrors }) => {
  const refused: string[] = [];
  await page.exposeFunction("reportRefused", (directive: string) => refused.push(directive));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      if (event.effectiveDirective.startsWith("style-src"))
        void (window as unknown as { reportRefused(d: string): Promise<void> }).reportRefused(event.effectiveDirective);
    });
  });
  await app.goto();
  await controls.import("number-cruncher.json", JSON.stringify(numberCruncher));
  const code = editor.inspector.getByRole("group", { name: "Tool summarize_numbers" }).getByRole("textbox", { name: "Code", exact: true });
  await expect(code).toHaveClass(/cm-content/);
  // CodeMirror's base theme makes its frame a flex column and draws the gutter beside the text.
  const frame = code.locator("xpath=ancestor::div[contains(@class, 'cm-editor')]");
  await expect(frame).toHaveCSS("display", "flex");
  await expect(frame.locator(".cm-gutters")).toHaveCSS("display", "flex");
  expect(refused).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test("the page and its workers start and work under the policy without a single violation", async ({ page, app, editor }) => {
  // The policy of the page and of each worker script, as served, plus a report-uri: every
  // violation in any realm (a caught eval probe included, which no console shows) is posted here.
  const reports: { blocked: string; source: string }[] = [];
  await page.route("**/__csp-report", async (route) => {
    const body = JSON.parse(route.request().postData() ?? "{}") as {
      "csp-report"?: { "blocked-uri"?: string; "source-file"?: string; "document-uri"?: string };
    };
    const report = body["csp-report"] ?? {};
    reports.push({ blocked: report["blocked-uri"] ?? "", source: report["source-file"] ?? report["document-uri"] ?? "" });
    await route.fulfill({ status: 204 });
  });
  const reporting = async (route: Route) => {
    const response = await route.fetch();
    const policy = response.headers()["content-security-policy"];
    expect(policy, `${route.request().url()} is served with a policy`).toBeTruthy();
    await route.fulfill({ response, headers: { ...response.headers(), "content-security-policy": `${policy}; report-uri /__csp-report` } });
  };
  await page.route((url) => url.pathname === "/" || /\.worker-[^/]+\.js$/.test(url.pathname), reporting);
  const workers: Worker[] = [];
  page.on("worker", (worker) => workers.push(worker));

  await app.goto();
  // The engine worker starts once the page is idle; the layout and import workers on first use.
  // One worker starting at a time, each given time to load on a busy machine.
  await editor.autoLayoutButton.click();
  await expect(editor.autoLayoutButton).toHaveAttribute("aria-busy", "false", { timeout: 30_000 });
  await page.getByLabel("Import graph file").setInputFiles({
    name: "agents-with-tools.json",
    mimeType: "application/json",
    buffer: await readFile(path.join(import.meta.dirname, "..", "src", "import", "flowise", "fixtures", "agents-with-tools.json")),
  });
  await expect(page.getByRole("dialog", { name: "Import report", exact: true })).toBeVisible({ timeout: 30_000 });
  const names = () => workers.map((worker) => /assets\/([a-z]+)\.worker-/.exec(worker.url())?.[1]).sort();
  await expect.poll(names).toEqual(expect.arrayContaining(["engine", "import", "layout"]));

  // A violation made on purpose in the page and in each worker: once their reports are in, any
  // report of the start would be too (reports leave in the order of their violations).
  // (A string timer: the driver's own evaluation is exempt from the policy, the timer's is not.)
  const probe = () => void setTimeout("void 0");
  await page.evaluate(probe);
  for (const worker of workers) await worker.evaluate(probe);
  await expect.poll(() => reports.length).toBeGreaterThanOrEqual(1 + workers.length);
  expect(reports).toHaveLength(1 + workers.length);
  expect(reports.every((report) => report.blocked === "eval")).toBe(true);
});
