// Long-term memory ranked by meaning in the CLI: an InMemoryStore indexed through a real local
// /embeddings server with OPENAI_API_KEY; every way it cannot be is a warning, never a failure.
import { InMemoryStore } from "@langchain/langgraph-checkpoint";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { collectRun, compileGraph, type RunEvent } from "../engine/index.js";
import { embeddingsReply, isEmbeddingsRequest } from "../models/testing/embeddingsWire.js";
import { closedPortUrl, startWireServer, type WireServer } from "../models/testing/faultServer.js";
import { assertValid, type GraphDocument, type GraphDocumentInput } from "../schema/index.js";
import { nodeServices } from "../server/graph/nodeServices.js";
import { cliMemory } from "./memoryIndex.js";
import { runCli } from "./testing/runCli.js";

const KEY = "sk-cli-memory-8e4d2a";
let server: WireServer;

beforeEach(async () => {
  server = await startWireServer((request) => (isEmbeddingsRequest(request) ? embeddingsReply(request) : { kind: "json", status: 404, body: {} }));
});
afterEach(async () => {
  await server.close();
});

const at = { x: 0, y: 0 };
function graph(baseUrl: string, model = "cli-embed"): GraphDocument {
  return assertValid({
    version: 1,
    meta: { id: "cli-memory", name: "CLI memory" },
    models: [
      { id: "scripted", provider: "scripted", model: "scripted" },
      { id: "embedder", provider: "openai", model, base_url: baseUrl },
    ],
    settings: { memory_embedding_profile: "embedder" },
    nodes: [
      { id: "start", kind: "start", position: at },
      {
        id: "a",
        kind: "agent",
        position: at,
        data: {
          name: "Concierge",
          model: "scripted",
          memory: true,
          script: {
            rules: [
              {
                match: "^remember (?<key>\\w+): (?<what>.+)$",
                tool_calls: [{ name: "remember", args: { key: "{{ match.key }}", content: "{{ match.what }}" } }],
              },
              { match: "^recall (?<query>.+)$", tool_calls: [{ name: "recall", args: { query: "{{ match.query }}" } }] },
              { on: "tool", reply: "{{ tool_result }}" },
            ],
          },
        },
      },
      { id: "end", kind: "end", position: at },
    ],
    edges: [
      { id: "e1", kind: "flow", source: "start", target: "a" },
      { id: "e2", kind: "flow", source: "a", target: "end" },
    ],
  } satisfies GraphDocumentInput);
}

const lastReply = (events: readonly RunEvent[]) => events.flatMap((e) => (e.type === "ai_message" && e.content ? [e.content] : [])).at(-1) ?? "";
const memoryOnly = (store = new InMemoryStore()) => ({ spec: { kind: "memory" as const }, store });

describe("cli memory ranked by meaning", () => {
  it("recalls first, in another thread, the memory phrased with a synonym of the query", async () => {
    const document = graph(`${server.url}/v1`);
    const plain = memoryOnly();
    const { store, warning } = await cliMemory(document, plain, { OPENAI_API_KEY: KEY });
    expect(warning).toBeUndefined();
    expect(store).not.toBe(plain.store);
    const turn = async (message: string, threadId: string) =>
      lastReply(await collectRun(compileGraph(document, nodeServices(document, { store })), { message }, { threadId }));
    await turn("remember ship: Prefers courier delivery", "t1");
    await turn("remember money: Was reimbursed last month", "t2");
    const recalled = JSON.parse(await turn("recall refund", "t3")) as { memories: { key: string; score?: number }[] };
    expect(recalled.memories.map((m) => m.key)).toEqual(["money", "ship"]);
    expect(recalled.memories[0]?.score).toBeGreaterThan(0.9);
    expect(server.requests.every((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
  });

  it("keeps word matching, saying why, without the key, with Postgres, or when the model cannot be reached", async () => {
    const plain = memoryOnly();
    const noKey = await cliMemory(graph(`${server.url}/v1`), plain, {});
    expect(noKey.store).toBe(plain.store);
    expect(noKey.warning).toMatch(/recalled by matching words: set OPENAI_API_KEY to embed memories with model profile "embedder"/);

    const postgres = { spec: { kind: "postgres" as const, url: "postgres://gw@127.0.0.1:1/runs" }, store: new InMemoryStore() };
    const onPostgres = await cliMemory(graph(`${server.url}/v1`), postgres, { OPENAI_API_KEY: KEY });
    expect(onPostgres.store).toBe(postgres.store);
    expect(onPostgres.warning).toMatch(/needs the in-memory store .*pgvector/);

    const unreachable = await cliMemory(graph(`${await closedPortUrl()}/v1`, "gone-embed"), plain, { OPENAI_API_KEY: KEY });
    expect(unreachable.store).toBe(plain.store);
    expect(unreachable.warning).toMatch(/recalled by matching words: Embedding with model profile "embedder" \(gone-embed at .*\) failed/);
    expect(unreachable.warning).not.toContain(KEY);
  });

  it("leaves a graph without a memory embeddings profile as it was", async () => {
    const document = { ...graph(`${server.url}/v1`), settings: { recursion_limit: 100, max_sub_agent_depth: 5 } };
    const plain = memoryOnly();
    expect(await cliMemory(document, plain, { OPENAI_API_KEY: KEY })).toEqual({ store: plain.store });
    expect(server.requests).toEqual([]);
  });

  it("warns on stderr when `run` cannot rank memories by meaning for want of OPENAI_API_KEY", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "gw-cli-memory-"));
    try {
      const file = path.join(dir, "graph.json");
      await writeFile(file, JSON.stringify(graph(`${server.url}/v1`)));
      const { code, stdout, stderr } = await runCli(["run", file, "remember ship: Prefers courier delivery"]);
      expect(code).toBe(0);
      expect(stderr).toContain("Warning: long-term memory is recalled by matching words: set OPENAI_API_KEY");
      expect(stdout).toContain('Remembered "ship"');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
