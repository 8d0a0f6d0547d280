// Knowledge bases in the worker: an agent's search_<name> reads the index the knowledge worker
// stored for its graph, only the files the base lists, and says so when the base is gone.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { Database } from "../persistence/db.js";
import { createKnowledgeLibrary, KnowledgeStore, storedKnowledgeSearch } from "../persistence/knowledge/index.js";
import { createMemoryLocks, withThreadLock } from "../persistence/locks.js";
import { IdbSaver } from "../persistence/saver/IdbSaver.js";
import { createWorkspace } from "../persistence/workspace/index.js";
import { asGraphId, asRunId, asThreadId, assertValid, type GraphDocumentInput } from "../schema/index.js";
import { createEngineHost } from "./engineHost";
import type { FromWorker } from "./protocol";

const at = { x: 0, y: 0 };
const GRAPH = "desk.kb";

function desk(files: string[]) {
  return assertValid({
    version: 1,
    meta: { id: GRAPH, name: "Desk" },
    models: [{ id: "scripted", provider: "scripted", model: "scripted" }],
    knowledge_bases: [{ id: "kb-faq", name: "faq", description: "Returns and shipping", files: files.map((name) => ({ name, bytes: 10 })) }],
    nodes: [
      { id: "start", kind: "start", position: at },
      {
        id: "support",
        kind: "agent",
        position: at,
        data: {
          name: "Support",
          model: "scripted",
          knowledge_bases: ["kb-faq"],
          script: {
            rules: [
              { match: "(?<q>.+)", tool_calls: [{ name: "search_faq", args: { query: "{{ match.q }}" } }] },
              { on: "tool", tool: "search_faq", reply: "Found: {{ tool_result }}" },
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

function openHost() {
  const database = new Database({ name: "engine-host-knowledge", indexedDB: new IDBFactory() });
  const ws = createWorkspace(database);
  const posts: FromWorker[] = [];
  const locks = createMemoryLocks();
  const knowledge = createKnowledgeLibrary(new KnowledgeStore(database));
  const host = createEngineHost({
    runs: ws.runs,
    credentials: ws,
    checkpointer: new IdbSaver({ database }),
    withThreadLock: (threadId, work) => withThreadLock(threadId, work, { locks }),
    post: (m) => posts.push(structuredClone(m)),
    knowledgeFor: (graphId) => storedKnowledgeSearch(knowledge, graphId),
  });
  // The knowledge worker's side, on the same database.
  const indexing = createKnowledgeLibrary(new KnowledgeStore(database));
  let runs = 0;
  return {
    indexing,
    host,
    posts,
    async ask(message: string, files: string[]) {
      const runId = asRunId(`run_${++runs}`);
      await host.handle({ type: "run", runId, threadId: asThreadId(`t${runs}`), graphId: asGraphId(GRAPH), document: desk(files), message });
      const events = posts.flatMap((m) => (m.type === "events" && m.runId === runId ? m.events : []));
      const result = events.find((e) => e.type === "tool_result");
      return result?.type === "tool_result" ? result : undefined;
    },
  };
}

describe("engine host knowledge bases", () => {
  it("answers search_<name> from the stored base, naming each passage's file, and only listed files", async () => {
    const host = openHost();
    await host.indexing.add(GRAPH, "kb-faq", [
      { name: "returns.md", bytes: 10, text: "# Returns\n\nReturn any item within 30 days for a refund." },
      { name: "shipping.md", bytes: 10, text: "# Shipping\n\nExpress delivery to Paris takes one day." },
    ]);

    const both = await host.ask("express delivery Paris", ["returns.md", "shipping.md"]);
    expect(both?.error).toBeNull();
    expect(JSON.parse(String(both?.result))).toMatchObject({
      knowledge_base: "faq",
      results: [{ source: "shipping.md", text: expect.stringContaining("Paris") as string }],
    });

    const returnsOnly = await host.ask("express delivery Paris", ["returns.md"]);
    expect(String(returnsOnly?.result)).not.toContain("shipping.md");
  });

  it("runs the graph's tests against its stored knowledge bases, as its threads search them", async () => {
    const host = openHost();
    await host.indexing.add(GRAPH, "kb-faq", [{ name: "shipping.md", bytes: 10, text: "# Shipping\n\nExpress delivery to Paris takes one day." }]);
    const document = {
      ...desk(["shipping.md"]),
      tests: [
        {
          id: "paris",
          name: "Paris delivery is found",
          mode: "scripted" as const,
          turns: [{ message: "express delivery Paris" }],
          assertions: [{ kind: "reply_contains" as const, text: "Express delivery to Paris takes one day" }],
        },
      ],
    };
    await host.host.handle({ type: "run_tests", requestId: "r1", document });
    const answer = host.posts.find((m) => m.type === "tests_result");
    expect(answer?.type === "tests_result" && answer.report?.results.map((r) => [r.status, r.assertions.filter((a) => !a.passed)])).toEqual([["passed", []]]);
  });

  it("turns a search of a base with no stored index into a tool error naming the base", async () => {
    const host = openHost();
    const result = await host.ask("refund", ["returns.md"]);
    expect(result?.error).toMatch(/Knowledge base "faq" cannot be searched: it has no stored index in this browser/);
  });
});
