// A long thread's history is read a page of ancestors at a time: the messages it rebuilds are
// the same as LangGraph's own MemorySaver rebuilds, on the main line and on a branch forked off
// it (whose rows sit between the main line's in key order).
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import type { RunnableConfig } from "@langchain/core/runnables";
import { MemorySaver, type BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { HumanMessage } from "@langchain/core/messages";
import { expect, it } from "vitest";
import { IdbSaver } from "./IdbSaver.js";
import { chat, chatGraph, transcript } from "./testing/chatGraph.js";

/** 25 turns (75 checkpoints, pages of 32), then a branch from turn 10's end with 3 turns of its own; the tips of both lines. */
async function branchedThread(saver: BaseCheckpointSaver) {
  const graph = chatGraph(saver);
  const thread: RunnableConfig = { configurable: { thread_id: "t-1" } };
  await chat(graph, "t-1", 1, 10);
  const forkPoint = (await graph.getState(thread)).config;
  await chat(graph, "t-1", 11, 25);
  const mainTip = (await graph.getState(thread)).config;
  for (let turn = 1; turn <= 3; turn++) await graph.invoke({ messages: [new HumanMessage(`branch ${turn}`)] }, turn === 1 ? forkPoint : thread);
  const read = async (config: RunnableConfig) => ((await graph.getState(config)).values.messages as { content: unknown }[]).map((m) => String(m.content));
  return { branchTip: await read(thread), mainTip: await read(mainTip), latest: await transcript(graph, "t-1") };
}

it("rebuilds a long, branched thread's messages as LangGraph's MemorySaver does, on both lines", async () => {
  const idb = await branchedThread(new IdbSaver({ name: "pages", indexedDB: new IDBFactory() }));
  const memory = await branchedThread(new MemorySaver());
  expect(idb.mainTip).toHaveLength(50);
  expect(idb.branchTip).toHaveLength(26);
  expect(idb.branchTip.slice(20, 22)).toEqual(["branch 1", expect.stringMatching(/^reply 11 /)]);
  expect(idb).toEqual(memory);
});
