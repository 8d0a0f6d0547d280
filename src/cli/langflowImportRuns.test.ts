/**
 * Every Langflow fixture, imported and pointed at a local OpenAI-compatible server, runs one turn
 * and answers: in this process, as `cli -- run` and `cli -- mcp` build it (node services, keys from
 * the environment, saved graphs from a folder), which keeps nine CLI starts out of the suite. A Run
 * Flow's flow from the same file is imported too and found by the Subgraph in that folder. The
 * Human Input fixture goes through `npm run cli -- run` itself: it pauses for a person and answers
 * once approved with `--resume`.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importForeign, readForeignFile } from "../import/index.js";
import { langflowSubflowGraphId as subflowGraphId } from "../import/langflow/index.js";
import { startWireServer, type WireServer } from "../models/testing/faultServer.js";
import { openaiStream } from "../models/testing/openaiWire.js";
import type { RunEvent } from "../engine/index.js";
import type { GraphDocument } from "../schema/index.js";
import { folderGraphLibrary } from "../server/graph/graphLibrary.js";
import { localTurns } from "../server/mcp/stdioServer.js";
import { runCli } from "./testing/runCli.js";

const FIXTURES = path.resolve(import.meta.dirname, "../import/langflow/fixtures");
const KEY = "sk-langflow-run-test";
const NOW = "2026-12-05T00:00:00.000Z";

interface Event {
  type: string;
  content?: string;
  status?: string;
  kind?: string;
}

const events = (stdout: string): Event[] =>
  stdout
    .trim()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Event);

describe("imported Langflow flows run one turn in the CLI", { timeout: 120_000 }, () => {
  let server: WireServer;
  let dir: string;
  const files = new Map<string, string>();

  /** The fixture's graph with every profile sent to the test server (Anthropic ones too, as OpenAI-compatible). */
  const pointed = (document: GraphDocument): GraphDocument => ({
    ...document,
    models: document.models.map((m) => ({ ...m, provider: "openai" as const, base_url: `${server.url}/v1` })),
  });

  beforeAll(async () => {
    server = await startWireServer((request) => {
      const model = (request.body as { model?: string }).model ?? "model";
      return { kind: "sse", events: openaiStream(["Answer ", `from ${model}`]) };
    });
    dir = await mkdtemp(path.join(tmpdir(), "gw-langflow-runs-"));
    for (const name of (await readdir(FIXTURES)).filter((f) => f.endsWith(".json"))) {
      const text = await readFile(path.join(FIXTURES, name), "utf8");
      for (const flow of readForeignFile(text).flows) {
        const graphId = subflowGraphId(flow.name);
        const { document } = importForeign(text, { graphId, now: NOW, flow: flow.name });
        const file = path.join(dir, `${graphId}.json`);
        await writeFile(file, JSON.stringify(pointed(document)));
        files.set(`${name}:${flow.name}`, file);
      }
    }
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  const runs = [
    ["agent-tools.json:Support Agent", "gpt-4o-mini"],
    ["agent-team.json:Research Team", "gpt-4.1"],
    ["prompt-chain.json:Draft and Polish", "claude-3-5-haiku-latest"],
    ["refund-router.json:Refund Router", "claude-3-5-sonnet-latest"],
    ["loop-summaries.json:Passage Summaries", "gpt-4.1-mini"],
    ["project-subflows.json:Ticket Intake", "gpt-4o-mini"],
    ["project-subflows.json:Ticket Summary", "gpt-4o-mini"],
    ["legacy-librarian.json:Librarian", "gpt-3.5-turbo"],
    ["future-version.json:Workbench Helper", "gpt-4o-mini"],
  ] as const;

  it.each(runs)("%s answers a message through the test server", async (key, model) => {
    const file = files.get(key) as string;
    const before = server.requests.length;
    const turns = localTurns(JSON.parse(await readFile(file, "utf8")) as GraphDocument, { graphs: folderGraphLibrary(dir), env: { OPENAI_API_KEY: KEY } });
    const seen: RunEvent[] = [];
    try {
      for await (const event of turns.run({ message: "I want a refund for order 42" }, `run-${key}`, new AbortController().signal)) seen.push(event);
    } finally {
      await turns.close();
    }
    expect(seen.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    expect((seen.filter((e) => e.type === "ai_message").at(-1) as { content?: string } | undefined)?.content).toBe(`Answer from ${model}`);
    const mine = server.requests.slice(before);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
  });

  it("pauses the reviewed reply for a person and sends it once approved", async () => {
    const file = files.get("human-review.json:Reviewed Replies") as string;
    const store = `sqlite:${path.join(dir, "review.sqlite")}`;
    const first = await runCli(["run", file, "My order arrived broken", "--json", "--thread", "review-1", "--checkpoint", store], {
      env: { OPENAI_API_KEY: KEY },
    });
    expect(first.code, first.stderr).toBe(3);
    const paused = events(first.stdout);
    expect(paused.filter((e) => e.type === "ai_message").at(-1)?.content).toBe("Answer from gpt-4o-mini");
    expect(paused.find((e) => e.type === "interrupt")?.kind).toBe("approval");
    const resumed = await runCli(["run", file, "--thread", "review-1", "--resume", '{"decision":"approve"}', "--json", "--checkpoint", store], {
      env: { OPENAI_API_KEY: KEY },
    });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(events(resumed.stdout).at(-1)).toMatchObject({ type: "run_end", status: "completed" });
  });
});
