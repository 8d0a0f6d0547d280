// Lint configuration, including the layering rules of DESIGN.md §2: nothing imports upward,
// and main-thread code reaches the worker only through its protocol and the engine only
// through src/engine/index.ts. scripts/layering.test.ts and src/app/services/workerBoundary.test.ts
// check the same boundaries including dynamic import(), which no-restricted-imports does not see;
// scripts/eslintBoundaries.test.ts proves the rules fire.
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const UI_PACKAGES = ["react", "react/*", "react-dom", "react-dom/*", "@xyflow/*", "zustand", "zustand/*"];
const BROWSER_STORAGE_PACKAGES = ["idb", "idb/*"];
const BROWSER_GLOBALS = ["window", "document", "localStorage", "indexedDB", "navigator"];
const TESTS = ["**/*.test.ts", "**/*.test.tsx"];
/** Folder depth below src/<layer>/ up to which relative paths are matched exactly. */
const MAX_DEPTH = 5;

/** Escapes a folder name for use inside a regular expression. */
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A relative specifier's way from a file `depth` folders below src/<layer>/ up to src/, as a
 * regex. Past MAX_DEPTH folders, any number of "../" counts: rarely exact, never a gap.
 */
const upToSrc = (depth) => (depth === MAX_DEPTH ? "(\\.\\./)+" : "\\.\\./".repeat(depth + 1));

/**
 * Restricts imports for every file under src/<layer>/.
 *
 * A relative specifier reaches a sibling layer only with exactly one "../" more than the
 * file's depth below src/<layer>/, so one block per depth keeps `../tools` from flagging a
 * layer's own subfolder named `tools`. Vite's root-absolute `/src/app/...` is caught too.
 */
function layerRule(layer, { packages, layers }) {
  const message = `src/${layer} may not import from a higher layer (DESIGN.md §2).`;
  const alternatives = layers.map(escape).join("|");
  const rootAbsolute = { regex: `^/?src/(${alternatives})(/|$)`, message };
  const blocks = [];
  for (let depth = 0; depth <= MAX_DEPTH; depth++) {
    const deepest = depth === MAX_DEPTH;
    const up = upToSrc(depth);
    blocks.push({
      name: `graphwright/layering/${layer}/depth-${depth}${deepest ? "-and-deeper" : ""}`,
      files: [`src/${layer}/${"*/".repeat(depth)}${deepest ? "**/" : ""}*.{ts,tsx}`],
      ignores: TESTS,
      rules: {
        "no-restricted-imports": [
          "error",
          {
            patterns: [{ group: packages, message }, { regex: `^${up}(${alternatives})(/|$)`, message }, rootAbsolute],
          },
        ],
      },
    });
  }
  return blocks;
}

const WORKER_MESSAGE = "Main-thread code may import src/worker only through src/worker/protocol: the rest of the folder runs in the engine worker.";
const ENGINE_ENTRY_MESSAGE = "The app imports the engine only from src/engine/index.ts, not from its internals.";
const WORKER_CHUNK_MESSAGE =
  "Main-thread code may import the engine, models, tools, the saver, the memory store, the thread locks and LangGraph as types only (`import type`): they belong in the worker chunk.";

/** What only the worker chunk may load at run time: the engine's entry, models, tools, the saver, the memory store and the thread locks. */
const WORKER_CHUNK_FOLDERS = "(engine(/index(\\.[jt]s)?)?/?$|(models|tools)(/|\\.[jt]s$|$)|persistence/(saver|store|locks)(/|\\.[jt]s$|$))";

/** The import rules of main-thread code whose specifiers reach src/ through `up` (a regex). */
function mainThreadPatterns(up) {
  return [
    // Value and type imports alike: the folders' insides are not the app's business.
    { regex: `^${up}worker/(?!protocol(\\.[jt]s)?$)`, message: WORKER_MESSAGE },
    { regex: "^/?src/worker/(?!protocol(\\.[jt]s)?$)", message: WORKER_MESSAGE },
    { regex: `^${up}engine/(?!index(\\.[jt]s)?$)`, message: ENGINE_ENTRY_MESSAGE },
    { regex: "^/?src/engine/(?!index(\\.[jt]s)?$)", message: ENGINE_ENTRY_MESSAGE },
    // Types cross freely; values would pull the engine into the main bundle. (Deeper engine
    // paths are refused above already, so each bad import gets one message.)
    { regex: `^${up}${WORKER_CHUNK_FOLDERS}`, message: WORKER_CHUNK_MESSAGE, allowTypeImports: true },
    { regex: `^/?src/${WORKER_CHUNK_FOLDERS}`, message: WORKER_CHUNK_MESSAGE, allowTypeImports: true },
    { group: ["@langchain/*"], message: WORKER_CHUNK_MESSAGE, allowTypeImports: true },
  ];
}

