/**
 * Test harness: LangGraph's API server (`@langchain/langgraph-api`, what `langgraphjs dev`
 * serves) in this process on a free loopback port, serving the given graph modules.
 */
import { existsSync } from "node:fs";
import { mkdir, symlink } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reservedPort } from "../../../tests/support/ports.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** Lets modules written into `dir` (outside this checkout) import this checkout's packages. */
export async function linkPackages(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const modules = path.join(dir, "node_modules");
  if (!existsSync(modules)) await symlink(path.join(ROOT, "node_modules"), modules, "dir");
}

/**
 * @example
 * const server = await startLangGraphServer({ cwd: dir, graphs: { weather: "./weather/graph.mjs:graph" } });
 * const client = new Client({ apiUrl: server.url });
 * await server.close();
 */
export async function startLangGraphServer(options: {
  cwd: string;
  graphs: Record<string, string>;
  workers?: number;
}): Promise<{ url: string; close(): Promise<void> }> {
  process.env.LOG_LEVEL ??= "warn";
  process.env.LANGGRAPH_CLI_NO_ANALYTICS = "1";
  const { startServer } = await import("@langchain/langgraph-api/server");
  const port = await reservedPort();
  const { cleanup } = await startServer({ port, host: "127.0.0.1", nWorkers: options.workers ?? 4, cwd: options.cwd, graphs: options.graphs });
  return { url: `http://127.0.0.1:${port}`, close: cleanup };
}
