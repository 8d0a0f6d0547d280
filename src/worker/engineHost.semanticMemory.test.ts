// Long-term memory ranked by meaning in the worker: a graph naming a memory embeddings profile
// gets IdbStore with a vector index on `content`, embedded by a real local /embeddings server
// with the key saved in Settings; the key stays out of IndexedDB and everything posted.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RunEvent } from "../engine/index.js";
import { embeddingsReply, isEmbeddingsRequest, embeddingInputs } from "../models/testing/embeddingsWire.js";
import { startWireServer, type Reply, type WireServer } from "../models/testing/faultServer.js";
import { STORES, type Database } from "../persistence/db.js";
import { IdbStore } from "../persistence/store/IdbStore.js";
import { asGraphId, asRunId, asThreadId, assertValid, type GraphDocument, type GraphDocumentInput } from "../schema/index.js";
import type { MemoryRequest, MemoryResult } from "./protocol";
import { openTestHost } from "./testing/openTestHost";

const KEY = "sk-memory-vectors-3b8e1f7c";
const at = { x: 0, y: 0 };
let server: WireServer;
let answer: (request: Parameters<typeof embeddingsReply>[0]) => Reply;

beforeEach(async () => {
  answer = (request) => embeddingsReply(request);
  server = await startWireServer((request) => (isEmbeddingsRequest(request) ? answer(request) : { kind: "json", status: 404, body: {} }));
});

afterEach(async () => {
  await server.close();
});

/** Support remembers "remember <key>: <fact>" and recalls "recall <query>"; memory embeds with `model`. */
function desk(model = "test-embed"): GraphDocument {
  return assertValid({
    version: 1,
    meta: { id: "desk", name: "Desk" },
    models: [
      { id: "scripted", provider: "scripted", model: "scripted" },
      { id: "embedder", provider: "openai", model, base_url: `${server.url}/v1` },
    ],
    settings: { memory_embedding_profile: "embedder" },
    nodes: [
      { id: "start", kind: "start", position: at },
      {
        id: "support",
        kind: "agent",
        position: at,
        data: {
          name: "Support",
          model: "scripted",
          memory: true,
          script: {
            rules: [
              {
                match: "^remember (?<key>\\w+): (?<what>.+)$",
                tool_calls: [{ name: "remember", args: { key: "{{ match.key }}", content: "{{ match.what }}" } }],
              },
              { match: "^recall (?<query>.+)$", tool_calls: [{ name: "recall", args: { query: "{{ match.query }}" } }] },
              { on: "tool", reply: "done" },
            ],
          },
        },
      },
      { id: "end", kind: "end", position: at },
    ],
    edges: [
      { id: "e1", kind: "flow", source: "start", target: "support" },
      { id: "e2", kind: "flow", source: "support", target: "end" },
    ],
  } satisfies GraphDocumentInput);
}

async function openHost(factory = new IDBFactory()) {
  let document = desk();
  const { database, ws, host, posts, eventsOf } = openTestHost("semantic-memory", {
    indexedDB: factory,
    with: ({ database }) => ({
      store: new IdbStore({ database }),
      loadDocument: async (graphId) => (graphId === document.meta.id ? document : undefined),
    }),
  });
  await ws.secrets.set("openai", KEY);
  await ws.settings.set("openai.base_url", `${server.url}/v1`);
  let runs = 0;
  return {
    database,
    ws,
    posts,
    use(next: GraphDocument) {
      document = next;
    },
    /** Runs one turn and returns its tool result: the text, or the error. */
    async say(message: string): Promise<{ result?: string; error?: string }> {
      const runId = asRunId(`run_${++runs}`);
      await host.handle({ type: "run", runId, threadId: asThreadId(`t${runs}`), graphId: asGraphId(document.meta.id), document, message });
      const events = eventsOf(runId);
      const tool = events.filter((e): e is Extract<RunEvent, { type: "tool_result" }> => e.type === "tool_result").at(-1);
      if (!tool) throw new Error(`no tool ran for "${message}": ${JSON.stringify(events.filter((e) => e.type === "error"))}`);
      return { result: tool.result ?? undefined, error: tool.error ?? undefined };
    },
    stopMemory(requestId: string): Promise<void> {
      return host.handle({ type: "stop_memory", requestId });
    },
    async memory(request: Omit<MemoryRequest, "type" | "requestId" | "graphId">): Promise<MemoryResult> {
      const requestId = `r${posts.length}`;
      await host.handle({ type: "memory", requestId, graphId: document.meta.id, ...request });
      const reply = posts.find((m): m is MemoryResult => m.type === "memory_result" && m.requestId === requestId);
      if (!reply) throw new Error("the host did not answer the memory request");
      return reply;
    },
  };
}

type Recalled = { note?: string; memories: { key: string; content: string; score?: number }[] };
const recalled = (turn: { result?: string }): Recalled => JSON.parse(turn.result ?? "{}") as Recalled;

async function storedRows(database: Database): Promise<unknown[]> {
  return database.tx([STORES.storeItems, STORES.storeVectors], "readonly", "reading memory", async (tx) => [
    ...(await tx.objectStore(STORES.storeItems).getAll()),
    ...(await tx.objectStore(STORES.storeVectors).getAll()),
  ]);
}

