import { describe, expect, it } from "vitest";
import { toolRun } from "../timeline/eventFixtures";
import type { RunEvent } from "../../engine/index.js";
import { eventsUntilCheckpoint, eventsUntilPause, rebaseEvents, replayBase, runOrder } from "./threadBranch";

const twoRuns = () => [...toolRun({ runId: "r1", input: "first" }), ...toolRun({ runId: "r2", input: "second", start: 9_000 })];

describe("eventsUntilCheckpoint", () => {
  it("keeps everything up to the event that saved the checkpoint", () => {
    const events = twoRuns();
    const cut = eventsUntilCheckpoint(events, "r2_cp0");
    expect(cut.at(-1)).toMatchObject({ type: "checkpoint_saved", run_id: "r2", checkpoint_id: "r2_cp0" });
    expect(cut.filter((e) => e.run_id === "r1")).toHaveLength(16);
    expect(eventsUntilCheckpoint(events, "missing")).toEqual([]);
  });
});

describe("replayBase", () => {
  it("starts a replay from the checkpoint the earlier runs ended at", () => {
    const events = twoRuns();
    const base = replayBase(events, "r2");
    expect(runOrder(base.before)).toEqual(["r1"]);
    expect(base.checkpointId).toBe("r1_cp2");
    expect(base.run.every((e) => e.run_id === "r2")).toBe(true);
    expect(replayBase(events, "r1")).toMatchObject({ before: [], checkpointId: null });
  });
});

describe("rebaseEvents", () => {
  it("moves events to a thread under new run ids, keeping the call tree and dropping foreign checkpoints", () => {
    const moved = rebaseEvents(toolRun({ runId: "r1" }), "t2", () => "n1");
    expect(moved.every((e) => e.thread_id === "t2" && e.run_id === "n1" && e.root_call_id === "n1" && e.checkpoint_id === null)).toBe(true);
    expect(moved[0]).toMatchObject({ id: "n1:0", call_id: "n1", parent_call_id: null });
    expect(moved.find((e) => e.type === "agent_start")).toMatchObject({ call_id: "r1_agent", parent_call_id: "n1" });
    expect(moved.find((e) => e.type === "tool_call")).toMatchObject({ call_id: "call_1", parent_call_id: "r1_agent" });
  });
});

describe("eventsUntilPause", () => {
  const at = (run_id: string, type: string, ts: number) => ({ id: `${run_id}:${ts}`, run_id, type, ts }) as unknown as RunEvent;

  it("keeps the paused run to its end and says when the pause was answered", () => {
    const events = [at("r1", "run_start", 1), at("r1", "interrupt", 2), at("r1", "run_end", 3), at("r2", "run_start", 9), at("r2", "run_end", 10)];
    expect(eventsUntilPause(events, events[1] as RunEvent)).toEqual({ history: events.slice(0, 3), answeredAt: 9 });
  });

  it("has no answer time for a pause still waiting", () => {
    const events = [at("r1", "run_start", 1), at("r1", "interrupt", 2), at("r1", "run_end", 3)];
    expect(eventsUntilPause(events, events[1] as RunEvent)).toEqual({ history: events, answeredAt: null });
  });
});
