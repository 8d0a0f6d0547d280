// The XSS corpus and the watch kept on a page while it is fed: a `__xss()` canary, dialogs,
// every request the page or its workers make, and a scan of the DOM for anything that could
// run or load (event-handler attributes, script-like URLs, new script/iframe/object elements).
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

const corpus = JSON.parse(readFileSync(new URL("./xss-corpus.json", import.meta.url), "utf8")) as { payloads: string[] };

/** Every payload, with `XSS_URL` pointed at `loadUrl/<index>` so a load names its payload. */
export function payloads(loadUrl: string): string[] {
  return corpus.payloads.map((p, i) => p.replaceAll("XSS_URL", `${loadUrl}/${i}`));
}

/** `items` in consecutive groups of `size`. */
export function batches<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const RISKY_ELEMENTS = "script, iframe, frame, frameset, object, embed, applet, base, meta, link, style, portal";
const URL_ATTRIBUTES = ["href", "src", "xlink:href", "action", "formaction", "data", "poster", "background", "srcset", "srcdoc"];

export interface Watch {
  dialogs: string[];
  /** Requests to anywhere but the allowed prefixes. */
  loads: string[];
  /** Notes what the app's own page holds before any payload arrives (call after the first load). */
  recordBaseline(): Promise<void>;
  /** Fails the test if anything ran, opened a dialog, loaded, or was planted in the DOM since the baseline. */
  expectNothingHappened(): Promise<void>;
}

/**
 * Starts watching `page` before its first navigation. `allowed` are the URL prefixes the app
 * itself may request (its own origin, the model endpoint).
 */
export async function watch(page: Page, allowed: () => string[]): Promise<Watch> {
  const dialogs: string[] = [];
  const loads: string[] = [];
  let baseline: string[] = [];
  await page.addInitScript(() => {
    const hits: string[] = [];
    Object.defineProperty(window, "__xssHits", { value: hits });
    Object.defineProperty(window, "__xss", { value: () => hits.push(new Error("canary").stack ?? "canary") });
  });
  page.on("dialog", (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on("request", (request) => {
    const url = request.url();
    if (!allowed().some((prefix) => url.startsWith(prefix))) loads.push(url);
  });
  return {
    dialogs,
    loads,
    async recordBaseline() {
      baseline = await scanPage(page);
    },
    async expectNothingHappened() {
      const ran = await page.evaluate(() => [...(window as unknown as { __xssHits: string[] }).__xssHits]);
      expect(ran, "the __xss() canary was called").toEqual([]);
      expect(dialogs, "a dialog was opened").toEqual([]);
      expect(loads, "something was loaded from outside the app").toEqual([]);
      const planted = (await scanPage(page)).filter((s) => !baseline.includes(s));
      expect(planted, "elements or attributes that can run or load").toEqual([]);
      const polluted = await page.evaluate(() => "polluted" in {});
      expect(polluted, "Object.prototype was polluted").toBe(false);
    },
  };
}

/** Risky elements, event-handler attributes and script-like URLs on the page, one line each. */
export function scanPage(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ risky, urlAttributes }) => {
      const found: string[] = [];
      const scheme = /^(javascript|vbscript|data):/;
      for (const el of Array.from(document.querySelectorAll("body *"))) {
        if (el.matches(risky)) found.push(`<${el.tagName.toLowerCase()}> ${el.outerHTML.slice(0, 80)}`);
        for (const attr of Array.from(el.attributes)) {
          const name = attr.name.toLowerCase();
          // Browsers ignore whitespace and control characters inside a URL scheme.
          const value = Array.from(attr.value)
            .filter((ch) => ch > " ")
            .join("")
            .toLowerCase();
          if (name.startsWith("on")) found.push(`${name} on <${el.tagName.toLowerCase()}>`);
          else if (urlAttributes.includes(name) && scheme.test(value)) found.push(`${name}=${value.slice(0, 60)} on <${el.tagName.toLowerCase()}>`);
        }
      }
      return found;
    },
    { risky: RISKY_ELEMENTS, urlAttributes: URL_ATTRIBUTES },
  );
}
