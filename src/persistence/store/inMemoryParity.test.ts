// IdbStore against LangGraph's own InMemoryStore: the same scripted operations, the same answers.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { InMemoryStore, type BaseStore } from "@langchain/langgraph-checkpoint";
import { IdbStore } from "./IdbStore.js";

const AGENT_A = ["graph", "g1", "agent", "A"];
const AGENT_B = ["graph", "g1", "agent", "B"];

describe("the same operations as LangGraph's InMemoryStore", () => {
  /** Timestamps differ by clock; InMemoryStore hands out live items, so each answer is copied when given. */
  const snapshot = (answer: unknown): unknown =>
    JSON.parse(JSON.stringify(answer, (field, value: unknown) => (field === "createdAt" || field === "updatedAt" ? undefined : value)));

  /** A scripted session of writes, each followed by every kind of read; both stores must answer alike. */
  async function session(target: BaseStore): Promise<unknown[]> {
    const answers: unknown[] = [];
    const read = async () => {
      const asked = [
        target.get(AGENT_A, "language"),
        target.search(["graph"], { limit: 3, offset: 1 }),
        target.search(["graph", "g1"], { filter: { score: { $gt: 1, $lte: 4 }, kind: "preference" } }),
        target.search([], { filter: { kind: { $in: ["fact"] } } }),
        target.search(AGENT_B, { filter: { kind: { $nin: ["fact"] }, score: { $ne: 1 } } }),
        target.listNamespaces({ prefix: ["graph"], maxDepth: 3 }),
        target.listNamespaces({ suffix: ["B"], limit: 1 }),
      ];
      for (const answer of asked) answers.push(snapshot(await answer));
    };
    await target.put(AGENT_A, "language", { kind: "preference", score: 5, text: "French" });
    await target.put(AGENT_B, "language", { kind: "preference", score: 3, text: "German" });
    await target.put(AGENT_A, "order", { kind: "fact", score: 4, text: "Order 42" });
    await read();
    await target.put(["graph", "g2", "agent", "A"], "timezone", { kind: "preference", score: 2, text: "CET" });
    await target.put(AGENT_B, "plan", { kind: "fact", score: 1, text: "Pro" });
    await target.put(AGENT_A, "language", { kind: "preference", score: 2, text: "Spanish" });
    await read();
    await target.delete(AGENT_A, "order");
    const batched = await target.batch([
      { namespace: AGENT_B, key: "plan", value: null },
      { namespace: AGENT_B, key: "plan" },
      { namespace: AGENT_A, key: "mood", value: { kind: "fact", score: 3 } },
      { namespacePrefix: ["graph"], filter: { kind: "fact" }, limit: 10, offset: 0 },
      { matchConditions: [{ matchType: "suffix", path: ["*", "B"] }], limit: 10, offset: 0 },
    ]);
    answers.push(snapshot(batched));
    await read();
    return answers;
  }

  it("answers a scripted session exactly as InMemoryStore does, timestamps aside", async () => {
    const ours = await session(new IdbStore({ name: "parity", indexedDB: new IDBFactory() }));
    const theirs = await session(new InMemoryStore());
    expect(ours).toEqual(theirs);
  });
});
