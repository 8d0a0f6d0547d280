/**
 * The run-time import graph of the TypeScript sources, read with the compiler API: which module
 * loads which when the code runs. Type-only imports and re-exports are erased by the compiler,
 * so they are left out; dynamic import() is kept. The import-cycle and worker-boundary tests
 * build on it.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/** One module's run-time dependencies: source files of the repository, and packages by specifier. */
export interface ModuleImports {
  files: string[];
  packages: string[];
}

/** Absolute file path → what it loads at run time. */
export type ImportGraph = Map<string, ModuleImports>;

const isTypeOnlyImport = (node: ts.ImportDeclaration): boolean => {
  const clause = node.importClause;
  if (!clause) return false; // `import "./side-effect"` loads the module
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  // `import { type A, type B } from` names nothing that survives compilation.
  return bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
};

const isTypeOnlyExport = (node: ts.ExportDeclaration): boolean =>
  node.isTypeOnly ||
  (node.exportClause !== undefined &&
    ts.isNamedExports(node.exportClause) &&
    node.exportClause.elements.length > 0 &&
    node.exportClause.elements.every((e) => e.isTypeOnly));

/**
 * The specifiers a module loads at run time: value imports and re-exports, side-effect imports
 * and dynamic `import("…")` with a literal specifier.
 * @example runtimeSpecifiers("a.ts", `import type { T } from "./t"; import { v } from "./v";`) // ["./v"]
 */
export function runtimeSpecifiers(fileName: string, source: string): string[] {
  const sourceFile = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteralLike(node.moduleSpecifier)) {
      if (!isTypeOnlyImport(node)) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteralLike(node.moduleSpecifier)) {
      if (!isTypeOnlyExport(node)) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [first] = node.arguments;
      if (first && ts.isStringLiteralLike(first)) specifiers.push(first.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return specifiers;
}

/** The compiler options of the repository's tsconfig.json, for module resolution. */
export function compilerOptions(root: string): ts.CompilerOptions {
  const configPath = path.join(root, "tsconfig.json");
  const { config, error } = ts.readConfigFile(configPath, (file) => ts.sys.readFile(file));
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, "\n"));
  return ts.parseJsonConfigFileContent(config, ts.sys, root).options;
}

const SOURCE = /\.(ts|tsx|mts|cts)$/;
const TEST = /\.test\.(ts|tsx|mts|cts)$/;

/** Non-test TypeScript files under `dir`, recursively, sorted. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !TEST.test(entry.name) && !entry.name.endsWith(".d.ts"))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * Builds the run-time import graph of `files`, resolving specifiers as the compiler does.
 * Imports of files outside the list (JSON, tests, other folders) are not edges.
 * @example const graph = buildImportGraph(sourceFiles("src"), compilerOptions("."));
 */
export function buildImportGraph(
  files: readonly string[],
  options: ts.CompilerOptions,
  read: (file: string) => string = (f) => readFileSync(f, "utf8"),
): ImportGraph {
  const known = new Set(files);
  const knownDirs = new Set(files.flatMap((file) => ancestors(path.dirname(file))));
  // The listed files count as present even when a test passes their text in without writing them.
  const host: ts.ModuleResolutionHost = {
    fileExists: (file) => known.has(path.resolve(file)) || ts.sys.fileExists(file),
    readFile: (file) => (known.has(path.resolve(file)) ? read(path.resolve(file)) : ts.sys.readFile(file)),
    directoryExists: (dir) => knownDirs.has(path.resolve(dir)) || ts.sys.directoryExists(dir),
    realpath: ts.sys.realpath,
    getCurrentDirectory: () => ts.sys.getCurrentDirectory(),
  };
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const imports: ModuleImports = { files: [], packages: [] };
    for (const specifier of runtimeSpecifiers(file, read(file))) {
      const resolved = ts.resolveModuleName(specifier, file, options, host).resolvedModule;
      if (resolved && !resolved.isExternalLibraryImport) {
        const target = path.resolve(resolved.resolvedFileName);
        if (known.has(target) && !imports.files.includes(target)) imports.files.push(target);
      } else if (!specifier.startsWith(".") && !specifier.startsWith("/")) {
        imports.packages.push(specifier);
      }
    }
    graph.set(file, imports);
  }
  return graph;
}

/** `dir` and every folder above it. */
function ancestors(dir: string): string[] {
  const parent = path.dirname(dir);
  return parent === dir ? [dir] : [dir, ...ancestors(parent)];
}

/**
 * The import cycles of a graph: its strongly connected components with more than one module
 * (or one module importing itself), each as a path that starts and ends at the same module.
 * @example findCycles(new Map([["a", ["b"]], ["b", ["a"]]])) // [["a", "b", "a"]]
 */
export function findCycles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's algorithm, iterative so deep graphs cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  const next = (node: string) => edges.get(node) ?? [];

  for (const start of edges.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; child: number }[] = [{ node: start, child: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const children = next(frame.node);
      if (frame.child < children.length) {
        const child = children[frame.child++]!;
        if (!index.has(child)) {
          index.set(child, counter);
          low.set(child, counter++);
          stack.push(child);
          onStack.add(child);
          work.push({ node: child, child: 0 });
        } else if (onStack.has(child)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(child)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || next(frame.node).includes(frame.node)) components.push(component);
      }
    }
  }
  return components.map((component) => cyclePath(component, next));
}

/** One concrete cycle through a strongly connected component, starting at its first module in sort order. */
function cyclePath(component: readonly string[], next: (node: string) => readonly string[]): string[] {
  const members = new Set(component);
  const start = [...component].sort()[0]!;
  // Breadth-first from start back to start, inside the component: the shortest such cycle.
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const child of next(node)) {
      if (!members.has(child)) continue;
      if (child === start) {
        const cycle = [start];
        for (let at: string | undefined = node; at !== undefined && at !== start; at = previous.get(at)) cycle.splice(1, 0, at);
        return [...cycle, start];
      }
      if (!previous.has(child)) {
        previous.set(child, node);
        queue.push(child);
      }
    }
  }
  return [start, start];
}

/**
 * Every module `entries` load at run time, directly or through other modules, the entries included.
 * @example runtimeClosure(graph, ["src/main.tsx"])
 */
export function runtimeClosure(graph: ImportGraph, entries: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...(graph.get(file)?.files ?? []));
  }
  return seen;
}
