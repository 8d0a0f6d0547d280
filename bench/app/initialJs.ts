/**
 * Figure (d): the JavaScript a first visit loads before the app is usable, gzipped. The files
 * are the ones the browser actually requested (entry, modulepreloads, eager chunks) before the
 * first frame that showed the shell and a canvas node, by the browser's own clock; what it
 * requested later (lazy chunks, the engine worker) is listed apart. Sizes are the dist files gzipped at zlib's default level.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser, Request } from "@playwright/test";
import { newBenchContext } from "./frames.js";

export interface JsFile {
  file: string;
  bytes: number;
  gzip_bytes: number;
}

export interface InitialJsResult {
  initial_gzip_kib: number;
  initial: JsFile[];
  /** What the initial files are made of: source bytes per package or app folder (from the sourcemaps, before minification), largest first. */
  initial_sources_kib: Record<string, number>;
  /** Engine packages (LangGraph, LangChain, LangSmith) found in the first load; empty when the engine loads lazily. */
  engine_in_initial: string[];
  /** JS requested after first render (lazy chunks, workers), until the network went idle. */
  later: JsFile[];
}

/** `node_modules/@scope/pkg/…` → `@scope/pkg`; `src/app/canvas/…` → `src/app/canvas`. */
function ownerOf(source: string): string {
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (modules) return modules[1]!;
  const own = /(src\/[^/]+(?:\/[^/.]+)?)\//.exec(source);
  return own ? own[1]! : source.replace(/^(\.\.\/)+/, "");
}

const ENGINE_PACKAGES = /^(@langchain\/|langsmith$)/;

async function sourcesOf(outDir: string, files: readonly JsFile[]): Promise<{ top: Record<string, number>; all: Record<string, number> }> {
  const totals = new Map<string, number>();
  for (const { file } of files) {
    let map: { sources: string[]; sourcesContent?: (string | null)[] };
    try {
      map = JSON.parse(await readFile(path.join(outDir, `${file}.map`), "utf8")) as typeof map;
    } catch {
      continue; // no sourcemap for this file: its size is still counted above
    }
    map.sources.forEach((source, i) => {
      const owner = ownerOf(source);
      totals.set(owner, (totals.get(owner) ?? 0) + (map.sourcesContent?.[i]?.length ?? 0));
    });
  }
  const kib = (entries: [string, number][]) => Object.fromEntries(entries.map(([owner, bytes]) => [owner, Math.round(bytes / 102.4) / 10]));
  const sorted = [...totals].sort((a, b) => b[1] - a[1]);
  return { top: kib(sorted.slice(0, 15)), all: kib(sorted) };
}

async function sizeOf(outDir: string, url: string): Promise<JsFile> {
  const file = decodeURIComponent(new URL(url).pathname).replace(/^\//, "");
  const bytes = await readFile(path.join(outDir, file));
  return { file, bytes: bytes.length, gzip_bytes: gzipSync(bytes).length };
}

/**
 * In the page, from before the app loads: the wall-clock time of the first animation frame whose
 * DOM shows the app's heading and a measured canvas node (React Flow hides a node until measured).
 * Timed in the page, so a slow poll from the test runner on a loaded machine does not move it.
 */
function recordFirstRender(): void {
  const check = () => {
    const heading = [...document.querySelectorAll("h1")].some((h) => h.textContent === "Graphwright");
    const node = document.querySelector(".react-flow__node");
    const shown = node !== null && node.getBoundingClientRect().width > 0 && getComputedStyle(node).visibility !== "hidden";
    if (heading && shown) (window as unknown as { __benchFirstRender?: number }).__benchFirstRender = performance.timeOrigin + performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

export async function measureInitialJs(browser: Browser, url: string, outDir: string): Promise<InitialJsResult> {
  const context = await newBenchContext(browser);
  try {
    const page = await context.newPage();
    await page.addInitScript(recordFirstRender);
    const requested: Request[] = [];
    const onRequest = (request: Request) => {
      if (/\.m?js(\?|$)/.test(request.url())) requested.push(request);
    };
    context.on("request", onRequest);
    await page.goto(url, { waitUntil: "load" });
    await page.getByRole("heading", { level: 1, name: "Graphwright" }).waitFor();
    await page.locator(".react-flow__node").first().waitFor();
    const firstRender = Number(await (await page.waitForFunction(() => (window as unknown as { __benchFirstRender?: number }).__benchFirstRender)).jsonValue());
    await page.waitForLoadState("networkidle");
    context.off("request", onRequest);
    // A request counts as initial when the browser started it before that frame (its own clock).
    const startedBy = (request: Request) => request.timing().startTime <= firstRender;
    const unique = (requests: Request[]) => [...new Set(requests.map((r) => r.url()))];
    const initialUrls = unique(requested.filter(startedBy));
    const laterUrls = unique(requested.filter((r) => !startedBy(r))).filter((u) => !initialUrls.includes(u));
    const initial = await Promise.all(initialUrls.map((u) => sizeOf(outDir, u)));
    const later = await Promise.all(laterUrls.map((u) => sizeOf(outDir, u)));
    const total = initial.reduce((sum, f) => sum + f.gzip_bytes, 0);
    const sources = await sourcesOf(outDir, initial);
    const engine = Object.keys(sources.all).filter((owner) => ENGINE_PACKAGES.test(owner));
    return { initial_gzip_kib: Math.round((total / 1024) * 10) / 10, initial, initial_sources_kib: sources.top, engine_in_initial: engine, later };
  } finally {
    await context.close();
  }
}
