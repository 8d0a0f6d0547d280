/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { sandboxWorkerSource } from "./scripts/sandboxWorkerSource";
import { serverEngineSource } from "./scripts/serverEngineSource";
import { contentSecurityPolicyPlugin } from "./scripts/contentSecurityPolicy";

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
 * globals, stores or environment variables.
 */
const SHARED_MODULE_TESTS = [
  ...["schema", "import", "engine", "models", "tools", "app", "cli", "server/graph"].map((layer) => `src/${layer}/**/*.test.ts`),
  "src/server/bundle/engineCache.test.ts",
  "src/server/bundle/delegatedResume.test.ts",
  "src/server/runtime/requestGuard.test.ts",
  "src/server/runtime/runtimeServer.restart.test.ts",
  "scripts/**/*.test.ts",
  "bench/**/*.test.ts",
];
/** The top-level tests/ folder shares modules too, except this file, which replaces the IndexedDB globals. */
const SHARED_TOP_LEVEL_TESTS = "tests/*.test.ts";
const ISOLATED_TOP_LEVEL_TESTS = ["tests/persistence.test.ts"];

export default defineConfig({
  plugins: [react(), tailwindcss(), sandboxWorkerSource(), serverEngineSource(), contentSecurityPolicyPlugin()],
  server: { port: 5173, strictPort: false },
  preview: { port: 4173 },
  build: { target: "es2022", sourcemap: true, rolldownOptions: { input: { main: page("./index.html"), ...harness } } },
  worker: { format: "es", plugins: () => [domFreeDecoderInWorkers()] },
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
          include: [...SHARED_MODULE_TESTS, SHARED_TOP_LEVEL_TESTS],
          exclude: [...ISOLATED_TOP_LEVEL_TESTS, "**/node_modules/**"],
          isolate: false,
        },
      },
      // The rest start servers and child processes, hold process-wide locks and stores, or
      // replace globals (the IndexedDB tests spy on fake-indexeddb's prototypes, which another
      // file's late transactions would reach): each file gets fresh modules.
      {
        extends: true,
        test: {
          name: "isolated",
          include: ["src/**/*.test.ts", "scripts/**/*.test.ts", "bench/**/*.test.ts", ...ISOLATED_TOP_LEVEL_TESTS],
          exclude: [...SHARED_MODULE_TESTS, "**/node_modules/**"],
        },
      },
    ],
  },
});
