import { describe, expect, it } from "vitest";
import type { RunEvent } from "../../../engine/index.js";
import { selectRunStatusText } from "./selectors";
import type { PlaygroundState } from "./types";

const base = { run_id: "r1", thread_id: "t1", root_call_id: "r1", call_id: "r1", parent_call_id: null, depth: 0, agent: null, node: null, checkpoint_id: null };
const event = (seq: number, body: Record<string, unknown>) => ({ ...base, id: `r1:${seq}`, seq, ts: seq, ...body }) as unknown as RunEvent;
const paused: RunEvent[] = [
  event(0, { type: "run_start", input: "delete task 7" }),
  event(1, {
    type: "interrupt",
    interrupt_id: "i1",
    kind: "approval",
    payload: { kind: "approval", tool: "delete_task", args: { id: 7 }, message: "Delete?", allow_edit: true, agent: "A", node: "A" },
  }),
  event(2, { type: "run_end", status: "interrupted", duration_ms: 1 }),
];
const state = (run: PlaygroundState["run"], events: RunEvent[]) => ({ run, events }) as unknown as PlaygroundState;

describe("run status text", () => {
  it("reads Waiting for you while the thread is paused on a person, and Idle once answered", () => {
    expect(selectRunStatusText(state({ state: "idle" }, paused))).toBe("Waiting for you");
    const answered = [...paused, event(3, { type: "run_start", input: "" }), event(4, { type: "run_end", status: "completed", duration_ms: 1 })];
    expect(selectRunStatusText(state({ state: "idle" }, answered))).toBe("Idle");
    expect(selectRunStatusText(state({ state: "running", runId: "r2", threadId: "t1" }, paused))).toBe("Running");
    expect(selectRunStatusText(state({ state: "error", message: "No key" }, paused))).toBe("Error: No key");
  });
});
