/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { sandboxWorkerSource } from "./scripts/sandboxWorkerSource";
import { serverEngineSource } from "./scripts/serverEngineSource";
import { contentSecurityPolicyPlugin } from "./scripts/contentSecurityPolicy";
import { previewCachingPlugin } from "./scripts/previewCaching";

const page = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
/** The e2e build adds test harness pages (real IndexedDB smoke); production builds never ship them. */
const harness: Record<string, string> =
  process.env.GRAPHWRIGHT_E2E_HARNESS === "1" ? { persistence: page("./e2e/harness/persistence.html"), knowledge: page("./e2e/harness/knowledge.html") } : {};

/**
 * Workers have no DOM: there, micromark's entity decoder must be its DOM-free build, not the
 * browser build Vite picks (which calls document.createElement as it loads). The markdown
 * worker (src/app/playground/markdown.worker.ts) parses with micromark.
 */
function domFreeDecoderInWorkers(): Plugin {
  return {
    name: "graphwright:dom-free-decoder-in-workers",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (source !== "decode-named-character-reference") return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && { ...resolved, id: resolved.id.replace(/index\.dom\.js$/, "index.js") };
    },
  };
}

/**
 * Unit tests that run without isolation between files (see `test.projects`): the pure layers, the
 * app, and tests that start servers or CLI processes and stop them themselves, changing no
 * globals, stores or environment variables. Never a file that starts LangGraph's API server in
 * its own process (`startLangGraphServer`): the server's run queue polls with timers forever, and
 * a later file's fake clock runs them without end (src/engine/flows/schedule.test.ts: "Aborting
 * after running 10000 timers", from `@langchain/langgraph-api/dist/queue.mjs`).
 */
const SHARED_MODULE_TESTS = [
  ...["schema", "import", "eject", "engine", "models", "tools", "app", "cli", "server/graph"].map((layer) => `src/${layer}/**/*.test.ts`),
  "src/server/bundle/engineCache.test.ts",
  "src/server/runtime/requestGuard.test.ts",
  "src/server/runtime/runtimeServer.restart.test.ts",
  "scripts/**/*.test.ts",
  "bench/**/*.test.ts",
];
/**
 * Folders that share modules too, except the files that spy on or replace IndexedDB's prototypes
 * and globals (another file's late transactions would reach the spies). The worker's tests share
 * them as well: each opens its own fake IndexedDB and thread locks (src/worker/testing).
 */
const SHARED_FOLDERS = ["tests/*.test.ts", "src/persistence/**/*.test.ts", "src/worker/**/*.test.ts"];
const ISOLATED_IN_SHARED_FOLDERS = [
  "src/worker/knowledgeQuota.test.ts",
  "tests/persistence.test.ts",
  "src/persistence/store/IdbStore.test.ts",
  "src/persistence/store/IdbStore.vectors.test.ts",
  "src/persistence/saver/writeStep.test.ts",
  "src/persistence/saver/faults.test.ts",
  "src/persistence/knowledge/knowledgeLibrary.test.ts",
  "src/persistence/durability.test.ts",
];
/**
 * Files that load `@langchain/langgraph`'s Node entry, which turns AsyncLocalStorage on for the
 * whole process (as on a LangGraph server): the engine and worker tests run as in the browser,
 * without it, so these keep their modules to themselves (shared among them: see `test.projects`).
 */
const NODE_ENTRY_TESTS = [
  "src/cli/graphLibrary.test.ts",
  "src/worker/backgroundPauses.nodeEntry.test.ts",
  "src/eject/ejectedGraphs.test.ts",
  "src/eject/ejectedTools.test.ts",
  "src/eject/ejectedFlows.test.ts",
  "src/eject/ejectedPauses.test.ts",
];

/**
 * Non-ASCII characters in a chunk (our "…" and "—" in UI text, a library's symbols) are written as
 * escapes: one such character made V8 hold and scan the whole chunk as two-byte text, and the
 * browser decode it to UTF-16 first. Measured on the page and engine worker's chunks, loaded
 * once per page: about a tenth of a page load's CPU.
 */
const ASCII_OUTPUT = "ascii";

export default defineConfig({
  plugins: [react(), tailwindcss(), sandboxWorkerSource(), serverEngineSource(), contentSecurityPolicyPlugin(), previewCachingPlugin()],
  server: { port: 5173, strictPort: false },
  preview: { port: 4173 },
  // The end-to-end build (with the harness pages) skips source maps: no test reads them, and they were a third of its CPU.
  build: {
    target: "es2022",
    sourcemap: process.env.GRAPHWRIGHT_E2E_HARNESS !== "1",
    rolldownOptions: { input: { main: page("./index.html"), ...harness }, output: { charset: ASCII_OUTPUT } },
  },
  worker: { format: "es", plugins: () => [domFreeDecoderInWorkers()], rolldownOptions: { output: { charset: ASCII_OUTPUT } } },
  test: {
    environment: "node",
    testTimeout: 20_000,
    pool: "threads",
    // Vitest's default (cores - 1) is one worker on a 2-core CI machine, which keeps about one
    // core busy: the CLI, server and MCP tests wait on child processes, most others on one thread.
    // One worker more than cores keeps both cores busy while some workers wait.
    maxWorkers: availableParallelism() + 1,
    projects: [
      // These keep no state between test files that a file does not set up itself, so they
      // share one module graph per worker: importing LangGraph, LangChain and zod again for each
      // of ~250 files was two thirds of their CPU time.
      {
        extends: true,
        test: {
          name: "shared-modules",
          include: [...SHARED_MODULE_TESTS, ...SHARED_FOLDERS],
          exclude: [...ISOLATED_IN_SHARED_FOLDERS, ...NODE_ENTRY_TESTS, "**/node_modules/**"],
          isolate: false,
        },
      },
      // The files that load LangGraph's Node entry share modules among themselves: AsyncLocalStorage
      // is on for all of them alike.
      {
        extends: true,
        test: { name: "node-entry", include: NODE_ENTRY_TESTS, isolate: false },
      },
      // The rest start servers and child processes, hold process-wide locks and stores, or
      // replace globals (the IndexedDB tests spy on fake-indexeddb's prototypes, which another
      // file's late transactions would reach): each file gets fresh modules.
      {
        extends: true,
        test: {
          name: "isolated",
          include: ["src/server/**/*.test.ts", ...ISOLATED_IN_SHARED_FOLDERS],
          // Only server files are included by folder; the rest by name.
          exclude: [...SHARED_MODULE_TESTS.filter((pattern) => pattern.startsWith("src/server/")), "**/node_modules/**"],
        },
      },
    ],
  },
});
