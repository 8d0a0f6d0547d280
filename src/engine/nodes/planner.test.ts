/** Planner (seed 001): plans from submit_plan or JSON, plan checks, meta-tools mode; Validate input short-circuits. */
import { describe, expect, it } from "vitest";
import { collectRun, compileGraph } from "../index.js";
import { plannedDocument } from "../testing/plannedFlows.js";
import { ofType, stateOf, statusOf } from "../testing/humanLoop.js";
import { at, flow } from "../testing/documents.js";
import { testServices, type RecordedCall } from "../../../tests/support/services.js";
import type { GraphDocumentInput } from "../../schema/index.js";

const thread = () => `t-${Math.random()}`;

describe("Planner", () => {
  it("stores the submitted actions with depends_on and destructive flags in the actions channel", async () => {
    const doc = plannedDocument([
      { id: "t", tool: "list_tasks" },
      { id: "d", tool: "delete_task", args: { id: "{{results.t.tasks.0.id}}" }, depends_on: ["t"] },
    ]);
    const events = await collectRun(compileGraph(doc, testServices()), { message: "clean up" }, { threadId: thread() });
    const plan = ofType(events, "plan_created")[0];
    expect(plan).toMatchObject({
      planner: "Plan",
      requires_confirmation: true,
      actions: [
        { id: "t", tool: "list_tasks", depends_on: [] },
        { id: "d", tool: "delete_task", depends_on: ["t"] },
      ],
    });
    expect(ofType(events, "interrupt")[0]?.payload).toMatchObject({ tool: "delete_task", args: { id: "{{results.t.tasks.0.id}}" } });
  });

  it("shows the model the catalog and the submit_plan tool", async () => {
    const calls: RecordedCall[] = [];
    await collectRun(compileGraph(plannedDocument([]), testServices({ calls })), { message: "hi" }, { threadId: thread() });
    const planner = calls.find((c) => c.agent === "Plan");
    expect(planner?.options.tools.map((t) => t.name)).toEqual(["submit_plan"]);
    expect(String(planner?.messages[0]?.content)).toContain("- delete_task (destructive: needs the user's confirmation): Delete a task");
  });

  it("reads a plan written as JSON text", async () => {
    const doc = plannedDocument([], {
      planner: { script: { rules: [{ reply: '```json\n{"actions":[{"id":"w","tool":"get_weather","args":{"city":"Lima"}}]}\n```' }] } },
    });
    const events = await collectRun(compileGraph(doc, testServices()), { message: "weather?" }, { threadId: thread() });
    expect((stateOf(events).results as Record<string, Record<string, unknown>>).Execute).toEqual({ w: { city: "Lima", sky: "sunny" } });
  });

  it("rejects a plan whose action depends on an unknown id with INVALID_PLAN", async () => {
    const events = await collectRun(
      compileGraph(plannedDocument([{ id: "a", tool: "list_tasks", depends_on: ["zz"] }]), testServices()),
      { message: "go" },
      { threadId: thread() },
    );
    expect(ofType(events, "error")[0]).toMatchObject({ code: "INVALID_PLAN", message: 'Planner "Plan": action "a" depends on "zz", which is not in the plan' });
    expect(statusOf(events)).toBe("error");
  });

  it("rejects duplicate action ids", async () => {
    const actions = [
      { id: "a", tool: "list_tasks" },
      { id: "a", tool: "get_weather" },
    ];
    const events = await collectRun(compileGraph(plannedDocument(actions), testServices()), { message: "go" }, { threadId: thread() });
    expect(ofType(events, "error")[0]?.message).toBe('Planner "Plan": two actions have the id "a"');
  });

  it("explores the catalog with meta-tools, keeps invoke_tool results and lets actions depend on them", async () => {
    const script = {
      rules: [
        { on: "user" as const, tool_calls: [{ name: "discover_tools", args: { query: "weather" } }] },
        { on: "tool" as const, tool: "discover_tools", tool_calls: [{ name: "get_tool_schema", args: { name: "get_weather" } }] },
        { on: "tool" as const, tool: "get_tool_schema", tool_calls: [{ name: "invoke_tool", args: { name: "list_tasks", id: "tasks" } }] },
        {
          on: "tool" as const,
          tool: "invoke_tool",
          tool_calls: [
            {
              name: "submit_plan",
              args: { actions: [{ id: "w", tool: "get_weather", args: { city: "{{results.tasks.tasks.0.title}}" }, depends_on: ["tasks"] }] },
            },
          ],
        },
      ],
    };
    const calls: RecordedCall[] = [];
    const doc = plannedDocument([], { planner: { mode: "meta_tools", script } });
    const events = await collectRun(compileGraph(doc, testServices({ calls })), { message: "plan my day" }, { threadId: thread() });
    expect(calls.find((c) => c.agent === "Plan")?.options.tools.map((t) => t.name)).toEqual([
      "discover_tools",
      "get_tool_schema",
      "invoke_tool",
      "submit_plan",
    ]);
    const results = ofType(events, "tool_result");
    expect(JSON.parse(results[0]?.result ?? "[]")).toEqual([{ name: "get_weather", description: "Weather for a city", destructive: false }]);
    expect(JSON.parse(results[1]?.result ?? "{}")).toMatchObject({ name: "get_weather", input_schema: { type: "object" } });
    expect((stateOf(events).results as Record<string, Record<string, unknown>>).Execute).toEqual({
      tasks: { tasks: [{ id: 7, title: "Old report" }] },
      w: { city: "Old report", sky: "sunny" },
    });
  });

  it("refuses to invoke a destructive tool while planning", async () => {
    const script = {
      rules: [
        { on: "user" as const, tool_calls: [{ name: "invoke_tool", args: { name: "delete_task", args: { id: 7 } } }] },
        { on: "tool" as const, tool: "invoke_tool", tool_calls: [{ name: "submit_plan", args: { actions: [] } }] },
      ],
    };
    const events = await collectRun(
      compileGraph(plannedDocument([], { planner: { mode: "meta_tools", script } }), testServices()),
      { message: "x" },
      { threadId: thread() },
    );
    expect(ofType(events, "tool_result")[0]?.error).toBe('"delete_task" is destructive: plan it as an action so the user can confirm it');
  });

  it("gives up with INVALID_PLAN after max_iterations model calls without a plan", async () => {
    const script = { rules: [{ on: "any" as const, tool_calls: [{ name: "discover_tools", args: {} }] }] };
    const doc = plannedDocument([], { planner: { mode: "meta_tools", max_iterations: 3, script } });
    const events = await collectRun(compileGraph(doc, testServices()), { message: "x" }, { threadId: thread() });
    expect(ofType(events, "error")[0]).toMatchObject({ code: "INVALID_PLAN", message: expect.stringContaining("within 3 model calls") });
  });
});

