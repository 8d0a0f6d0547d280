/**
 * From another builder's file to an answer, as a person does it in a terminal: `cli import` writes
 * the graph, its model profiles are pointed at a local OpenAI-compatible server, and `cli run`
 * answers one turn through it, for a workflow of each format. (Every fixture of every format also
 * runs a turn in its format's own tests.)
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWireServer, type WireServer } from "../models/testing/faultServer.js";
import { openaiStream } from "../models/testing/openaiWire.js";
import type { GraphDocument } from "../schema/index.js";
import { runCli } from "./testing/runCli.js";

const IMPORT = path.resolve(import.meta.dirname, "../import");
const KEY = "sk-import-then-run";

const workflows = [
  ["flowise", "flowise/fixtures/agents-with-tools.json"],
  ["langflow", "langflow/fixtures/agent-tools.json"],
  ["n8n", "n8n/fixtures/agent-with-tools.json"],
  ["dify", "dify/fixtures/support-triage.yml"],
] as const;

describe("a workflow of each format, imported and run with the CLI", { timeout: 120_000 }, () => {
  let server: WireServer;
  let dir: string;

  beforeAll(async () => {
    server = await startWireServer(() => ({ kind: "sse", events: openaiStream(["Answer ", "from the test server"]) }));
    dir = await mkdtemp(path.join(tmpdir(), "gw-import-run-"));
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it.each(workflows)("%s: import writes a graph that answers a message", async (format, fixture) => {
    const out = path.join(dir, `${format}.json`);
    const imported = await runCli(["import", path.join(IMPORT, fixture), "--out", out]);
    expect(imported.code, imported.stderr).toBe(0);
    const document = JSON.parse(await readFile(out, "utf8")) as GraphDocument;
    expect(document.meta.tags).toContain(format);
    // Scripted profiles (a Dify Answer step's fixed text) stay as they are; every model goes to the test server.
    const models = document.models.map((m) => (m.provider === "scripted" ? m : { ...m, provider: "openai" as const, base_url: `${server.url}/v1` }));
    const pointed: GraphDocument = { ...document, models };
    await writeFile(out, JSON.stringify(pointed));

    const before = server.requests.length;
    const run = await runCli(["run", out, "Hello there", "--json"], { env: { OPENAI_API_KEY: KEY } });
    expect(run.code, run.stderr).toBe(0);
    const events = run.stdout
      .trim()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { type: string; status?: string; content?: string });
    expect(events.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    expect(events.filter((e) => e.type === "ai_message").map((e) => e.content)).toContain("Answer from the test server");
    expect(server.requests.length).toBeGreaterThan(before);
  });
});
