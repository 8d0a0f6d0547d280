/**
 * Test harness: the Graphwright runtime server as a user starts it (`npm run cli -- serve`),
 * in a child process on a free loopback port, with its state in a temporary folder. `kill()`
 * ends the process at once (SIGKILL, as a crash or an OOM kill would) and `restart()` starts it
 * again on the same port and state folder.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { builtCli } from "../../cli/testing/builtCli.js";
import { reservedPort } from "../../../tests/support/ports.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

export interface RuntimeProcess {
  url: string;
  /** The state folder (`--state`): the server's `.langgraph_api/` files are in it. */
  stateDir: string;
  /** Everything the server printed, for failure messages. */
  output(): string;
  /** Ends the server's process group with SIGKILL: no shutdown, no last flush of its state. */
  kill(): Promise<void>;
  /** Starts the server again on the same port with the same state folder, once it answers. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/**
 * @example
 * const server = await startRuntimeProcess({ corsOrigins: [appOrigin] }); // the page's origin, e.g. http://localhost:4205
 * // … Settings → LangGraph server URL = server.url …
 * await server.close();
 */
export async function startRuntimeProcess(
  options: { timeoutMs?: number; corsOrigins?: string[]; graphsDir?: string; apiKey?: string } = {},
): Promise<RuntimeProcess> {
  const state = await mkdtemp(path.join(tmpdir(), "gw-runtime-state-"));
  const port = await reservedPort();
  const url = `http://127.0.0.1:${port}`;
  let log = "";
  let child: ChildProcess | null = null;

  const stop = async (signal: "SIGTERM" | "SIGKILL") => {
    const running = child;
    if (!running?.pid || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    process.kill(-running.pid, signal);
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (running.exitCode === null && running.signalCode === null) process.kill(-running.pid, "SIGKILL");
  };
  const close = async () => {
    await stop("SIGTERM");
    await rm(state, { recursive: true, force: true });
  };

  const start = async () => {
    const started = spawn(
      process.execPath,
      [
        await builtCli(),
        "serve",
        "--port",
        String(port),
        "--state",
        state,
        ...(options.corsOrigins ?? []).flatMap((origin) => ["--cors-origin", origin]),
        ...(options.graphsDir ? ["--graphs", options.graphsDir] : []),
      ],
      {
        cwd: ROOT,
        detached: true,
        // A key in the test's own environment must not make every server ask for one.
        env: { ...process.env, LOG_LEVEL: "warn", OPENAI_API_KEY: "", ANTHROPIC_API_KEY: "", GRAPHWRIGHT_SERVER_API_KEY: options.apiKey ?? "" },
      },
    );
    child = started;
    started.stdout?.on("data", (d: Buffer) => (log += d.toString()));
    started.stderr?.on("data", (d: Buffer) => (log += d.toString()));
    const deadline = Date.now() + (options.timeoutMs ?? 60_000);
    for (;;) {
      if (started.exitCode !== null) {
        await close();
        throw new Error(`The runtime server exited with ${started.exitCode}:\n${log}`);
      }
      try {
        // With --graphs the server answers before it has published them: wait for its ready line.
        const published = !options.graphsDir || log.includes("listening on");
        if (published && (await fetch(`${url}/ok`, { headers: options.apiKey ? { "x-api-key": options.apiKey } : {} })).ok) return;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) {
        await close();
        throw new Error(`The runtime server did not answer at ${url}:\n${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  await start();
  return { url, stateDir: state, output: () => log, kill: () => stop("SIGKILL"), restart: start, close };
}