describe("Validate input", () => {
  function validatedDoc(): GraphDocumentInput {
    const doc = plannedDocument([{ id: "t", tool: "list_tasks" }]);
    doc.nodes.push({ id: "check", kind: "validate_input", position: at, data: { name: "Check", max_length: 20 } });
    doc.edges = [
      flow("start", "check"),
      { ...flow("check", "plan"), source_handle: "valid" },
      { ...flow("check", "end"), source_handle: "invalid" },
      ...(doc.edges ?? []).filter((e) => e.source !== "start"),
    ];
    return doc;
  }

  it("answers an empty message at once and plans nothing", async () => {
    const events = await collectRun(compileGraph(validatedDoc(), testServices()), { message: "   " }, { threadId: thread() });
    expect(ofType(events, "input_rejected")[0]).toMatchObject({ reason: "empty" });
    expect(ofType(events, "ai_message").map((m) => m.content)).toEqual(["Please provide a request."]);
    expect(ofType(events, "plan_created")).toHaveLength(0);
    expect(stateOf(events).results).toMatchObject({ Check: { valid: false, reason: "empty" } });
  });

  it("answers a message over max_length with the limit and plans nothing", async () => {
    const events = await collectRun(compileGraph(validatedDoc(), testServices()), { message: "x".repeat(21) }, { threadId: thread() });
    expect(ofType(events, "ai_message").map((m) => m.content)).toEqual(["Please keep requests under 20 characters."]);
    expect(ofType(events, "plan_created")).toHaveLength(0);
  });

  it("lets a valid message through to the planner", async () => {
    const events = await collectRun(compileGraph(validatedDoc(), testServices()), { message: "my tasks" }, { threadId: thread() });
    expect(ofType(events, "plan_created")).toHaveLength(1);
    expect(ofType(events, "input_rejected")).toHaveLength(0);
  });
});
