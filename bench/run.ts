/**
 * `npm run bench`: measures performance budgets in Node and in headless Chromium
 * (production build) and writes JSON to bench/results/. Benchmarks are not tests:
 * a missed target is reported, not failed. `npm run bench -- --ui-only` measures only the
 * UI figures (the real app in Chromium); `--engine-only` only the engine, storage and server
 * figures; `--only=<name>` one UI figure of `UI_SCENARIOS` (e.g. `--only=stop_when_stuck`;
 * `--only=reload_soak --reloads=20` a short reload soak) or one server figure of
 * `SERVER_FIGURES` (`--only=server_throughput`, `--only=server_overhead_ratio`) or one engine
 * figure of `ENGINE_FIGURES`, in Node and Chromium (`--only=engine_overhead`, `--only=checkpoint_storage`), or one
 * import figure of `IMPORT_FIGURES`, in Node (`--only=import_n8n_500_nodes_ms`).
 * A scenario that throws is recorded as failed, with its error (in place of its figures and under
 * the report's `failed`), and the run goes on: the JSON is always written; the exit code is then 1.
 */
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
import { engineFigures, isEngineFigure, ENGINE_FIGURES, type EngineFigureName, type EngineResults } from "./scenarios/engineFigures.js";
import { importFigures, isImportFigure, IMPORT_FIGURES, measureImportN8n, type ImportResultFigures } from "./scenarios/importFigures.js";
import { serveProductionApp } from "./app/server.js";
import { measureUiFigures, summarize, UI_SCENARIOS, type UiFigures } from "./app/uiFigures.js";
import { measureThreadFigures, THREAD_SCENARIOS } from "./app/threadFigures.js";
import { KNOWLEDGE_SCENARIOS, measureKnowledgeFigures } from "./app/knowledgeFigures.js";
import type { Figure } from "./app/figure.js";
import { isServerFigure, SERVER_FIGURES, serverFigures, type ServerFigureName } from "./server/serverFigures.js";
import { attempt, failuresIn, measureEach, type Failures } from "./measureEach.js";
import { writeReport } from "./writeReport.js";
import { errorMessage } from "../src/schema/errorMessage.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

async function inChromium(only?: EngineFigureName): Promise<Record<string, unknown>> {
  if (!existsSync(CHROMIUM)) return { skipped: `Chromium not found at ${CHROMIUM}` };
  const outDir = path.join(root, "tmp", "bench-dist");
  await build({
    root: path.join(root, "bench", "browser"),
    base: "./",
    logLevel: "warn",
    configFile: false,
    build: { outDir, emptyOutDir: true, target: "es2022" },
  });
  const server = await preview({
    root: path.join(root, "bench", "browser"),
    configFile: false,
    logLevel: "warn",
    build: { outDir },
    preview: { port: 0, host: "127.0.0.1" },
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, "--js-flags=--expose-gc"], headless: true });
  try {
    const page = await browser.newPage();
    const url = server.resolvedUrls?.local[0];
    if (!url) throw new Error("vite preview did not report a URL");
    // Not until "load": the scenarios start as the module runs and may hold the page's tasks longer than goto waits.
    await page.goto(only ? `${url}?only=${only}` : url, { waitUntil: "commit" });
    await page.waitForFunction(() => window.__benchResult !== undefined || window.__benchError !== undefined, undefined, { timeout: 300_000 });
    const error = await page.evaluate(() => window.__benchError);
    if (error) throw new Error(`bench page failed: ${error}`);
    return (await page.evaluate(() => window.__benchResult)) as Record<string, unknown>;
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
  }
}

const uiScenario = (only: string) => UI_SCENARIOS[only] ?? THREAD_SCENARIOS[only] ?? KNOWLEDGE_SCENARIOS[only];

/** A mistyped `--only=` stops the bench before it measures anything (no JSON): it is a usage error, not a failed scenario. */
function checkOnly(only: string | undefined): void {
  if (only === undefined || uiScenario(only) || isServerFigure(only) || isEngineFigure(only) || isImportFigure(only)) return;
  throw new Error(
    `--only=${only}: no such figure; known: ${[...Object.keys(UI_SCENARIOS), ...Object.keys(THREAD_SCENARIOS), ...Object.keys(KNOWLEDGE_SCENARIOS), ...SERVER_FIGURES, ...ENGINE_FIGURES, ...IMPORT_FIGURES].join(", ")}`,
  );
}

