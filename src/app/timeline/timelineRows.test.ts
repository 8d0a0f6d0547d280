import { describe, expect, it } from "vitest";
import type { RunEvent } from "../../engine/index.js";
import { eventBuilder, toolRun } from "./eventFixtures";
import { indexCalls, parseFilter, timelineRows, timelineView, type RowOptions } from "./timelineRows";

const all: RowOptions = { collapsed: new Set(), filter: "", verbose: true };
const rowsOf = (events: RunEvent[], options: Partial<RowOptions> = {}) => timelineRows(events, indexCalls(events), { ...all, ...options });

describe("timelineRows", () => {
  it("puts each event at depth + 1: the run at level 1, the agent at 2, its tool call at 3", () => {
    const rows = rowsOf(toolRun());
    const level = (label: string) => rows.find((r) => r.label === label)?.level;
    expect(level("run_start")).toBe(1);
    expect(level("agent_start Assistant")).toBe(2);
    expect(level("tool_call get_weather (Assistant)")).toBe(3);
    expect(level("run_end")).toBe(1);
  });

  it("names each row by event type and the tool, agent or node it concerns; tokens are their message's row, never their own", () => {
    expect(rowsOf(toolRun()).map((r) => r.label)).toEqual([
      "run_start",
      "checkpoint_saved",
      "checkpoint_saved",
      "agent_start Assistant",
      "ai_message Assistant",
      "tool_call get_weather (Assistant)",
      "tool_result get_weather (Assistant)",
      "ai_message Assistant",
      "agent_end Assistant",
      "checkpoint_saved",
      "final_state",
      "run_end",
    ]);
  });

  it("marks the rows that open a call with children as expandable", () => {
    const rows = rowsOf(toolRun());
    const expandable = rows.filter((r) => r.hasChildren).map((r) => r.label);
    expect(expandable).toEqual(["run_start", "agent_start Assistant", "tool_call get_weather (Assistant)"]);
    expect(rows.filter((r) => r.hasChildren).every((r) => r.expanded)).toBe(true);
    expect(rows.find((r) => r.label === "ai_message Assistant")?.hasChildren).toBe(false);
  });

  it("folds a call: its other events and everything nested in it disappear, its own row stays", () => {
    const events = toolRun();
    const rows = rowsOf(events, { collapsed: new Set(["run_1_agent"]) });
    const agent = rows.find((r) => r.label === "agent_start Assistant");
    expect(agent?.expanded).toBe(false);
    expect(rows.some((r) => r.event.agent === "Assistant" && r !== agent)).toBe(false);
    expect(rows.map((r) => r.label)).toContain("final_state");

    const folded = rowsOf(events, { collapsed: new Set(["run_1"]) });
    expect(folded.map((r) => r.label)).toEqual(["run_start"]);
  });

  it("without Verbose hides the graph's node steps and keeps every call, at every depth", () => {
    const e = eventBuilder("r", "t");
    const events = [
      e({ type: "run_start", input: "hi" }),
      e({ type: "node_start" }, { call_id: "n", parent_call_id: "r", depth: 1, node: "Lookup" }),
      e({ type: "node_end", duration_ms: 1 }, { call_id: "n", parent_call_id: "r", depth: 1, node: "Lookup" }),
      ...toolRun({ runId: "r" }).slice(3, 13),
      e({ type: "error", code: "X", message: "deep" }, { call_id: "deep", parent_call_id: "r_agent", depth: 3 }),
      e({ type: "run_end", status: "error", duration_ms: 9 }),
    ];
    const labels = rowsOf(events, { verbose: false }).map((r) => r.label);
    expect(labels).toEqual([
      "run_start",
      "agent_start Assistant",
      "ai_message Assistant",
      "tool_call get_weather (Assistant)",
      "tool_result get_weather (Assistant)",
      "ai_message Assistant",
      "agent_end Assistant",
      "error",
      "run_end",
    ]);
  });

  it("searches every event whatever the view, negates a term with -, and counts matches inside folded calls", () => {
    const e = eventBuilder("r", "t");
    const events = [
      e({ type: "run_start", input: "hi" }),
      e({ type: "node_start" }, { call_id: "n", parent_call_id: "r", depth: 1, node: "Lookup" }),
      e({ type: "node_end", duration_ms: 1 }, { call_id: "n", parent_call_id: "r", depth: 1, node: "Lookup" }),
      ...toolRun({ runId: "r" }).slice(3, 13),
      e({ type: "run_end", status: "completed", duration_ms: 9 }),
    ];
    const quiet = { verbose: false };
    expect(rowsOf(events, { ...quiet, filter: "type:node_start" }).map((r) => r.label)).toEqual(["node_start Lookup"]);
    expect(rowsOf(events, { ...quiet, filter: "type:message_delta" })).toEqual([]);
    expect(rowsOf(events, { ...quiet, filter: "agent:assistant -type:ai_message -type:agent" }).map((r) => r.label)).toEqual([
      "tool_call get_weather (Assistant)",
      "tool_result get_weather (Assistant)",
    ]);
    const folded = timelineView(events, indexCalls(events), { ...all, ...quiet, filter: "tool:get_weather", collapsed: new Set(["r_agent"]) });
    expect(folded).toMatchObject({ rows: [], hidden: 2 });
  });

  it("filters by text, by type: and by agent:, all terms together", () => {
    const events = [...toolRun(), ...toolRun({ runId: "run_2", input: "And London?", start: 9_000 })];
    expect(rowsOf(events, { filter: "london" }).map((r) => r.label)).toEqual(["run_start"]);
    expect(rowsOf(events, { filter: "type:tool_call" })).toHaveLength(2);
    expect(rowsOf(events, { filter: "type:ai_message sunny" })).toHaveLength(2);
    expect(rowsOf(events, { filter: "agent:assistant" }).every((r) => r.event.agent === "Assistant")).toBe(true);
    expect(rowsOf(events, { filter: "tool:get_weather" }).map((r) => r.event.type)).toEqual(["tool_call", "tool_result", "tool_call", "tool_result"]);
    expect(rowsOf(events, { filter: "GET_WEATHER" }).length).toBeGreaterThan(0);
  });

  it("only marks rows expandable when their children are shown", () => {
    const rows = rowsOf(toolRun(), { filter: "type:tool_call" });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.hasChildren).toBe(false);
    expect(rows[0]?.expanded).toBe(false);
  });

  it("places each call's bar within its run: offset and width from timestamps", () => {
    const rows = rowsOf(toolRun());
    // The run spans 1000..1150 ms; the agent 1030..1120; the tool call 1070..1080.
    const run = rows.find((r) => r.label === "run_start");
    const agent = rows.find((r) => r.label === "agent_start Assistant");
    const tool = rows.find((r) => r.label.startsWith("tool_call"));
    expect(run).toMatchObject({ offset: 0, width: 1 });
    expect(agent?.offset).toBeCloseTo(30 / 150);
    expect(agent?.width).toBeCloseTo(90 / 150);
    expect(tool?.offset).toBeCloseTo(70 / 150);
    expect(tool?.width).toBeCloseTo(10 / 150);
    const end = rows.find((r) => r.label === "run_end");
    expect(end).toMatchObject({ offset: 1, width: 0 });
  });
});

