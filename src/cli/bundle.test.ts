import { spawn, execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Client } from "@langchain/langgraph-sdk";
import { afterAll, describe, expect, it } from "vitest";
import { reservedPort } from "../../tests/support/ports.js";
import { runCli } from "./testing/runCli.js";

const exec = promisify(execFile);

/** Polls the server's health route until it answers; fails with its output if it exits or never does. */
async function waitForServer(url: string, child: ReturnType<typeof spawn>, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`langgraphjs dev exited with ${child.exitCode}:\n${output()}`);
    try {
      // LangGraph's own answer, not just any server's: anything else on the port is not ours.
      if (((await (await fetch(`${url}/ok`)).json()) as { ok?: unknown }).ok === true) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`langgraphjs dev did not answer within ${timeoutMs} ms:\n${output()}`);
}

describe("cli bundle", () => {
  const dirs: string[] = [];
  let child: ReturnType<typeof spawn> | undefined;

  afterAll(async () => {
    if (child?.pid && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once("exit", resolve));
      process.kill(-child.pid, "SIGTERM");
      // The server writes its state folder until it is gone: removing it earlier can fail with ENOTEMPTY.
      await exited;
    }
    for (const dir of dirs) await rm(dir, { recursive: true, force: true, maxRetries: 5 });
  });

  it("refuses a folder that holds something other than a bundle", async () => {
    const { code, stderr } = await runCli(["bundle", "examples/weather-assistant.json", "--out", "src"]);
    expect(code).toBe(1);
    expect(stderr).toContain("src is not empty and holds no langgraph.json");
  });

  it("writes a project that installs from the npm registry alone and serves the graph with langgraphjs dev", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "gw-fresh-bundle-"));
    dirs.push(dir);
    const out = path.join(dir, "number-cruncher");
    const written = await runCli(["bundle", "examples/number-cruncher.json", "--out", out]);
    expect(written.code, written.stderr).toBe(0);
    expect(written.stdout).toContain("npm install && npx langgraphjs dev");
    const manifest = JSON.parse(await readFile(path.join(out, "package.json"), "utf8")) as { dependencies: Record<string, string> };
    const ours = JSON.parse(await readFile(path.resolve(import.meta.dirname, "../../node_modules/@langchain/langgraph/package.json"), "utf8")) as {
      version: string;
    };
    expect(manifest.dependencies["@langchain/langgraph"]).toBe(ours.version);
    expect(manifest.dependencies["@langchain/langgraph-cli"]).toMatch(/^1\.5\./);
    expect(JSON.parse(await readFile(path.join(out, "langgraph.json"), "utf8"))).toMatchObject({ graphs: { "number-cruncher": "./graph.mjs:graph" } });

    // Outside this checkout: nothing resolves from its node_modules, only what npm installs (from its
    // cache of registry packages when it has them: the same tarballs, without asking the registry again).
    await exec("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: out, timeout: 300_000 });

    const port = await reservedPort();
    const url = `http://127.0.0.1:${port}`;
    let log = "";
    child = spawn("npx", ["langgraphjs", "dev", "--no-browser", "--host", "127.0.0.1", "--port", String(port)], {
      cwd: out,
      detached: true,
      env: { ...process.env, LANGGRAPH_CLI_NO_ANALYTICS: "1", OPENAI_API_KEY: "", ANTHROPIC_API_KEY: "", LOG_LEVEL: "warn" },
    });
    child.stdout?.on("data", (d: Buffer) => (log += d.toString()));
    child.stderr?.on("data", (d: Buffer) => (log += d.toString()));
    await waitForServer(url, child, () => log, 90_000);

    const client = new Client({ apiUrl: url, apiKey: null });
    const thread = await client.threads.create();
    const values = (await client.runs.wait(thread.thread_id, "number-cruncher", {
      input: { messages: [{ role: "user", content: "stats of 3, 5, 7" }] },
    })) as { messages: { type: string; content: string; name?: string }[] };
    // The JavaScript tool ran in QuickJS in the bundle's worker thread.
    const toolMessage = values.messages.find((m) => m.type === "tool");
    expect(toolMessage?.content ?? "", log).toMatch(/5/);
    expect(values.messages.at(-1)?.type).toBe("ai");
  }, 420_000);
});
