/**
 * A run's model replies as a replay answers with them: per agent (or LLM node), in order, from
 * the run's events in their JSON shape. Pure, so the engine's replay, the worker and the app's
 * `Save as test` read a recording the same way; typed by shape, since events are the engine's.
 */
import type { RecordedReply, TestRecording } from "./graphTest.js";

/** The fields of a run event a recording reads (an engine `RunEvent` fits). */
export type RecordableEvent =
  | { type: "message_delta"; message_id: string; delta: string }
  | {
      type: "ai_message";
      agent: string | null;
      node: string | null;
      message_id: string;
      content: string;
      tool_calls: { id: string; name: string; args: Record<string, unknown> }[];
    }
  | { type: Exclude<string, "message_delta" | "ai_message"> };

/** One recorded reply with the pieces it streamed in (one piece when they were not all kept). */
export interface StreamedReply {
  content: string;
  tool_calls: { id: string; name: string; args: Record<string, unknown> }[];
  tokens: string[];
}

type Delta = Extract<RecordableEvent, { type: "message_delta" }>;
type Reply = Extract<RecordableEvent, { type: "ai_message" }>;

/**
 * Recorded replies per agent (or LLM node), in the order the run produced them.
 * @example recordedReplies(events).get("Assistant")?.[0]?.tool_calls[0]?.name // "get_weather"
 */
export function recordedReplies(events: readonly RecordableEvent[]): Map<string, StreamedReply[]> {
  const deltas = new Map<string, string[]>();
  for (const event of events) {
    if (event.type !== "message_delta") continue;
    const { message_id, delta } = event as Delta;
    deltas.set(message_id, [...(deltas.get(message_id) ?? []), delta]);
  }
  const byAgent = new Map<string, StreamedReply[]>();
  for (const event of events) {
    if (event.type !== "ai_message") continue;
    const reply = event as Reply;
    const agent = reply.agent ?? reply.node ?? "";
    const tokens = deltas.get(reply.message_id);
    const streamed = { content: reply.content, tool_calls: reply.tool_calls, tokens: tokens && tokens.join("") === reply.content ? tokens : [reply.content] };
    byAgent.set(agent, [...(byAgent.get(agent) ?? []), streamed]);
  }
  return byAgent;
}

/**
 * The model replies of a run as a test stores them: per agent, text and tool calls (no token pieces).
 * @example recordingOf(events) // { replies: { Assistant: [{ content: "Let me check…", tool_calls: [{ id: "c1", name: "get_weather", args: { city: "Paris" } }] }, …] } }
 */
export function recordingOf(events: readonly RecordableEvent[]): TestRecording {
  const replies: TestRecording["replies"] = {};
  for (const [agent, list] of recordedReplies(events)) {
    replies[agent] = list.map((reply): RecordedReply => ({
      content: reply.content,
      // Event args are JSON: they crossed the worker boundary or came from a file.
      tool_calls: reply.tool_calls.map((call) => ({ id: call.id, name: call.name, args: call.args as RecordedReply["tool_calls"][number]["args"] })),
    }));
  }
  return { replies };
}
