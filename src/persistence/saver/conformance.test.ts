// LangGraph's own saver suite against IdbSaver on fake-indexeddb: all 718 must pass,
// including "should only store channel_values that have changed", which MemorySaver skips.
import "./testing/vitestGlobals.js";
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { validate } from "@langchain/langgraph-checkpoint-validation";
import { IdbSaver } from "./IdbSaver.js";

validate<IdbSaver>({
  checkpointerName: "IdbSaver",
  // A fresh factory per checkpointer: no state leaks between the suite's groups.
  createCheckpointer: () => new IdbSaver({ name: "conformance", indexedDB: new IDBFactory() }),
  destroyCheckpointer: (saver) => saver.close(),
});
