/**
 * The Graphwright runtime server: LangGraph's own API server (`@langchain/langgraph-api`, what
 * `langgraphjs dev` runs) serving one generic graph whose assistants are documents. The engine
 * is prebuilt into `stateDir` first, so the server loads plain JavaScript.
 */
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@langchain/langgraph-sdk";
import { validate } from "../../schema/index.js";
import { buildServerEngine } from "../bundle/buildEngine.js";
import { ENGINE_FILE } from "../bundle/files.js";
import { publishDocument, RUNTIME_GRAPH_ID, type PublishResult } from "../client/publish.js";
import { allowedHosts, corsOrigin, DEFAULT_CORS_ORIGINS, listenRefusal, requestRefusal, type RequestPolicy } from "./requestGuard.js";
import { releaseOrphanedRuns } from "./orphanedRuns.js";
import { a2aRoutes } from "../a2a/a2aRoutes.js";
import { mcpRoute } from "../mcp/httpRoute.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

const RUNTIME_MODULE = `// The Graphwright runtime server's graph: each assistant's configuration carries its document.
import { fileURLToPath } from "node:url";
import { folderGraphLibrary, runtimeGraph } from "./engine/${ENGINE_FILE}";

const graphs = process.env.GRAPHWRIGHT_GRAPHS_DIR ? folderGraphLibrary(process.env.GRAPHWRIGHT_GRAPHS_DIR) : undefined;

export const graph = (config) => runtimeGraph(config, graphs ? { graphs } : {});
`;

/** Where startRuntimeServer leaves the request guard for the auth module (same process). */
const GUARD_KEY = "graphwright.runtime.requestGuard";

/** Where startRuntimeServer leaves the server's own routes (A2A, MCP) for the routes module (same process). */
const ROUTES_KEY = "graphwright.runtime.routes";

/** LangGraph loads custom routes from a module file: this one hands over the app built in this process. */
const ROUTES_MODULE = `export const app = globalThis[Symbol.for(${JSON.stringify(ROUTES_KEY)})];
`;

/**
 * Runs before every route (LangGraph's auth middleware is the API server's first hook after
 * CORS): refuses foreign origins and `Host` names (requestGuard.ts), then requires the key of
 * GRAPHWRIGHT_SERVER_API_KEY in `x-api-key` (the header LangGraph clients send). The key is never
 * written to disk. Without a guard installed it refuses everything rather than serve unguarded.
 */
const AUTH_MODULE = `import { Auth, HTTPException } from "@langchain/langgraph-sdk/auth";

export const auth = new Auth().authenticate(async (request) => {
  const guard = globalThis[Symbol.for(${JSON.stringify(GUARD_KEY)})];
  const refusal = typeof guard === "function" ? guard(request.headers) : "The runtime server's request guard is not installed";
  if (refusal) throw new HTTPException(403, { message: refusal });
  const expected = process.env.GRAPHWRIGHT_SERVER_API_KEY;
  if (!expected) return { identity: "anonymous", permissions: [] };
  if (request.headers.get("x-api-key") !== expected) {
    throw new HTTPException(401, { message: "Missing or wrong API key: send the server's key as x-api-key" });
  }
  return { identity: "graphwright", permissions: [] };
});
`;

export interface RuntimeServerOptions {
  port: number;
  host?: string;
  /** Where the engine, threads and assistants are kept between starts. */
  stateDir: string;
  /** Documents in this folder are published at start (and serve Subgraph nodes). */
  graphsDir?: string;
  /** Runs the server executes at once (LangGraph's queue workers). */
  workers?: number;
  /** Every request must carry this key as `x-api-key` (what Settings' LangGraph API key sends). Required off loopback. */
  apiKey?: string;
  /** Browser origins the server answers (CORS) and serves; DEFAULT_CORS_ORIGINS when not given. */
  corsOrigins?: readonly string[];
}

export interface RuntimeServer {
  url: string;
  /** What publishing the `graphsDir` documents did, by file. */
  published: Record<string, PublishResult>;
  close(): Promise<void>;
}

