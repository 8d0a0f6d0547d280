/**
 * Builds the engine for LangGraph servers: one prebuilt ESM file (the document compiler, Node
 * providers, tools of every kind) and the JavaScript tools' worker-thread entry beside it, so a
 * server bundle needs no TypeScript toolchain. LangChain packages and QuickJS stay imports,
 * pinned in the bundle's package.json to the versions installed here: the server must share
 * one `@langchain/langgraph` with the graph, and QuickJS finds its WebAssembly in its package.
 */
import { readFileSync } from "node:fs";
import { builtinModules, createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { rolldown } from "rolldown";
import { diskEngineCache, engineSourceKey, type EngineCache } from "./engineCache.js";
import { ENGINE_FILE, THREAD_FILE, type ServerEngine } from "./files.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const ENTRY = fileURLToPath(new URL("../graph/bundleEntry.ts", import.meta.url));
const THREAD_ENTRY = fileURLToPath(new URL("../../tools/sandbox/nodeThread.worker.ts", import.meta.url));

/** Packages the engine file imports rather than contains. */
const EXTERNAL = /^(@langchain\/|quickjs-emscripten-core$|quickjs-emscripten-core\/|@jitl\/)/;
const NODE_BUILTINS = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

/** Packages the server itself needs besides what the engine imports. */
const SERVER_PACKAGES = ["@langchain/langgraph-cli", "@langchain/langgraph-api", "@langchain/langgraph-checkpoint"];

function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? `${parts[0]}/${parts[1]}` : (parts[0] as string);
}

function installedVersion(name: string): string {
  const require = createRequire(`${ROOT}package.json`);
  // Some packages do not export their package.json: read it from where the package resolves.
  let dir: string;
  try {
    dir = require.resolve(`${name}/package.json`).replace(/package\.json$/, "");
  } catch {
    dir = `${ROOT}node_modules/${name}/`;
  }
  return (JSON.parse(readFileSync(`${dir}package.json`, "utf8")) as { version: string }).version;
}

async function buildOne(input: string): Promise<{ code: string; imports: string[] }> {
  const bundle = await rolldown({
    input,
    platform: "node",
    logLevel: "warn",
    external: (id) => EXTERNAL.test(id) || NODE_BUILTINS.has(id),
  });
  try {
    const { output } = await bundle.generate({ format: "esm", codeSplitting: false, minify: true });
    const chunk = output[0];
    return { code: chunk.code, imports: chunk.imports };
  } finally {
    await bundle.close();
  }
}

/** Where a checkout keeps its last built engine (node_modules is never committed or shipped). */
const DEFAULT_CACHE = diskEngineCache(`${ROOT}node_modules/.cache/graphwright-server-engine`);

/**
 * The engine for the sources as they are now: from the cache when nothing it is built from has
 * changed, otherwise built and cached. `cache: false` always builds.
 * @example
 * const engine = await buildServerEngine();
 * engine.files["graphwright.mjs"]; // the engine, one file
 * engine.packages["@langchain/langgraph"]; // "1.7.3"
 */
export async function buildServerEngine(options: { cache?: EngineCache | false } = {}): Promise<ServerEngine> {
  const cache = options.cache ?? DEFAULT_CACHE;
  if (cache === false) return buildFresh();
  const key = await engineSourceKey(ROOT);
  const cached = await cache.read(key);
  if (cached) return cached;
  const engine = await buildFresh();
  await cache.write(key, engine);
  return engine;
}

async function buildFresh(): Promise<ServerEngine> {
  const [engine, thread] = await Promise.all([buildOne(ENTRY), buildOne(THREAD_ENTRY)]);
  const names = new Set([...engine.imports, ...thread.imports].filter((id) => !NODE_BUILTINS.has(id)).map(packageName));
  for (const name of SERVER_PACKAGES) names.add(name);
  const packages = Object.fromEntries([...names].sort().map((name) => [name, installedVersion(name)]));
  return { files: { [ENGINE_FILE]: engine.code, [THREAD_FILE]: thread.code }, packages };
}
