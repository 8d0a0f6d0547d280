// The Memory panel's requests against a store: the graph's memories by agent, only this graph's,
// and changes that touch only the agent and memory they name.
import { describe, expect, it } from "vitest";
import { InMemoryStore } from "@langchain/langgraph/web";
import { memoryNamespace } from "../engine/index.js";
import { answerMemoryRequest } from "./memoryAccess";
import type { MemoryRequest } from "./protocol";

async function seeded() {
  const store = new InMemoryStore();
  await store.put(memoryNamespace("desk", "Support"), "likes", { content: "Tea" });
  await store.put(memoryNamespace("desk", "Billing"), "plan", { content: "Pro" });
  await store.put(memoryNamespace("desk", "Billing"), "card", { last4: "4242" });
  await store.put(memoryNamespace("other", "Support"), "likes", { content: "Coffee" });
  await store.put(["graphwright", "desk", "agent", "Support", "notes"], "x", { content: "not a memory" });
  return store;
}

const ask = (store: InMemoryStore, request: Omit<MemoryRequest, "type" | "requestId" | "graphId">) =>
  answerMemoryRequest(store, { type: "memory", requestId: "r", graphId: "desk", ...request });

describe("answerMemoryRequest", () => {
  it("lists the graph's memories agent by agent, a value without text as JSON, and nothing of another graph", async () => {
    const { memories } = await ask(await seeded(), { op: "list" });
    expect(memories.map((m) => [m.agent, m.key, m.content])).toEqual([
      ["Billing", "plan", "Pro"],
      ["Billing", "card", '{"last4":"4242"}'],
      ["Support", "likes", "Tea"],
    ]);
  });

  it("clears one agent's memories and leaves the other agents' and other graphs' alone", async () => {
    const store = await seeded();
    const { ok, memories } = await ask(store, { op: "clear", agent: "Billing" });
    expect(ok).toBe(true);
    expect(memories.map((m) => `${m.agent}/${m.key}`)).toEqual(["Support/likes"]);
    expect(await store.get(memoryNamespace("other", "Support"), "likes")).toMatchObject({ value: { content: "Coffee" } });
  });

  it("keeps a value's other fields when its text is edited", async () => {
    const store = await seeded();
    await ask(store, { op: "update", agent: "Billing", key: "card", content: "Visa ending 4242" });
    expect((await store.get(memoryNamespace("desk", "Billing"), "card"))?.value).toEqual({ last4: "4242", content: "Visa ending 4242" });
  });

  it("refuses a change that names no agent or key, saying which", async () => {
    expect(await ask(await seeded(), { op: "delete", agent: "Billing" })).toMatchObject({
      ok: false,
      error: "Long-term memory: A memory delete needs the key",
    });
    expect(await ask(await seeded(), { op: "clear" })).toMatchObject({ ok: false, error: "Long-term memory: A memory clear needs the agent" });
  });
});
