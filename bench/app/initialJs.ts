/**
 * Figure (d): the JavaScript a first visit loads before the app is usable, gzipped. The files
 * are the ones the browser actually requested (entry, modulepreloads, eager chunks) until the
 * shell has rendered and the page has loaded; what arrives later (lazy chunks, the engine
 * worker) is listed apart. Sizes are the dist files gzipped at zlib's default level.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser } from "@playwright/test";
import { newBenchContext } from "./frames.js";

export interface JsFile {
  file: string;
  bytes: number;
  gzip_bytes: number;
}

export interface InitialJsResult {
  initial_gzip_kib: number;
  initial: JsFile[];
  /** JS requested after first render (lazy chunks, workers), until the network went idle. */
  later: JsFile[];
}

async function sizeOf(outDir: string, url: string): Promise<JsFile> {
  const file = decodeURIComponent(new URL(url).pathname).replace(/^\//, "");
  const bytes = await readFile(path.join(outDir, file));
  return { file, bytes: bytes.length, gzip_bytes: gzipSync(bytes).length };
}

export async function measureInitialJs(browser: Browser, url: string, outDir: string): Promise<InitialJsResult> {
  const context = await newBenchContext(browser);
  try {
    const page = await context.newPage();
    const requested: string[] = [];
    let firstRender = -1;
    const onRequest = (request: { url(): string }) => {
      if (/\.m?js(\?|$)/.test(request.url())) requested.push(request.url());
    };
    context.on("request", onRequest);
    await page.goto(url, { waitUntil: "load" });
    await page.getByRole("heading", { level: 1, name: "Graphwright" }).waitFor();
    await page.locator(".react-flow__node").first().waitFor();
    firstRender = requested.length;
    await page.waitForLoadState("networkidle");
    context.off("request", onRequest);
    const unique = (urls: string[]) => [...new Set(urls)];
    const initialUrls = unique(requested.slice(0, firstRender));
    const laterUrls = unique(requested.slice(firstRender)).filter((u) => !initialUrls.includes(u));
    const initial = await Promise.all(initialUrls.map((u) => sizeOf(outDir, u)));
    const later = await Promise.all(laterUrls.map((u) => sizeOf(outDir, u)));
    const total = initial.reduce((sum, f) => sum + f.gzip_bytes, 0);
    return { initial_gzip_kib: Math.round((total / 1024) * 10) / 10, initial, later };
  } finally {
    await context.close();
  }
}
