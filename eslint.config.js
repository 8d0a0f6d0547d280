// Lint configuration, including the layering rules of DESIGN.md §2: nothing imports upward.
// scripts/layering.test.ts checks the same boundaries for src/schema and src/engine,
// including dynamic import(), which no-restricted-imports does not see.
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
    // Past MAX_DEPTH folders, any number of "../" counts: rarely exact, never a gap.
    const deepest = depth === MAX_DEPTH;
    const up = deepest ? "(\\.\\./)+" : "\\.\\./".repeat(depth + 1);
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

  // Type-aware habits (issue 11): a promise nobody awaits loses its error, and a switch over a
  // union must say which members it leaves out. Every linted .ts/.tsx file is in tsconfig.json,
  // so the project service finds its program; plain JS config files stay untyped.
  {
    name: "graphwright/type-aware",
    files: ["**/*.{ts,tsx,mts,cts}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/switch-exhaustiveness-check": [
        "error",
        // A `default` is how a switch says "the other members are deliberately left out" (it
        // names them in a comment); a switch that must handle every member ends in a `never` check.
        { considerDefaultExhaustiveForUnions: true },
      ],
      "max-lines": ["warn", { max: 250, skipBlankLines: true, skipComments: true }],
    },
  },
  { name: "graphwright/untyped-js", files: ["**/*.{js,mjs,cjs}"], ...tseslint.configs.disableTypeChecked },

  ...layerRule("schema", {
    packages: [...UI_PACKAGES, ...BROWSER_STORAGE_PACKAGES],
    layers: ["app", "engine", "models", "tools", "persistence", "cli"],
  }),
  ...layerRule("engine", {
    packages: [...UI_PACKAGES, ...BROWSER_STORAGE_PACKAGES],
    layers: ["app", "models", "tools", "persistence", "cli"],
  }),
  ...["models", "tools", "persistence"].flatMap((layer) => layerRule(layer, { packages: UI_PACKAGES, layers: ["app"] })),
  ...layerRule("cli", { packages: UI_PACKAGES, layers: ["app"] }),

  {
    name: "graphwright/pure-core-globals",
    files: ["src/schema/**/*.{ts,tsx}", "src/engine/**/*.{ts,tsx}"],
    ignores: TESTS,
    rules: {
      "no-restricted-globals": [
        "error",
        ...BROWSER_GLOBALS.map((name) => ({
          name,
          message: `src/schema and src/engine run in Node too: pass platform services in through engine/ports.ts instead of using ${name}.`,
        })),
      ],
    },
  },
);
