/** Execute (seed 001): route_execution, bounded parallel workers, timeouts, topological injection, failures, cycles, confirmation. */
import { describe, expect, it } from "vitest";
import { collectRun, compileGraph, type RunEvent } from "../index.js";
import { meteredTools, plannedDocument, type ScriptedAction } from "../testing/plannedFlows.js";
import { ofType, stateOf, statusOf } from "../testing/humanLoop.js";
import { testServices } from "../../../tests/support/services.js";

const resultsOf = (events: RunEvent[]) => (stateOf(events).results as Record<string, Record<string, unknown>>).Execute ?? {};
const thread = () => `t-${Math.random()}`;
/** Tools the actions ran (the planner's submit_plan call is answered by the engine, not run). */
const actionCalls = (events: RunEvent[]) => ofType(events, "tool_call").filter((c) => c.tool !== "submit_plan");

async function run(actions: ScriptedAction[], options: Parameters<typeof plannedDocument>[1] = {}, message = "go") {
  return collectRun(compileGraph(plannedDocument(actions, options), testServices()), { message }, { threadId: thread() });
}

describe("route_execution", () => {
  it("runs independent actions in parallel and says so", async () => {
    const events = await run([
      { id: "w", tool: "get_weather", args: { city: "Oslo" } },
      { id: "t", tool: "list_tasks" },
    ]);
    expect(ofType(events, "execution_routed")[0]).toMatchObject({ mode: "parallel", then: "parallel", actions: 2 });
    expect(resultsOf(events)).toEqual({ w: { city: "Oslo", sky: "sunny" }, t: { tasks: [{ id: 7, title: "Old report" }] } });
    expect(statusOf(events)).toBe("completed");
  });

  it("runs sequentially when an action depends on another", async () => {
    const events = await run([
      { id: "e", tool: "create_event", args: { title: "Standup" } },
      { id: "i", tool: "send_invite", args: { event_id: "{{results.e.id}}", email: "ada@example.com" }, depends_on: ["e"] },
    ]);
    expect(ofType(events, "execution_routed")[0]).toMatchObject({ mode: "sequential", then: "sequential" });
  });
});

describe("parallel execution", () => {
  it("never runs more than max_workers actions at once", async () => {
    const actions = Array.from({ length: 8 }, (_, i) => ({ id: `w${i}`, tool: "get_weather", args: { city: `C${i}` } }));
    const { services, meter } = meteredTools(testServices());
    const doc = plannedDocument(actions, { latency: 30, execute: { max_workers: 3 } });
    const events = await collectRun(compileGraph(doc, services), { message: "go" }, { threadId: thread() });
    expect(meter.calls).toBe(8);
    expect(meter.max).toBe(3);
    expect(Object.keys(resultsOf(events))).toHaveLength(8);
  });

  it("uses 5 workers by default", async () => {
    const actions = Array.from({ length: 9 }, (_, i) => ({ id: `w${i}`, tool: "get_weather", args: { city: `C${i}` } }));
    const { services, meter } = meteredTools(testServices());
    await collectRun(compileGraph(plannedDocument(actions, { latency: 30 }), services), { message: "go" }, { threadId: thread() });
    expect(meter.max).toBe(5);
  });

  it("records an action that outlives its timeout as timed out and keeps the others", async () => {
    const events = await run(
      [
        { id: "s", tool: "slow" },
        { id: "w", tool: "get_weather", args: { city: "Rome" } },
      ],
      { execute: { timeout_ms: 50 } },
    );
    expect(resultsOf(events)).toEqual({ s: { success: false, error: "timed out after 50 ms", status: "timeout" }, w: { city: "Rome", sky: "sunny" } });
    expect(ofType(events, "action_result").find((e) => e.action_id === "s")).toMatchObject({ status: "timeout", error: "timed out after 50 ms" });
    expect(ofType(events, "tool_result").filter((e) => e.tool === "slow")).toMatchObject([{ error: "timed out after 50 ms" }]);
    expect(statusOf(events)).toBe("completed");
  });
});

