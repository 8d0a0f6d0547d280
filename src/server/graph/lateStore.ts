/**
 * A long-term memory store that forwards to one chosen when a call is made. A LangGraph server
 * hands a graph its own store after the graph is built (`graph.store = …`); agents' memory
 * tools, bound to a store at compile time, must write to that same store.
 */
import { BaseStore, type Operation, type OperationResults } from "@langchain/langgraph-checkpoint";

/**
 * @example
 * const late = new LateStore(() => (graph.store instanceof BaseStore && graph.store !== late ? graph.store : memory));
 */
export class LateStore extends BaseStore {
  constructor(private readonly target: () => BaseStore) {
    super();
  }

  batch<Op extends Operation[]>(operations: Op): Promise<OperationResults<Op>> {
    return this.target().batch(operations);
  }
}
