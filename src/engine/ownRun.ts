/**
 * Delegated work (a blocking or background sub-agent, an agent tool, a Subgraph node's saved
 * graph) runs on a thread of its own, as a root run (see delegatedPause.ts). Where LangChain's
 * AsyncLocalStorage is on — Node with `@langchain/langgraph` loaded, as on a LangGraph server —
 * LangGraph would read the calling node's run config from it and nest the run inside that
 * node's task instead: its checkpoints under the caller's namespace, its pauses raised as the
 * caller's own (without `via`), a Subgraph node's pause failing as an error. In the browser,
 * which has no AsyncLocalStorage, it never nests. Running the work with no ambient config
 * makes both the same.
 */
import { AsyncLocalStorageProviderSingleton } from "@langchain/core/singletons";

/**
 * Runs `work` (which starts and consumes a graph run) outside the calling node's LangGraph run.
 * @example const answer = await asOwnRun(async () => { for await (const chunk of await graph.stream(input, config)) … });
 */
export function asOwnRun<T>(work: () => Promise<T>): Promise<T> {
  return AsyncLocalStorageProviderSingleton.getInstance().run(undefined, work) as Promise<T>;
}

/**
 * Calls `listener` outside any LangGraph run: work it starts (a follow-up turn reporting a
 * background task) is a root run of its own, not a step of the task run that settled it.
 * @example for (const listener of listeners) outsideRuns(() => listener(task));
 */
export function outsideRuns(listener: () => void): void {
  AsyncLocalStorageProviderSingleton.getInstance().run(undefined, listener);
}