describe("parseFilter", () => {
  it("splits field terms from free text", () => {
    expect(parseFilter("  type:tool_call  Agent:Assistant paris ")).toEqual([
      { field: "type", value: "tool_call" },
      { field: "agent", value: "assistant" },
      { field: "text", value: "paris" },
    ]);
  });
});

describe("timelineRows for sub-agent calls", () => {
  // Main (depth 1) delegates to Research through a tool call (2); Research (3) calls web_search (4).
  const e = eventBuilder("r", "t");
  const main = { call_id: "main", parent_call_id: "r", depth: 1, agent: "Main" };
  const delegate = { call_id: "call_research", parent_call_id: "main", depth: 2, agent: "Main" };
  const research = { call_id: "research", parent_call_id: "call_research", depth: 3, agent: "Research" };
  const search = { call_id: "call_search", parent_call_id: "research", depth: 4, agent: "Research" };
  const events = [
    e({ type: "run_start", input: "research Acme" }),
    e({ type: "agent_start" }, main),
    e({ type: "tool_call", tool_call_id: "call_research", tool: "Research", args: { message: "Acme news", blocking: true } }, delegate),
    e({ type: "agent_start" }, research),
    e({ type: "tool_call", tool_call_id: "call_search", tool: "web_search", args: { q: "Acme" } }, search),
    e({ type: "tool_result", tool_call_id: "call_search", tool: "web_search", result: "3 hits", error: null, duration_ms: 5, return_direct: false }, search),
    e({ type: "ai_message", message_id: "m1", content: "Acme launched X.", tool_calls: [], profile: null }, research),
    e({ type: "agent_end", duration_ms: 30 }, research),
    e(
      { type: "tool_result", tool_call_id: "call_research", tool: "Research", result: "Acme launched X.", error: null, duration_ms: 40, return_direct: false },
      delegate,
    ),
    e(
      { type: "delegation_queued", task_id: "task_1", sub_agent: "Emails", tool_call_id: "call_emails", message: "draft" },
      { ...delegate, call_id: "call_emails" },
    ),
    e({ type: "ai_message", message_id: "m2", content: "Acme launched X.", tool_calls: [], profile: null }, main),
    e({ type: "agent_end", duration_ms: 60 }, main),
    e({ type: "run_end", status: "completed", duration_ms: 70 }),
  ];

  it("nests parent call → delegation tool call → sub-agent call → its tool calls, one level each", () => {
    const rows = rowsOf(events);
    const level = (label: string) => rows.find((r) => r.label === label)?.level;
    expect(level("agent_start Main")).toBe(2);
    expect(level("tool_call Research (Main)")).toBe(3);
    expect(level("agent_start Research")).toBe(4);
    expect(level("tool_call web_search (Research)")).toBe(5);
    expect(rows.filter((r) => r.hasChildren).map((r) => r.label)).toEqual([
      "run_start",
      "agent_start Main",
      "tool_call Research (Main)",
      "agent_start Research",
      "tool_call web_search (Research)",
    ]);
  });

  it("folding the delegation call hides the sub-agent and everything it did", () => {
    const labels = rowsOf(events, { collapsed: new Set(["call_research"]) }).map((r) => r.label);
    expect(labels).toContain("tool_call Research (Main)");
    expect(labels.some((l) => l.includes("(Research)") || l === "agent_start Research")).toBe(false);
  });

  it("without Verbose still shows the sub-agent's call and the calls it made", () => {
    const labels = rowsOf(events, { verbose: false }).map((r) => r.label);
    expect(labels).toContain("tool_call Research (Main)");
    expect(labels).toContain("agent_start Research");
    expect(labels).toContain("tool_call web_search (Research)");
    expect(rowsOf(events, { verbose: false, filter: "agent:Research type:tool_call" }).map((r) => r.label)).toEqual(["tool_call web_search (Research)"]);
  });
});
