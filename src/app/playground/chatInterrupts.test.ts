import { describe, expect, it } from "vitest";
import type { InterruptPayload, RunEvent, RunEventBody } from "../../engine/index.js";
import { eventBuilder } from "../timeline/eventFixtures";
import { deriveChat } from "./chatMessages";

const approval: InterruptPayload = {
  kind: "approval",
  tool: "delete_task",
  args: { id: 7 },
  message: "Delete?",
  allow_edit: true,
  agent: "Assistant",
  node: "Assistant",
};
const at = { agent: "Assistant", node: "call_model" };

function pausedRun(): RunEvent[] {
  const e = eventBuilder("run_1");
  return [
    e({ type: "run_start", input: "delete task 7" }),
    e({ type: "ai_message", message_id: "m1", content: "", tool_calls: [{ id: "c1", name: "delete_task", args: { id: 7 } }], profile: "scripted" }, at),
    e({ type: "interrupt", interrupt_id: "i1", kind: "approval", payload: approval }),
    e({ type: "run_end", status: "interrupted", duration_ms: 5 }),
  ];
}
function nextRun(bodies: RunEventBody[]): RunEvent[] {
  const e = eventBuilder("run_2", "t1", 2_000);
  return bodies.map((b) => e(b, b.type === "run_start" || b.type === "run_end" || b.type === "interrupt_resolved" || b.type === "error" ? {} : at));
}
const callStatus = (events: RunEvent[]) => deriveChat(events).flatMap((m) => (m.kind === "reply" ? m.toolCalls.map((c) => c.status) : []));

describe("chat of a paused run", () => {
  it("keeps the waiting tool call pending, not cancelled", () => {
    expect(callStatus(pausedRun())).toEqual(["pending"]);
  });

  it("finishes the tool call in the run that answers", () => {
    const events = [
      ...pausedRun(),
      ...nextRun([
        { type: "run_start", input: "Approved delete_task" },
        { type: "interrupt_resolved", interrupt_id: "i1", kind: "approval", payload: approval, resume: { decision: "approve" } },
        { type: "tool_call", tool_call_id: "c1", tool: "delete_task", args: { id: 7 } },
        { type: "tool_result", tool_call_id: "c1", tool: "delete_task", result: "Deleted task 7", error: null, duration_ms: 1, return_direct: false },
        { type: "run_end", status: "completed", duration_ms: 5 },
      ]),
    ];
    expect(callStatus(events)).toEqual(["done"]);
  });

  it("keeps it pending after a refused answer and cancels it when a new message moves on", () => {
    const refused = nextRun([
      { type: "run_start", input: "Answer" },
      { type: "error", code: "INVALID_RESUME", message: "no" },
      { type: "run_end", status: "interrupted", duration_ms: 1 },
    ]);
    expect(callStatus([...pausedRun(), ...refused])).toEqual(["pending"]);
    const e = eventBuilder("run_3", "t1", 3_000);
    const moved = [
      e({ type: "run_start", input: "never mind" }),
      e({ type: "ai_message", message_id: "m9", content: "OK.", tool_calls: [], profile: "scripted" }, at),
    ];
    expect(callStatus([...pausedRun(), ...refused, ...moved])).toEqual(["cancelled"]);
  });
});
