// Guards DESIGN.md §2: src/schema and src/engine stay pure, so they import no UI, no browser
// storage and no higher layer. ESLint's no-restricted-imports checks the same boundaries, but
// it does not see dynamic import() or `import("x").T` types; this test parses them all.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");

type Layer = {
  /** Folder relative to the repository root, e.g. "src/engine". */
  dir: string;
  /** Packages the layer may not import, matched by name and subpath. */
  packages: readonly string[];
  /** Folders (relative to the root) that no file of the layer may import from. */
  folders: readonly string[];
};

const PURE_PACKAGES = ["react", "react-dom", "@xyflow", "zustand", "idb"];

const LAYERS: readonly Layer[] = [
  {
    dir: "src/schema",
    packages: PURE_PACKAGES,
    folders: ["src/app", "src/engine", "src/models", "src/tools", "src/persistence", "src/cli"],
  },
  {
    dir: "src/import",
    packages: PURE_PACKAGES,
    folders: ["src/app", "src/engine", "src/models", "src/tools", "src/persistence", "src/cli", "src/worker"],
  },
  {
    dir: "src/eject",
    packages: [...PURE_PACKAGES, "node:"],
    folders: ["src/app", "src/engine", "src/models", "src/tools", "src/persistence", "src/cli", "src/worker", "src/import"],
  },
  {
    dir: "src/engine",
    packages: PURE_PACKAGES,
    folders: ["src/app", "src/models", "src/tools", "src/persistence", "src/cli"],
  },
];

type SourceFile = { path: string; source: string };
type Violation = { file: string; specifier: string; reason: string };

/** Every module specifier in a file: imports, re-exports, import(), import types, require. */
function moduleSpecifiers(fileName: string, source: string): string[] {
  const sourceFile = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteralLike(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteralLike(node.moduleReference.expression)
    ) {
      specifiers.push(node.moduleReference.expression.text);
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === "require"))
    ) {
      const [first] = node.arguments;
      if (first && ts.isStringLiteralLike(first)) specifiers.push(first.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteralLike(node.argument.literal)) {
      specifiers.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return specifiers;
}

const isInside = (folder: string, target: string) => {
  const relative = path.relative(folder, target);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
};

/** Why `specifier`, imported from `file`, breaks the layer's rules — or null if it does not. */
function forbiddenBecause(layer: Layer, root: string, file: string, specifier: string): string | null {
  // A name ending in ":" is a scheme ("node:"): every specifier under it is refused.
  const forbiddenPackage = layer.packages.find((name) => specifier === name || specifier.startsWith(name.endsWith(":") ? name : `${name}/`));
  if (forbiddenPackage) return `imports the package ${forbiddenPackage}`;

  // Relative paths resolve against the file; "/src/..." is Vite's root-absolute form.
  let target: string | null = null;
  if (specifier.startsWith(".")) target = path.resolve(path.dirname(file), specifier);
  else if (specifier.startsWith("/")) target = path.join(root, specifier);
  if (target === null) return null;

  const folder = layer.folders.find((candidate) => isInside(path.join(root, candidate), target));
  return folder ? `imports from ${folder}` : null;
}

/** Checks files (absolute paths under `root`) against the layer they belong to. */
function findLayerViolations(root: string, files: readonly SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    const layer = LAYERS.find((candidate) => isInside(path.join(root, candidate.dir), file.path));
    if (!layer) continue;
    for (const specifier of moduleSpecifiers(file.path, file.source)) {
      const reason = forbiddenBecause(layer, root, file.path, specifier);
      if (reason) violations.push({ file: path.relative(root, file.path), specifier, reason });
    }
  }
  return violations;
}

const isSource = (name: string) => /\.(ts|tsx|mts|cts)$/.test(name) && !/\.test\.(ts|tsx|mts|cts)$/.test(name) && !name.endsWith(".d.ts");

