import { describe, expect, it } from "vitest";
import { eventBuilder } from "./eventFixtures";
import { searchText, subjectOf, summarize } from "./eventText";

const e = eventBuilder("r", "t");

describe("how multi-agent events read in the timeline", () => {
  it("names a handoff by both agents and says why control moved", () => {
    const handoff = e({ type: "handoff", from: "Supervisor", to: "Analytics", reason: "transfer", tool_call_id: "c1" }, { agent: "Supervisor", depth: 2 });
    expect(subjectOf(handoff)).toBe("Supervisor → Analytics");
    expect(summarize(handoff)).toBe("Supervisor → Analytics (transfer tool)");
    expect(searchText(handoff)).toContain("analytics");
  });

  it("names a background task by its sub-agent and shows its id, then its outcome", () => {
    const queued = e({ type: "delegation_queued", task_id: "task_1", sub_agent: "Research", tool_call_id: "c2", message: "Find Acme news" }, { agent: "Main" });
    expect(subjectOf(queued)).toBe("Research (Main)");
    expect(summarize(queued)).toBe("Research queued as task_1: “Find Acme news”");
    const failed = e(
      { type: "delegation_completed", task_id: "task_1", sub_agent: "Research", tool_call_id: "c2", status: "failed", result: null, error: "timeout" },
      { agent: "Main" },
    );
    expect(summarize(failed)).toBe("Research task_1 failed: timeout");
    expect(searchText(failed)).toContain("timeout");
  });
});

describe("how a final state reads in the timeline", () => {
  it("counts its messages, live or stored without them", () => {
    const live = e({ type: "final_state", state: { messages: [{ role: "human" }, { role: "ai" }], topic: "x" } });
    expect(summarize(live)).toBe("2 messages");
    const stored = e({ type: "final_state", state: { topic: "x" }, message_count: 4000 });
    expect(summarize(stored)).toBe("4000 messages");
  });
});