/** The UI figures on the real app: production build, served, driven by Playwright. `only` names one scenario. */
async function uiFigures(only?: string): Promise<UiFigures | { skipped: string }> {
  if (!existsSync(CHROMIUM)) return { skipped: `Chromium not found at ${CHROMIUM}` };
  checkOnly(only);
  const scenario = only === undefined ? undefined : uiScenario(only);
  const server = await serveProductionApp(root);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  try {
    if (only !== undefined && scenario) return { [only]: await scenario(browser, server) };
    const log = (line: string) => process.stdout.write(`${line}\n`);
    return {
      ...(await measureUiFigures(browser, server, log)),
      ...(await measureThreadFigures(browser, server, log)),
      ...(await measureKnowledgeFigures(browser, log)),
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

const nodeStorage = async (now: () => number) => ({
  ...(await measureCheckpointStorage(now, { indexedDB: new IDBFactory() })),
  note: "fake-indexeddb; see chromium for real IndexedDB timings",
});

async function main(): Promise<void> {
  const only = process.argv.find((arg) => arg.startsWith("--only="))?.slice("--only=".length);
  checkOnly(only);
  // `--only=` names a server figure (run alone, in Node) or else a UI scenario.
  const serverOnly = only !== undefined && isServerFigure(only) ? only : undefined;
  const engineFigure = only !== undefined && isEngineFigure(only) ? only : undefined;
  const importOnly = only !== undefined && isImportFigure(only) ? only : undefined;
  const uiOnly = process.argv.includes("--ui-only") || (only !== undefined && !serverOnly && !engineFigure && !importOnly);
  const engineOnly = process.argv.includes("--engine-only") || serverOnly !== undefined || engineFigure !== undefined || importOnly !== undefined;
  const started = performance.now();
  const now = () => performance.now();
  const log = (line: string) => process.stdout.write(`${line}\n`);
  // Whatever throws is recorded here with its error, and the run goes on: the JSON is always written.
  const failures: Failures = {};
  let node: Record<string, unknown> | undefined;
  let server: Record<string, Figure> | undefined;
  let chromiumResults: Record<string, unknown> | undefined;
  const measureServer = (names: readonly ServerFigureName[]) => measureEach([{ figures: names, measure: () => serverFigures(names) }], log);
  const measureImport = () => attempt("import_n8n_500_nodes_ms (node)", async () => measureImportN8n(now), failures, log);
  if (importOnly) {
    log(`bench: ${importOnly} in Node…`);
    node = { import_n8n: await measureImport() };
  } else if (serverOnly) {
    log(`bench: ${serverOnly} on LangGraph's API server in Node…`);
    server = await measureServer([serverOnly]);
    node = { ...server };
  } else if (engineFigure) {
    log(`bench: ${engineFigure} in Node, then in headless Chromium…`);
    node =
      engineFigure === "engine_overhead"
        ? { engine_overhead: await attempt("engine_overhead (node)", () => measureEngineOverhead(now), failures, log) }
        : { checkpoint_storage: await attempt("checkpoint_storage (node)", () => nodeStorage(now), failures, log) };
    chromiumResults = await attempt("engine figures (chromium)", () => inChromium(engineFigure), failures, log);
  } else if (!uiOnly) {
    log("bench: engine overhead and checkpoint storage in Node…");
    node = {
      engine_overhead: await attempt("engine_overhead (node)", () => measureEngineOverhead(now), failures, log),
      checkpoint_storage: await attempt("checkpoint_storage (node)", () => nodeStorage(now), failures, log),
      import_n8n: await measureImport(),
    };
    log("bench: the Weather template on LangGraph's API server in Node…");
    server = await measureServer(SERVER_FIGURES);
    node = { ...node, ...server };
    log("bench: engine overhead and checkpoint storage in headless Chromium…");
    chromiumResults = await attempt("engine figures (chromium)", () => inChromium(), failures, log);
  }
  let ui: UiFigures | { skipped: string } | { failed: string } = { skipped: serverOnly ? `--only=${serverOnly}` : "--engine-only" };
  if (!engineOnly) {
    log("bench: UI figures on the production app in headless Chromium…");
    const measured = await attempt("UI figures", () => uiFigures(only), failures, log);
    ui = measured ?? { failed: failures["UI figures"] ?? "" };
  }
  // The engine and storage figures with their targets, PASS/MISS like the UI and server figures.
  const engine = {
    ...engineFigures("node", (node ?? {}) as EngineResults),
    ...importFigures((node ?? {}) as { import_n8n?: ImportResultFigures }),
    ...(chromiumResults && !("skipped" in chromiumResults) ? engineFigures("chromium", chromiumResults as EngineResults) : {}),
  };
  const uiFigureSet = "skipped" in ui || "failed" in ui ? undefined : (ui as UiFigures);
  Object.assign(failures, failuresIn(server ?? {}), failuresIn(uiFigureSet ?? {}));
  const report = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model ?? "unknown",
      memory_gib: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      load_average: os.loadavg().map((l) => Math.round(l * 100) / 100),
    },
    duration_s: Math.round((performance.now() - started) / 1000),
    ...(Object.keys(failures).length > 0 ? { failed: failures } : {}),
    ...(node ? { node } : {}),
    ...(chromiumResults ? { chromium: chromiumResults } : {}),
    ...(Object.keys(engine).length > 0 ? { engine_figures: engine } : {}),
    ui,
  };
  // A partial run (--ui-only, --engine-only) never replaces latest.json, which holds every figure.
  const partial = uiOnly || engineOnly;
  await writeReport(path.join(root, "bench", "results"), report, { suffix: uiOnly ? "-ui" : engineOnly ? "-engine" : "", latest: !partial });
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  if (Object.keys(engine).length > 0)
    process.stdout.write(
      `\nEngine and storage figures (Node, headless Chromium; load average ${report.machine.load_average.join(" ")}):\n${summarize(engine)}\n`,
    );
  if (server)
    process.stdout.write(`\nServer figures (LangGraph's API server in Node; load average ${report.machine.load_average.join(" ")}):\n${summarize(server)}\n`);
  if ("skipped" in ui) process.stdout.write(`\nUI figures skipped: ${String(ui.skipped)}\n`);
  else if (uiFigureSet)
    process.stdout.write(
      `\nUI figures (headless Chromium, production build; load average ${report.machine.load_average.join(" ")}):\n${summarize(uiFigureSet)}\n`,
    );
  const failed = Object.entries(failures);
  if (failed.length > 0) {
    process.stdout.write(
      `\n${failed.length} scenario(s) failed; their figures are recorded as failed:\n${failed.map(([name, error]) => `  ${name}: ${error.split("\n")[0] ?? ""}`).join("\n")}\n`,
    );
    process.exitCode = 1;
  }
  process.stdout.write(`bench finished in ${report.duration_s} s\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${errorMessage(error)}\n`);
  process.exit(1);
});
