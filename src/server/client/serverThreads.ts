/**
 * Threads a LangGraph server holds for a published graph, and a thread's history told as our
 * run events, so the playground can open a thread this browser never ran (one started from the
 * SDK, LangGraph Studio or another browser) and go on with it.
 */
import { coerceMessageLikeToMessage, HumanMessage, type BaseMessage } from "@langchain/core/messages";
import type { Client } from "@langchain/langgraph-sdk";
import { textOf, untoldTurn, type CallPlace, type RunEvent, type RunEventBody } from "../../engine/index.js";

/** A server thread as the playground lists it. */
export interface ServerThread {
  thread_id: string;
  /** The thread's id in a browser: the one it was run from, or `thread_<server id>`. */
  local_thread_id: string;
  /** The first message, as thread titles are. */
  title: string;
  updated_at: string;
}

function messagesOf(values: unknown): BaseMessage[] {
  const raw = (values as { messages?: unknown } | null)?.messages;
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((m) => {
    try {
      return [coerceMessageLikeToMessage(m as never)];
    } catch {
      return []; // Not a message this engine can read: left out of the history.
    }
  });
}

/**
 * @example const threads = await listServerThreads(client, assistantId); // newest first
 */
export async function listServerThreads(client: Client, assistantId: string): Promise<ServerThread[]> {
  const found = await client.threads.search({ metadata: { assistant_id: assistantId }, limit: 50, sortBy: "updated_at", sortOrder: "desc" });
  return found.map((thread) => {
    const first = messagesOf(thread.values).find((m) => HumanMessage.isInstance(m));
    const local = thread.metadata?.graphwright_thread;
    return {
      thread_id: thread.thread_id,
      local_thread_id: typeof local === "string" && local ? local : `thread_${thread.thread_id}`,
      title: (first ? textOf(first) : "").slice(0, 80) || "Untitled thread",
      updated_at: thread.updated_at,
    };
  });
}

/**
 * A thread's messages as finished runs, one per person's message: its `run_start`, the replies
 * and tool calls with their results, and `run_end`. No checkpoint ids: the history is a record.
 * @example const events = historyEvents(state.values.messages, { threadId: "thread_…", now: Date.now() });
 */
export function historyEvents(values: unknown, options: { threadId: string; now: number }): RunEvent[] {
  const messages = messagesOf({ messages: values });
  const starts = messages.flatMap((m, i) => (HumanMessage.isInstance(m) ? [i] : []));
  const events: RunEvent[] = [];
  let ts = options.now - messages.length;
  starts.forEach((start, turn) => {
    const end = starts[turn + 1] ?? messages.length;
    const runId = `run_history_${turn}`;
    let seq = 0;
    const at = { run_id: runId, thread_id: options.threadId, root_call_id: runId, checkpoint_id: null, call_id: runId, parent_call_id: null, depth: 0 };
    const push = (body: RunEventBody, agent: string | null, place: CallPlace = at) =>
      events.push({ ...at, ...place, ...body, id: `${runId}:${seq}`, seq: seq++, ts: ts++, node: agent, agent } as RunEvent);
    push({ type: "run_start", input: textOf(messages[start] as BaseMessage) }, null);
    for (const { body, agent, at: place } of untoldTurn(messages.slice(0, end), new Set(), at)) push(body, agent, place);
    push({ type: "run_end", status: "completed", duration_ms: 0 }, null);
  });
  return events;
}