describe("long-term memory with an embeddings profile, in the worker", () => {
  it("recalls first the memory phrased with a synonym of the query, which word matching misses", async () => {
    const host = await openHost();
    expect((await host.say("remember ship: Prefers courier delivery")).result).toBe('Remembered "ship".');
    expect((await host.say("remember money: Was reimbursed last month")).result).toBe('Remembered "money".');
    const { memories, note } = recalled(await host.say("recall refund"));
    expect(note).toBeUndefined();
    expect(memories.map((m) => m.key)).toEqual(["money", "ship"]);
    expect(memories[0]?.score).toBeGreaterThan(memories[1]?.score ?? 1);
    // remember embeds the fact alone; the key went only to the embeddings endpoint.
    const inputs = server.requests.filter(isEmbeddingsRequest).flatMap(embeddingInputs);
    expect(inputs).toEqual(expect.arrayContaining(["Prefers courier delivery", "Was reimbursed last month", "refund"]));
    expect(server.requests.every((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
    const rows = await storedRows(host.database);
    expect(rows).toContainEqual(expect.objectContaining({ key: "money", field: "content", signature: `test-embed @ ${server.url}/v1` }));
    expect(JSON.stringify(rows)).not.toContain(KEY);
    expect(JSON.stringify(host.posts)).not.toContain(KEY);
    expect(JSON.stringify(await host.ws.runs.threadEvents("t3"))).not.toContain(KEY);
  });

  it("embeds a Memory panel edit again, so recall ranks the memory by its new text", async () => {
    const host = await openHost();
    await host.say("remember ship: Prefers courier delivery");
    await host.say("remember money: Was reimbursed last month");
    const edited = await host.memory({ op: "update", agent: "Support", key: "money", content: "Forgot the login twice" });
    expect(edited).toMatchObject({ ok: true, error: null });
    expect(server.requests.filter(isEmbeddingsRequest).flatMap(embeddingInputs)).toContain("Forgot the login twice");
    expect(recalled(await host.say("recall password")).memories[0]).toMatchObject({ key: "money", content: "Forgot the login twice" });
  });

  it("never compares vectors of another model: after the model changes, older memories rank unscored until saved again", async () => {
    const host = await openHost();
    await host.say("remember money: Was reimbursed last month");
    host.use(desk("test-embed-2"));
    expect(recalled(await host.say("recall refund")).memories).toEqual([{ key: "money", content: "Was reimbursed last month" }]);
    await host.say("remember money: Was reimbursed last month");
    expect(recalled(await host.say("recall refund")).memories[0]?.score).toBeGreaterThan(0.9);
  });

  it("re-embeds from the Memory panel, with progress, the memories another model embedded, so recall scores them again", async () => {
    const host = await openHost();
    await host.say("remember money: Was reimbursed last month");
    await host.say("remember ship: Prefers courier delivery");
    host.use(desk("test-embed-2"));
    expect((await host.memory({ op: "list" })).memories.map((m) => [m.key, m.embedded])).toEqual([
      ["money", false],
      ["ship", false],
    ]);
    const done = await host.memory({ op: "reembed" });
    expect(done).toMatchObject({ ok: true, reembedded: { done: 2, total: 2, stopped: false } });
    expect(done.memories.map((m) => [m.key, m.embedded])).toEqual([
      ["money", true],
      ["ship", true],
    ]);
    const progress = host.posts.filter((m) => m.type === "memory_progress").map((m) => (m.type === "memory_progress" ? [m.done, m.total] : []));
    expect(progress).toEqual([
      [0, 2],
      [2, 2],
    ]);
    expect(recalled(await host.say("recall refund")).memories[0]).toMatchObject({ key: "money", score: 1 });
    expect(JSON.stringify(await storedRows(host.database))).not.toContain(KEY);
  });

  it("stops re-embedding when the panel says Stop, leaving the memories as they were", async () => {
    const host = await openHost();
    await host.say("remember money: Was reimbursed last month");
    host.use(desk("test-embed-2"));
    const job = host.memory({ op: "reembed" });
    const requestId = `r${host.posts.length}`;
    await host.stopMemory(requestId);
    expect(await job).toMatchObject({ ok: true, reembedded: { done: 0, total: 1, stopped: true } });
    expect((await host.memory({ op: "list" })).memories.map((m) => m.embedded)).toEqual([false]);
  });

  it("says why re-embedding failed and keeps the old vectors when the model fails", async () => {
    const host = await openHost();
    await host.say("remember money: Was reimbursed last month");
    host.use(desk("test-embed-2"));
    answer = () => ({ kind: "json", status: 500, body: { error: { message: "embeddings are down" } } });
    const failed = await host.memory({ op: "reembed" });
    expect(failed.ok).toBe(false);
    expect(failed.error).toMatch(/^Long-term memory: Re-embedding stopped after 0 of 1 with model profile "embedder" .*The other 1 keep their old vectors\.$/);
    host.use(desk());
    answer = (request) => embeddingsReply(request);
    expect((await host.memory({ op: "list" })).memories.map((m) => m.embedded)).toEqual([true]);
  });

  it("gives remember a clear error and stores nothing, and recall matches words, while the embeddings model fails", async () => {
    const host = await openHost();
    await host.say("remember money: Was reimbursed last month");
    answer = () => ({ kind: "json", status: 500, body: { error: { message: "embeddings are down" } } });
    const failed = await host.say("remember ship: Prefers courier delivery");
    expect(failed.error).toMatch(/embeddings model.*nothing was saved/i);
    expect(failed.error).not.toContain(KEY);
    expect((await host.memory({ op: "list" })).memories.map((m) => m.key)).toEqual(["money"]);
    const fallback = recalled(await host.say("recall reimbursed"));
    expect(fallback.note).toMatch(/Ranking by meaning failed .*matched by words instead/);
    expect(fallback.memories).toEqual([{ key: "money", content: "Was reimbursed last month" }]);
    const edit = await host.memory({ op: "update", agent: "Support", key: "money", content: "Refund sent" });
    expect(edit).toMatchObject({ ok: false, error: expect.stringContaining("nothing was saved") });
    expect((await host.memory({ op: "list" })).memories.map((m) => m.content)).toEqual(["Was reimbursed last month"]);
  });
});
