/** Long-term memory tools: what an agent remembers outlives the thread, and only that agent reads it. */
import { describe, expect, it } from "vitest";
import { InMemoryStore, type BaseStore } from "@langchain/langgraph/web";
import { collectRun, compileGraph, type RunEvent } from "../index.js";
import { agentNode, chainDocument } from "../testing/documents.js";
import { ofType } from "../testing/humanLoop.js";
import { testServices } from "../../../tests/support/services.js";
import type { GraphDocumentInput } from "../../schema/index.js";
import { WordEmbeddings } from "../../persistence/store/fixtures/WordEmbeddings.js";
import { memoryAgent, memoryNamespace } from "./memoryTools.js";

/** An agent that remembers "I like X", recalls on "what do I like" and forgets on "forget tea". */
function memoryDoc(name: string, memory = true): GraphDocumentInput {
  const doc = chainDocument([
    agentNode("a", {
      name,
      memory,
      script: {
        rules: [
          { match: "I like (?<what>\\w+)", tool_calls: [{ name: "remember", args: { key: "likes", content: "The user likes {{ match.what }}" } }] },
          { match: "what do I like", tool_calls: [{ name: "recall", args: { query: "likes" } }] },
          { match: "^recall (?<query>.+)$", tool_calls: [{ name: "recall", args: { query: "{{ match.query }}" } }] },
          { match: "forget", tool_calls: [{ name: "forget", args: { key: "likes" } }] },
          { on: "tool", reply: "Memory: {{ tool_result }}" },
        ],
      },
    }),
  ]);
  return { ...doc, meta: { id: "memory-graph", name: "Memory graph" } };
}

const reply = (events: RunEvent[]) => ofType(events, "ai_message").at(-1)?.content ?? "";
const run = (store: BaseStore | undefined, doc: GraphDocumentInput, message: string, threadId: string) =>
  collectRun(compileGraph(doc, { ...testServices(), ...(store ? { store } : {}) }), { message }, { threadId });

describe("memory tools", () => {
  it("recall finds in a new thread what remember saved in another", async () => {
    const store = new InMemoryStore();
    expect(reply(await run(store, memoryDoc("Support"), "I like tea", "t1"))).toContain('Remembered "likes"');
    expect(reply(await run(store, memoryDoc("Support"), "what do I like?", "t2"))).toContain("The user likes tea");
    expect(await store.get(memoryNamespace("memory-graph", "Support"), "likes")).toMatchObject({ value: { content: "The user likes tea" } });
  });

  it("scopes memories per agent: another agent of the graph reads none of them", async () => {
    const store = new InMemoryStore();
    await run(store, memoryDoc("Support"), "I like tea", "t1");
    expect(reply(await run(store, memoryDoc("Billing"), "what do I like?", "t2"))).toContain("Nothing in long-term memory matches.");
  });

  it("forget removes a memory, and forgetting one that is not there is a tool error", async () => {
    const store = new InMemoryStore();
    await run(store, memoryDoc("Support"), "I like tea", "t1");
    expect(reply(await run(store, memoryDoc("Support"), "forget tea", "t2"))).toContain('Forgot "likes"');
    const again = await run(store, memoryDoc("Support"), "forget tea", "t3");
    expect(ofType(again, "tool_result")[0]?.error).toContain('Long-term memory has no fact "likes"');
  });

  it("gives the tools only to agents that enable memory, and says so where there is no store", async () => {
    const store = new InMemoryStore();
    const off = await run(store, memoryDoc("Support", false), "I like tea", "t1");
    expect(ofType(off, "tool_result")[0]?.error).toMatch(/remember/);
    expect(await store.search(memoryNamespace("memory-graph", "Support"))).toEqual([]);
    const noStore = await run(undefined, memoryDoc("Support"), "I like tea", "t1");
    expect(ofType(noStore, "tool_result")[0]?.error).toContain("Long-term memory is not available here");
  });

  it("keeps the memories of a graph whose id holds dots and colons, which store labels may not", async () => {
    const store = new InMemoryStore();
    const doc = { ...memoryDoc("Support"), meta: { id: "team.support:v2", name: "Dotted" } };
    expect(reply(await run(store, doc, "I like tea", "t1"))).toContain('Remembered "likes"');
    expect(reply(await run(store, doc, "what do I like?", "t2"))).toContain("The user likes tea");
    const [saved] = await store.search(["graphwright"]);
    expect(saved?.namespace).toEqual(memoryNamespace("team.support:v2", "Support"));
    expect(memoryAgent(saved?.namespace ?? [], "team.support:v2")).toBe("Support");
    expect(memoryAgent(saved?.namespace ?? [], "team.support")).toBeUndefined();
  });

  it("recall ranks memories by meaning, with scores, when the store has a vector index", async () => {
    const embeddings = new WordEmbeddings(["tea", "lyon", "french", "language", "likes"]);
    const store = new InMemoryStore({ index: { dims: embeddings.dims, embeddings } });
    await run(store, memoryDoc("Support"), "I like tea", "t1");
    // remember embeds the memory's text alone, not its JSON.
    expect(embeddings.documentCalls).toEqual([["The user likes tea"]]);
    const namespace = memoryNamespace("memory-graph", "Support");
    await store.put(namespace, "city", { content: "The user lives in Lyon" }, ["content"]);
    await store.put(namespace, "language", { content: "The user writes French" }, ["content"]);

    const recalled = ofType(await run(store, memoryDoc("Support"), "recall french language", "t2"), "tool_result")[0]?.result ?? "";
    expect(JSON.parse(recalled)).toEqual({
      memories: [
        { key: "language", content: "The user writes French", score: 0.707 },
        { key: "likes", content: "The user likes tea", score: 0 },
        { key: "city", content: "The user lives in Lyon", score: 0 },
      ],
    });
  });

  it("recall without a vector index keeps only the facts holding every word of the query", async () => {
    const store = new InMemoryStore();
    await run(store, memoryDoc("Support"), "I like tea", "t1");
    expect(reply(await run(store, memoryDoc("Support"), "recall french language", "t2"))).toContain("Nothing in long-term memory matches.");
  });
});
