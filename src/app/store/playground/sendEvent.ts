// The `run_start` event of a sent message, made by the app as the user sends: the same event
// (same id, so it is stored and shown once) the engine emits when the run really starts.
import type { RunEvent } from "../../../engine/index.js";

/**
 * @example sendEvent("run_1", "thread_1", "What's the weather in Paris?", Date.now()).id // "run_1:0"
 */
export function sendEvent(runId: string, threadId: string, input: string, ts: number): RunEvent {
  return {
    id: `${runId}:0`,
    seq: 0,
    ts,
    run_id: runId,
    thread_id: threadId,
    root_call_id: runId,
    checkpoint_id: null,
    node: null,
    call_id: runId,
    parent_call_id: null,
    depth: 0,
    agent: null,
    type: "run_start",
    input,
  };
}