/** Non-test TypeScript files under `dir`, recursively. */
function listSources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && isSource(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** The layer folders present in this checkout, with their files read from disk. */
function scanRepository() {
  return LAYERS.filter((layer) => existsSync(path.join(ROOT, layer.dir))).map((layer) => ({
    dir: layer.dir,
    files: listSources(path.join(ROOT, layer.dir)).map((file) => ({
      path: file,
      source: readFileSync(file, "utf8"),
    })),
  }));
}

const describeViolation = (v: Violation) => `${v.file}: "${v.specifier}" ${v.reason}`;

describe("layering of src/schema and src/engine", () => {
  const scanned = scanRepository();

  it("scans TypeScript sources in every layer folder that exists", () => {
    for (const { dir, files } of scanned) {
      const hasEntries = readdirSync(path.join(ROOT, dir)).length > 0;
      if (hasEntries) expect(files.length, `no non-test .ts files found in ${dir}`).toBeGreaterThan(0);
    }
  });

  it("keeps schema and engine free of UI, browser storage and higher-layer imports", () => {
    const violations = findLayerViolations(
      ROOT,
      scanned.flatMap((layer) => layer.files),
    );
    expect(violations.map(describeViolation)).toEqual([]);
  });
});

describe("the layering checker", () => {
  const at = (relative: string) => path.join(ROOT, relative);

  it("reports forbidden packages in every import form, with file and specifier", () => {
    const source = [
      `import { useState } from "react";`,
      `import type { Node } from "@xyflow/react";`,
      `export { createStore } from "zustand/vanilla";`,
      `const dom = await import("react-dom/client");`,
      `type Db = import("idb").IDBPDatabase;`,
      `import idb = require("idb");`,
    ].join("\n");
    const violations = findLayerViolations(ROOT, [{ path: at("src/engine/planted.ts"), source }]);
    expect(violations).toEqual([
      { file: "src/engine/planted.ts", specifier: "react", reason: "imports the package react" },
      { file: "src/engine/planted.ts", specifier: "@xyflow/react", reason: "imports the package @xyflow" },
      { file: "src/engine/planted.ts", specifier: "zustand/vanilla", reason: "imports the package zustand" },
      { file: "src/engine/planted.ts", specifier: "react-dom/client", reason: "imports the package react-dom" },
      { file: "src/engine/planted.ts", specifier: "idb", reason: "imports the package idb" },
      { file: "src/engine/planted.ts", specifier: "idb", reason: "imports the package idb" },
    ]);
  });

  it("reports relative and root-absolute paths into higher layers", () => {
    const violations = findLayerViolations(ROOT, [
      { path: at("src/engine/nodes/planted.ts"), source: `import { store } from "../../app/store/index.js";` },
      { path: at("src/engine/planted.ts"), source: `export * from "../persistence/saver.js";` },
      { path: at("src/engine/lazy.ts"), source: `export const load = () => import("/src/app/App");` },
      { path: at("src/schema/planted.ts"), source: `import { runGraph } from "../engine/index.js";` },
      { path: at("src/schema/tools.ts"), source: `import type { Tool } from "../tools";` },
    ]);
    expect(violations.map(describeViolation)).toEqual([
      `src/engine/nodes/planted.ts: "../../app/store/index.js" imports from src/app`,
      `src/engine/planted.ts: "../persistence/saver.js" imports from src/persistence`,
      `src/engine/lazy.ts: "/src/app/App" imports from src/app`,
      `src/schema/planted.ts: "../engine/index.js" imports from src/engine`,
      `src/schema/tools.ts: "../tools" imports from src/tools`,
    ]);
  });

  it("allows lower layers, own subfolders and third-party packages", () => {
    const violations = findLayerViolations(ROOT, [
      {
        path: at("src/engine/nodes/agent.ts"),
        source: [
          `import { z } from "zod";`,
          `import { StateGraph } from "@langchain/langgraph/web";`,
          `import type { GraphDocument } from "../../schema/index.js";`,
          `import { helper } from "../tools/helper.js";`, // src/engine/tools, not src/tools
          `import { reactive } from "reactive-thing";`, // a package whose name starts with "react"
          `const registry = await import("./registry.js");`,
        ].join("\n"),
      },
      { path: at("src/schema/index.ts"), source: `export * from "./document.js";` },
    ]);
    expect(violations).toEqual([]);
  });

  it("ignores files outside src/schema and src/engine", () => {
    const violations = findLayerViolations(ROOT, [
      { path: at("src/app/App.tsx"), source: `import { useState } from "react";` },
      { path: at("src/persistence/db.ts"), source: `import { openDB } from "idb";` },
    ]);
    expect(violations).toEqual([]);
  });
});
