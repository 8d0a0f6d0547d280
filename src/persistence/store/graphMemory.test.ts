// IdbStore as LangGraph's store of a compiled graph: what one thread saves, another thread
// of the same graph recalls, through LangGraph's own batching, on one shared database.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { Annotation, END, START, StateGraph, type LangGraphRunnableConfig } from "@langchain/langgraph/web";
import { Database } from "../db.js";
import { IdbSaver } from "../saver/IdbSaver.js";
import { IdbStore } from "./IdbStore.js";

const State = Annotation.Root({
  input: Annotation<string>(),
  recalled: Annotation<string[]>({ reducer: (_, next) => next, default: () => [] }),
});

const MEMORY = ["graph", "g1", "agent", "Support"];

/** Saves "remember: …" inputs, then recalls every memory of the agent. */
async function support(state: typeof State.State, config: LangGraphRunnableConfig): Promise<Partial<typeof State.State>> {
  const store = config.store;
  if (!store) throw new Error("the graph was compiled without a store");
  const fact = /^remember: (.+)$/.exec(state.input)?.[1];
  if (fact) await store.put(MEMORY, `m${(await store.search(MEMORY)).length + 1}`, { text: fact });
  return { recalled: (await store.search(MEMORY)).map((item) => String(item.value.text)) };
}

function compile(database: Database) {
  return new StateGraph(State)
    .addNode("support", support)
    .addEdge(START, "support")
    .addEdge("support", END)
    .compile({ checkpointer: new IdbSaver({ database }), store: new IdbStore({ database }) });
}

describe("a graph compiled with IdbStore", () => {
  it("recalls in a second thread, after a reopened database, what the first thread saved", async () => {
    const factory = new IDBFactory();
    const first = new Database({ name: "graph-memory", indexedDB: factory });
    await compile(first).invoke({ input: "remember: prefers French" }, { configurable: { thread_id: "t-1" } });
    await first.close();

    const reopened = new Database({ name: "graph-memory", indexedDB: factory });
    const result = await compile(reopened).invoke({ input: "what do you know?" }, { configurable: { thread_id: "t-2" } });
    expect(result.recalled).toEqual(["prefers French"]);
  });
});
