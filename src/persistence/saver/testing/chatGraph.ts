/**
 * A one-node chat graph whose `messages` channel is LangGraph's DeltaChannel,
 * for tests and the storage bench: each turn adds a user message and a reply.
 */
import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { AIMessage, HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { Annotation, DeltaChannel, END, START, StateGraph, messagesDeltaReducer, type Messages } from "@langchain/langgraph/web";

/** About the size of a short chat message, so byte counts resemble a real conversation. */
const FILLER = " — thanks, that helps; could you also check the invoice from last month?";

export function chatGraph(checkpointer: BaseCheckpointSaver, options: { snapshotFrequency?: number } = {}) {
  const State = Annotation.Root({ messages: new DeltaChannel<BaseMessage[], Messages>(messagesDeltaReducer, options) });
  return new StateGraph(State)
    .addNode("reply", (state: { messages: BaseMessage[] }) => ({ messages: [new AIMessage(`reply ${state.messages.length / 2 + 0.5}${FILLER}`)] }))
    .addEdge(START, "reply")
    .addEdge("reply", END)
    .compile({ checkpointer });
}

export type ChatGraph = ReturnType<typeof chatGraph>;

/** Runs turns `from` … `to` (inclusive) on a thread. */
export async function chat(graph: ChatGraph, threadId: string, from: number, to: number): Promise<void> {
  for (let turn = from; turn <= to; turn++) {
    await graph.invoke({ messages: [new HumanMessage(`message ${turn}${FILLER}`)] }, { configurable: { thread_id: threadId } });
  }
}

/** The thread's messages as text, in order. */
export async function transcript(graph: ChatGraph, threadId: string): Promise<string[]> {
  const state = await graph.getState({ configurable: { thread_id: threadId } });
  return (state.values as { messages: BaseMessage[] }).messages.map((message) => String(message.content));
}