/** Writes the engine and the graph module; the state folder resolves packages from this checkout. */
async function prepare(stateDir: string): Promise<void> {
  await mkdir(path.join(stateDir, "engine"), { recursive: true });
  const engine = await buildServerEngine();
  for (const [name, text] of Object.entries(engine.files)) await writeFile(path.join(stateDir, "engine", name), text);
  await writeFile(path.join(stateDir, "runtime.mjs"), RUNTIME_MODULE);
  await writeFile(path.join(stateDir, "auth.mjs"), AUTH_MODULE);
  await writeFile(path.join(stateDir, "routes.mjs"), ROUTES_MODULE);
  const modules = path.join(stateDir, "node_modules");
  if (!existsSync(modules)) await symlink(path.join(ROOT, "node_modules"), modules, "dir");
}

async function publishFolder(url: string, dir: string, apiKey: string | undefined): Promise<Record<string, PublishResult>> {
  const client = new Client({ apiUrl: url, apiKey: apiKey ?? null });
  const out: Record<string, PublishResult> = {};
  for (const file of (await readdir(dir)).filter((f) => f.endsWith(".json")).sort()) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(path.join(dir, file), "utf8"));
    } catch {
      continue;
    }
    const checked = validate(parsed);
    if (checked.ok) out[file] = await publishDocument(client, checked.document);
  }
  return out;
}

/**
 * Starts the server in this process (LangGraph's API server keeps its state in module scope:
 * one per process).
 * @example
 * const server = await startRuntimeServer({ port: 8123, stateDir: ".graphwright-server" });
 * // … new Client({ apiUrl: server.url }) …
 * await server.close();
 */
export async function startRuntimeServer(options: RuntimeServerOptions): Promise<RuntimeServer> {
  const host = options.host ?? "127.0.0.1";
  const refusal = listenRefusal(host, options.apiKey);
  if (refusal) throw new Error(refusal);
  const origins = (options.corsOrigins ?? DEFAULT_CORS_ORIGINS).map(corsOrigin);
  const policy: RequestPolicy = { origins, hosts: allowedHosts(host, options.port) };
  (globalThis as Record<symbol, unknown>)[Symbol.for(GUARD_KEY)] = (headers: Headers) => requestRefusal(headers, policy);
  const stateDir = path.resolve(options.stateDir);
  await prepare(stateDir);
  // A run the last process was in the middle of would keep its thread busy for good.
  await releaseOrphanedRuns(stateDir);
  if (options.graphsDir) process.env.GRAPHWRIGHT_GRAPHS_DIR = path.resolve(options.graphsDir);
  if (options.apiKey) process.env.GRAPHWRIGHT_SERVER_API_KEY = options.apiKey;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${options.port}`;
  // Custom routes run after the guard and the API key check, as every other route does.
  const access = { url, ...(options.apiKey ? { apiKey: options.apiKey } : {}) };
  const routes = a2aRoutes(access);
  const mcp = mcpRoute(access);
  routes.all("/mcp", (c) => mcp(c.req.raw));
  (globalThis as Record<symbol, unknown>)[Symbol.for(ROUTES_KEY)] = routes;
  const { startServer } = await import("@langchain/langgraph-api/server");
  const { cleanup } = await startServer({
    port: options.port,
    host,
    nWorkers: options.workers ?? 10,
    cwd: stateDir,
    graphs: { [RUNTIME_GRAPH_ID]: "./runtime.mjs:graph" },
    // Studio's own header would skip the guard: refused.
    auth: { path: "./auth.mjs:auth", disable_studio_auth: true },
    // Without this LangGraph answers every origin with "*"; the exposed headers are the SDK's.
    http: {
      app: "./routes.mjs:app",
      disable_assistants: false,
      disable_threads: false,
      disable_runs: false,
      disable_store: false,
      disable_meta: false,
      cors: { allow_origins: [...origins], expose_headers: ["content-location", "x-pagination-total"] },
    },
  });
  const published = options.graphsDir ? await publishFolder(url, options.graphsDir, options.apiKey) : {};
  return { url, published, close: cleanup };
}
