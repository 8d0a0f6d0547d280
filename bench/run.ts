/**
 * `npm run bench`: measures performance budgets in Node and in headless Chromium
 * (production build) and writes JSON to bench/results/. Benchmarks are not tests:
 * a missed target is reported, not failed.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { build, preview } from "vite";
import { chromium } from "@playwright/test";
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { measureEngineOverhead } from "./scenarios/engineOverhead.js";
import { measureCheckpointStorage } from "./scenarios/storageGrowth.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

async function inChromium(): Promise<Record<string, unknown>> {
  if (!existsSync(CHROMIUM)) return { skipped: `Chromium not found at ${CHROMIUM}` };
  const outDir = path.join(root, "tmp", "bench-dist");
  await build({ root: path.join(root, "bench", "browser"), base: "./", logLevel: "warn", configFile: false, build: { outDir, emptyOutDir: true, target: "es2022" } });
  const server = await preview({ root: path.join(root, "bench", "browser"), configFile: false, logLevel: "warn", build: { outDir }, preview: { port: 0, host: "127.0.0.1" } });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, "--js-flags=--expose-gc"], headless: true });
  try {
    const page = await browser.newPage();
    const url = server.resolvedUrls?.local[0];
    if (!url) throw new Error("vite preview did not report a URL");
    await page.goto(url);
    await page.waitForFunction(() => window.__benchResult !== undefined || window.__benchError !== undefined, undefined, { timeout: 300_000 });
    const error = await page.evaluate(() => window.__benchError);
    if (error) throw new Error(`bench page failed: ${error}`);
    return (await page.evaluate(() => window.__benchResult)) as Record<string, unknown>;
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
  }
}

async function main(): Promise<void> {
  process.stdout.write("bench: engine overhead and checkpoint storage in Node…\n");
  const now = () => performance.now();
  const node = {
    engine_overhead: await measureEngineOverhead(now),
    checkpoint_storage: { ...(await measureCheckpointStorage(now, { indexedDB: new IDBFactory() })), note: "fake-indexeddb; see chromium for real IndexedDB timings" },
  };
  process.stdout.write("bench: engine overhead and checkpoint storage in headless Chromium…\n");
  const chromiumResults = await inChromium();
  const report = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? "unknown", memory_gib: Math.round(os.totalmem() / 2 ** 30), node: process.version },
    node,
    chromium: chromiumResults,
  };
  const dir = path.join(root, "bench", "results");
  await mkdir(dir, { recursive: true });
  const json = `${JSON.stringify(report, null, 2)}\n`;
  await writeFile(path.join(dir, "latest.json"), json);
  await writeFile(path.join(dir, `${report.date.replace(/[:.]/g, "-")}.json`), json);
  process.stdout.write(json);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
