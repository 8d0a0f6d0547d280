// LangGraph's opt-in conformance tests for getDeltaChannelHistory (not part of validate()),
// run against IdbSaver's direct-store override.
import "./testing/vitestGlobals.js";
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { deltaChannelHistoryTests } from "@langchain/langgraph-checkpoint-validation";
import { IdbSaver } from "./IdbSaver.js";

deltaChannelHistoryTests<IdbSaver>({
  checkpointerName: "IdbSaver",
  createCheckpointer: () => new IdbSaver({ name: "delta-history", indexedDB: new IDBFactory() }),
  destroyCheckpointer: (saver) => saver.close(),
});