describe("sequential execution", () => {
  it("runs in topological order and injects dependency results into args", async () => {
    const events = await run([
      { id: "i", tool: "send_invite", args: { event_id: "{{results.e.id}}", email: "ada@example.com" }, depends_on: ["e"] },
      { id: "e", tool: "create_event", args: { title: "Standup" } },
    ]);
    expect(actionCalls(events).map((c) => [c.tool, c.args])).toEqual([
      ["create_event", { title: "Standup" }],
      ["send_invite", { event_id: "evt_1", email: "ada@example.com" }],
    ]);
    expect(resultsOf(events).i).toBe("invited ada@example.com to evt_1");
  });

  it("treats a result referenced in args as a dependency even when depends_on leaves it out", async () => {
    const events = await run([
      { id: "i", tool: "send_invite", args: { event_id: "{{results.e.id}}", email: "ada@example.com" } },
      { id: "e", tool: "create_event", args: { title: "Standup" } },
    ]);
    expect(ofType(events, "plan_created")[0]?.actions[0]).toEqual({ id: "i", tool: "send_invite", depends_on: ["e"] });
    expect(ofType(events, "execution_routed")[0]?.mode).toBe("sequential");
    expect(resultsOf(events).i).toBe("invited ada@example.com to evt_1");
  });

  it("records a failed action, skips what depends on it and still runs the rest", async () => {
    const events = await run([
      { id: "f", tool: "flaky" },
      { id: "after", tool: "send_invite", args: { event_id: "{{results.f.id}}" }, depends_on: ["f"] },
      { id: "t", tool: "list_tasks" },
    ]);
    const results = resultsOf(events);
    expect(results.f).toEqual({ success: false, error: "calendar unavailable", status: "failed" });
    expect(results.after).toMatchObject({ success: false, status: "skipped", error: 'not run: it depends on "f", which did not succeed' });
    expect(results.t).toEqual({ tasks: [{ id: 7, title: "Old report" }] });
    expect(statusOf(events)).toBe("completed");
    expect(ofType(events, "ai_message").at(-1)?.content).toContain("calendar unavailable");
  });

  it("records an action whose tool is outside the planner's catalog as failed", async () => {
    const events = await run([{ id: "x", tool: "launch_rockets" }]);
    expect(resultsOf(events).x).toEqual({ success: false, error: '"launch_rockets" is not a tool of planner "Plan"', status: "failed" });
    expect(statusOf(events)).toBe("completed");
  });

  it("stops with DEPENDENCY_CYCLE naming the cycle", async () => {
    const events = await run([
      { id: "a", tool: "list_tasks", depends_on: ["c"] },
      { id: "b", tool: "list_tasks", depends_on: ["a"] },
      { id: "c", tool: "list_tasks", depends_on: ["b"] },
    ]);
    expect(ofType(events, "error")[0]).toMatchObject({ code: "DEPENDENCY_CYCLE", message: expect.stringContaining("a → c → b → a") });
    expect(actionCalls(events)).toHaveLength(0);
    expect(statusOf(events)).toBe("error");
  });
});

describe("confirmation of destructive actions", () => {
  const plan: ScriptedAction[] = [
    { id: "t", tool: "list_tasks" },
    { id: "d", tool: "delete_task", args: { id: 7 } },
  ];

  it("asks before anything runs, then runs the approved action", async () => {
    const compiled = compileGraph(plannedDocument(plan), testServices());
    const paused = await collectRun(compiled, { message: "delete my old task" }, { threadId: "c1" });
    expect(ofType(paused, "execution_routed")[0]).toMatchObject({ mode: "confirm", then: "parallel" });
    expect(ofType(paused, "interrupt")[0]?.payload).toMatchObject({ kind: "approval", tool: "delete_task", args: { id: 7 }, node: "Execute" });
    expect(actionCalls(paused)).toHaveLength(0);
    const done = await collectRun(compiled, { message: "", resume: { value: { decision: "approve" } } }, { threadId: "c1" });
    expect(resultsOf(done)).toMatchObject({ d: "deleted task 7", t: { tasks: [{ id: 7, title: "Old report" }] } });
    expect(actionCalls(done)).toHaveLength(2);
  });

  it("records a rejected action without running it and runs the rest", async () => {
    const compiled = compileGraph(plannedDocument(plan), testServices());
    await collectRun(compiled, { message: "delete my old task" }, { threadId: "c2" });
    const done = await collectRun(compiled, { message: "", resume: { value: { decision: "reject", reason: "keep it" } } }, { threadId: "c2" });
    expect(resultsOf(done).d).toEqual({ success: false, error: "rejected by the user: keep it", status: "rejected" });
    expect(actionCalls(done).map((c) => c.tool)).toEqual(["list_tasks"]);
  });

  it("runs an edited action with the edited args", async () => {
    const compiled = compileGraph(plannedDocument(plan), testServices());
    await collectRun(compiled, { message: "delete my old task" }, { threadId: "c3" });
    const done = await collectRun(compiled, { message: "", resume: { value: { decision: "edit", args: { id: 8 } } } }, { threadId: "c3" });
    expect(resultsOf(done).d).toBe("deleted task 8");
  });
});
