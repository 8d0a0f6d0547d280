import { describe, expect, it } from "vitest";
import { toolRun } from "./eventFixtures";
import { revealEvent } from "./revealEvent";
import { indexCalls, timelineRows } from "./timelineRows";

describe("revealEvent", () => {
  const events = toolRun();
  const index = indexCalls(events);
  const rowsOf = (view: { verbose: boolean; collapsed: ReadonlySet<string> }) => timelineRows(events, index, { ...view, filter: "" });

  it("unfolds every call around an event so its row shows, and leaves a shown event's view as it was", () => {
    const at = events.findIndex((e) => e.type === "tool_result");
    const folded = { verbose: false, collapsed: new Set(["run_1", "run_1_agent", "call_1"]) };
    const view = revealEvent(events, at, index, folded);
    expect(rowsOf(view).some((row) => row.index === at)).toBe(true);
    expect([...view.collapsed]).toEqual([]);
    const open = { verbose: false, collapsed: new Set<string>() };
    expect(revealEvent(events, at, index, open)).toBe(open);
  });

  it("keeps the fold of the call an event opens: its row shows while the call stays folded", () => {
    const at = events.findIndex((e) => e.type === "agent_start");
    const view = revealEvent(events, at, index, { verbose: false, collapsed: new Set(["run_1_agent"]) });
    expect([...view.collapsed]).toEqual(["run_1_agent"]);
  });

  it("turns Verbose on for a node step, which only Verbose shows", () => {
    const nodeEnd = { ...events[3]!, id: "n_end", type: "node_end" as const, duration_ms: 3 };
    const withNode = [...events, nodeEnd];
    const view = revealEvent(withNode, withNode.length - 1, indexCalls(withNode), { verbose: false, collapsed: new Set() });
    expect(view.verbose).toBe(true);
  });
});
