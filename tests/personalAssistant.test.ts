/** The "Personal assistant" template (seed 001) runs offline: plan, parallel and dependent actions, confirmation, validation. */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { collectRun, compileGraph, type RunEvent, type RunEventOf } from "../src/engine/index.js";
import { validateText } from "../src/schema/index.js";
import { testServices } from "./support/services.js";

const text = readFileSync(path.resolve(import.meta.dirname, "../examples/personal-assistant.json"), "utf8");
function compiled() {
  const result = validateText(text);
  if (!result.ok) throw new Error(result.errors.map((e) => `${e.path}: ${e.message}`).join("\n"));
  return compileGraph(result.document, testServices({ unpaced: true }));
}
const ofType = <T extends RunEvent["type"]>(events: RunEvent[], type: T) => events.filter((e): e is RunEventOf<T> => e.type === type);
const reply = (events: RunEvent[]) => ofType(events, "ai_message").at(-1)?.content;
/** Tools the actions ran (the planner's submit_plan call is answered by the engine, not run). */
const actionCalls = (events: RunEvent[]) => ofType(events, "tool_call").filter((c) => c.tool !== "submit_plan");

describe("Personal assistant template", () => {
  it("plans three independent lookups and runs them in parallel", async () => {
    const events = await collectRun(compiled(), { message: "Plan my day" }, { threadId: "day" });
    expect(ofType(events, "plan_created")[0]?.actions.map((a) => a.tool)).toEqual(["list_events", "list_tasks", "get_weather"]);
    expect(ofType(events, "execution_routed")[0]).toMatchObject({ mode: "parallel", actions: 3 });
    expect(reply(events)).toBe(
      "Here's your day. Weather in London: sunny, 18 °C. Calendar: 09:30 Team standup, 14:00 Design review. Open tasks: File the expense report (#7) and Book the dentist (#9).",
    );
  });

  it("creates an event, then sends the invite with the new event's id", async () => {
    const events = await collectRun(compiled(), { message: "Schedule a design sync with ada@example.com" }, { threadId: "sched" });
    expect(ofType(events, "execution_routed")[0]).toMatchObject({ mode: "sequential" });
    expect(actionCalls(events).map((c) => [c.tool, c.args])).toEqual([
      ["create_event", { title: "design sync", when: "tomorrow 10:00" }],
      ["send_invite", { event_id: "evt_311", email: "ada@example.com" }],
    ]);
    expect(reply(events)).toBe("Booked “design sync” for tomorrow 10:00 (evt_311). Invitation to evt_311 sent to ada@example.com.");
  });

  it("asks before deleting a task and deletes it once approved", async () => {
    const graph = compiled();
    const paused = await collectRun(graph, { message: "Delete task 7" }, { threadId: "del" });
    expect(ofType(paused, "interrupt")[0]?.payload).toMatchObject({ kind: "approval", tool: "delete_task", args: { id: "7" } });
    expect(actionCalls(paused)).toHaveLength(0);
    const done = await collectRun(graph, { message: "", resume: { value: { decision: "approve" } } }, { threadId: "del" });
    expect(actionCalls(done).map((c) => c.tool)).toEqual(["delete_task", "list_tasks"]);
    expect(reply(done)).toBe("Deleted task 7. Your open tasks now: File the expense report, Book the dentist.");
  });

  it("keeps the task when the deletion is rejected and says why", async () => {
    const graph = compiled();
    await collectRun(graph, { message: "Delete task 9" }, { threadId: "keep" });
    const done = await collectRun(graph, { message: "", resume: { value: { decision: "reject", reason: "still needed" } } }, { threadId: "keep" });
    expect(actionCalls(done)).toHaveLength(0);
    expect(ofType(done, "action_result").map((r) => [r.action_id, r.status])).toEqual([
      ["delete", "rejected"],
      ["remaining", "skipped"],
    ]);
    expect(reply(done)).toBe("OK, I kept the task (rejected by the user: still needed).");
  });

  it("answers the planner's submit_plan call so its card is closed", async () => {
    const events = await collectRun(compiled(), { message: "Remind me to renew my passport" }, { threadId: "card" });
    const submitted = ofType(events, "tool_result").find((r) => r.tool === "submit_plan");
    expect(submitted).toMatchObject({ result: "Plan accepted: 1 action (task)", error: null });
    expect(ofType(events, "tool_call").find((c) => c.tool === "submit_plan")?.tool_call_id).toBe(submitted?.tool_call_id);
  });

  it("greets without planning any action", async () => {
    const events = await collectRun(compiled(), { message: "hello" }, { threadId: "hi" });
    expect(ofType(events, "plan_created")[0]?.actions).toEqual([]);
    expect(ofType(events, "tool_call")).toEqual([]);
    expect(reply(events)).toMatch(/^Hi! I'm your personal assistant\./);
  });

  it("answers an empty message from Check without planning", async () => {
    const events = await collectRun(compiled(), { message: " " }, { threadId: "empty" });
    expect(ofType(events, "plan_created")).toHaveLength(0);
    expect(reply(events)).toBe("Please tell me what you need: plan your day, schedule a meeting, add a reminder or delete a task.");
    expect(events.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
  });
});
