/**
 * Test harness: the Graphwright runtime server as a user starts it (`npm run cli -- serve`),
 * in a child process on a free loopback port, with its state in a temporary folder.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./langgraphServer.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

export interface RuntimeProcess {
  url: string;
  /** Everything the server printed, for failure messages. */
  output(): string;
  close(): Promise<void>;
}

/**
 * @example
 * const server = await startRuntimeProcess({ corsOrigins: [appOrigin] }); // the page's origin, e.g. http://localhost:4205
 * // … Settings → LangGraph server URL = server.url …
 * await server.close();
 */
export async function startRuntimeProcess(options: { timeoutMs?: number; corsOrigins?: string[] } = {}): Promise<RuntimeProcess> {
  const state = await mkdtemp(path.join(tmpdir(), "gw-runtime-state-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = "";
  const child: ChildProcess = spawn(
    path.join(ROOT, "node_modules", ".bin", "tsx"),
    [
      path.join(ROOT, "src", "cli", "main.ts"),
      "serve",
      "--port",
      String(port),
      "--state",
      state,
      ...(options.corsOrigins ?? []).flatMap((origin) => ["--cors-origin", origin]),
    ],
    {
      cwd: ROOT,
      detached: true,
      env: { ...process.env, LOG_LEVEL: "warn", OPENAI_API_KEY: "", ANTHROPIC_API_KEY: "" },
    },
  );
  child.stdout?.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (log += d.toString()));
  const close = async () => {
    if (child.pid && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      process.kill(-child.pid, "SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null) process.kill(-child.pid, "SIGKILL");
    }
    await rm(state, { recursive: true, force: true });
  };
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) {
      await close();
      throw new Error(`The runtime server exited with ${child.exitCode}:\n${log}`);
    }
    try {
      if ((await fetch(`${url}/ok`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await close();
      throw new Error(`The runtime server did not answer at ${url}:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, output: () => log, close };
}
