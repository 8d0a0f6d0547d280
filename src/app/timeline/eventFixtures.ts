/** Run events for tests: a builder that fills in the call-tree fields, and a typical run. */
import type { EventBase, RunEvent, RunEventBody } from "../../engine/index.js";

export type At = Partial<Omit<EventBase, "id" | "seq" | "run_id" | "thread_id" | "root_call_id">>;

/** Builds the events of one run in order, `stepMs` apart from `start`. */
export function eventBuilder(runId = "run_1", threadId = "t1", start = 1_000, stepMs = 10) {
  let seq = 0;
  let ts = start;
  return (body: RunEventBody, at: At = {}): RunEvent => {
    const event = {
      id: `${runId}:${seq}`,
      seq: seq++,
      ts,
      run_id: runId,
      thread_id: threadId,
      call_id: runId,
      parent_call_id: null,
      root_call_id: runId,
      depth: 0,
      agent: null,
      node: null,
      checkpoint_id: null,
      ...at,
      ...body,
    } as RunEvent;
    ts += stepMs;
    return event;
  };
}

/**
 * A turn of a one-agent graph that calls a tool: the shape the engine emits.
 * @example const events = toolRun({ input: "weather in Paris?" })
 */
export function toolRun(options: { runId?: string; threadId?: string; input?: string; start?: number; checkpoint?: string } = {}): RunEvent[] {
  const runId = options.runId ?? "run_1";
  const e = eventBuilder(runId, options.threadId ?? "t1", options.start ?? 1_000);
  const cp = options.checkpoint ?? `${runId}_cp`;
  const agent: At = { call_id: `${runId}_agent`, parent_call_id: runId, depth: 1, agent: "Assistant", node: "Assistant", checkpoint_id: `${cp}1` };
  const model: At = { ...agent, node: "call_model" };
  const tool: At = { call_id: "call_1", parent_call_id: `${runId}_agent`, depth: 2, agent: "Assistant", node: "call_tools", checkpoint_id: `${cp}1` };
  return [
    e({ type: "run_start", input: options.input ?? "What's the weather in Paris?" }),
    e({ type: "checkpoint_saved", step: 0 }, { checkpoint_id: `${cp}0` }),
    e({ type: "checkpoint_saved", step: 1 }, { checkpoint_id: `${cp}1` }),
    e({ type: "agent_start" }, agent),
    e({ type: "message_delta", message_id: "m1", delta: "Let me" }, model),
    e({ type: "message_delta", message_id: "m1", delta: " check." }, model),
    e(
      {
        type: "ai_message",
        message_id: "m1",
        content: "Let me check.",
        tool_calls: [{ id: "call_1", name: "get_weather", args: { city: "Paris" } }],
        profile: "scripted",
      },
      model,
    ),
    e({ type: "tool_call", tool_call_id: "call_1", tool: "get_weather", args: { city: "Paris" } }, tool),
    e({ type: "tool_result", tool_call_id: "call_1", tool: "get_weather", result: "Sunny, 21°C", error: null, duration_ms: 12, return_direct: false }, tool),
    e({ type: "message_delta", message_id: "m2", delta: "Sunny" }, model),
    e({ type: "message_delta", message_id: "m2", delta: ", 21°C." }, model),
    e({ type: "ai_message", message_id: "m2", content: "Sunny, 21°C.", tool_calls: [], profile: "scripted" }, model),
    e({ type: "agent_end", duration_ms: 80 }, agent),
    e({ type: "checkpoint_saved", step: 2 }, { checkpoint_id: `${cp}2` }),
    e({ type: "final_state", state: { messages: [] } }, { checkpoint_id: `${cp}2` }),
    e({ type: "run_end", status: "completed", duration_ms: 140 }, { checkpoint_id: `${cp}2` }),
  ];
}