/**
 * The worker boundary for main-thread code (src/main.tsx and src/app), one block per folder
 * depth as in layerRule. src/app/services/workerBoundary.test.ts follows the same imports
 * transitively, including dynamic import().
 */
function mainThreadRule() {
  const blocks = [
    {
      name: "graphwright/main-thread/entry",
      files: ["src/main.tsx"],
      rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: mainThreadPatterns("\\./") }] },
    },
  ];
  for (let depth = 0; depth <= MAX_DEPTH; depth++) {
    const deepest = depth === MAX_DEPTH;
    blocks.push({
      name: `graphwright/main-thread/app/depth-${depth}${deepest ? "-and-deeper" : ""}`,
      files: [`src/app/${"*/".repeat(depth)}${deepest ? "**/" : ""}*.{ts,tsx}`],
      ignores: TESTS,
      rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: mainThreadPatterns(upToSrc(depth)) }] },
    });
  }
  return blocks;
}

export default defineConfig(
  globalIgnores(["dist/", "dist-e2e-*/", "node_modules/", "bench/results/", "public/", "test-results/", "playwright-report/", "tmp/"]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    name: "graphwright/globals",
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.node, ...globals.browser },
    },
  },
  {
    name: "graphwright/node-scripts",
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: globals.node },
  },
  {
    name: "graphwright/react",
    files: ["src/app/**/*.{ts,tsx}", "src/main.tsx"],
    ...reactHooks.configs.flat.recommended,
  },
  {
    name: "graphwright/typescript",
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
    },
  },

  // The type-aware habits (issue 11: a promise nobody awaits loses its error; a switch over a
  // union says which members it leaves out) are checked by Oxlint's type-aware mode, on the Go
  // compiler the type checks use (.oxlintrc.json, scripts/typeAwareLint.test.ts): here they built
  // a TypeScript 5.9 program of the whole repository, half of ESLint's time.
  {
    name: "graphwright/file-size",
    files: ["**/*.{ts,tsx,mts,cts}"],
    rules: { "max-lines": ["warn", { max: 250, skipBlankLines: true, skipComments: true }] },
  },

  ...layerRule("schema", {
    packages: [...UI_PACKAGES, ...BROWSER_STORAGE_PACKAGES],
    layers: ["app", "worker", "engine", "models", "tools", "persistence", "cli"],
  }),
  // Importers of other builders' files are pure like schema: the app's worker and the CLI call them.
  ...layerRule("import", {
    packages: [...UI_PACKAGES, ...BROWSER_STORAGE_PACKAGES],
    layers: ["app", "worker", "engine", "models", "tools", "persistence", "cli"],
  }),
  // Export as code is pure like schema (it reads documents, writes text): the app loads it lazily and the CLI calls it.
  ...layerRule("eject", {
    packages: [...UI_PACKAGES, ...BROWSER_STORAGE_PACKAGES, "node:*"],
    layers: ["app", "worker", "engine", "models", "tools", "persistence", "cli", "import"],
  }),
  ...layerRule("engine", {
    packages: [...UI_PACKAGES, ...BROWSER_STORAGE_PACKAGES],
    layers: ["app", "worker", "models", "tools", "persistence", "cli"],
  }),
  ...["models", "tools", "persistence"].flatMap((layer) => layerRule(layer, { packages: UI_PACKAGES, layers: ["app", "worker"] })),
  // The worker hosts the engine for the app; what both sides share lives in its protocol module.
  ...layerRule("worker", { packages: UI_PACKAGES, layers: ["app", "cli"] }),
  ...layerRule("cli", { packages: UI_PACKAGES, layers: ["app", "worker"] }),
  ...mainThreadRule(),
  {
    // The main thread loads the protocol module, so it loads no engine code itself.
    name: "graphwright/worker-protocol",
    files: ["src/worker/protocol.ts", "src/worker/problemSummary.ts", "src/worker/secretOriginsSetting.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^\\.\\./(engine|models|tools|persistence)(/|$)",
              message: "The worker protocol is loaded by the main thread: import engine code as types only.",
              allowTypeImports: true,
            },
            { group: ["@langchain/*"], message: "The worker protocol is loaded by the main thread: import LangGraph as types only.", allowTypeImports: true },
            {
              regex: "^\\./(?!(problemSummary|secretOriginsSetting)(\\.[jt]s)?$)",
              message: "The worker protocol is loaded by the main thread: import worker modules as types only.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },

  {
    name: "graphwright/pure-core-globals",
    files: ["src/schema/**/*.{ts,tsx}", "src/engine/**/*.{ts,tsx}", "src/import/**/*.{ts,tsx}", "src/eject/**/*.{ts,tsx}"],
    ignores: TESTS,
    rules: {
      "no-restricted-globals": [
        "error",
        ...BROWSER_GLOBALS.map((name) => ({
          name,
          message: `src/schema, src/engine, src/import and src/eject run in Node too: pass platform services in through engine/ports.ts instead of using ${name}.`,
        })),
      ],
    },
  },
);
