/** The "Sage multi-agent loop" template (seed 003): plan → execute → observe → judge in a Loop, then a summary. */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { collectRun, compileGraph, type RunEvent } from "../src/engine/index.js";
import { validateText } from "../src/schema/index.js";
import { testServices } from "./support/services.js";

function sage() {
  const result = validateText(readFileSync(path.resolve(import.meta.dirname, "../examples/sage-loop.json"), "utf8"));
  if (!result.ok) throw new Error(result.errors.map((e) => `${e.path}: ${e.message}`).join("\n"));
  return compileGraph(result.document, testServices());
}
function final(events: RunEvent[]): Record<string, unknown> {
  const state = events.find((e) => e.type === "final_state");
  return state?.type === "final_state" ? state.state : {};
}
const lastReply = (events: RunEvent[]) => events.filter((e) => e.type === "ai_message").at(-1);
const nodeOrder = (events: RunEvent[]) => events.flatMap((e) => (e.type === "node_start" && e.node ? [e.node] : []));

describe("Sage multi-agent loop template", () => {
  it("loops plan → execute → observe → judge until the judge says done, then summarises", async () => {
    const events = await collectRun(sage(), { message: "Plan a team offsite" }, { threadId: "sage-done" });
    expect(events.filter((e) => e.type === "error")).toEqual([]);
    const pass = ["task_loop", "task_planning", "task_executor", "task_observation", "task_completion_judge", "record_verdict"];
    expect(nodeOrder(events)).toEqual(["is_task", "start_task", ...pass, ...pass, "task_loop", "task_summary"]);
    expect(events.filter((e) => e.type === "tool_call").map((e) => (e.type === "tool_call" ? e.args : null))).toEqual([
      { step: "Step 1: find a venue for the offsite." },
      { step: "Step 2: check the budget against the venue quote." },
    ]);
    const state = final(events);
    expect(state.verdict).toEqual({ done: true, reason: "the venue is booked and the budget holds" });
    expect(state.log).toEqual(["Task: Plan a team offsite", "Pass 1: the budget is not checked yet", "Pass 2: the venue is booked and the budget holds"]);
    expect(state.loops).toMatchObject({ task_loop: { passes: 2, exhausted: false } });
    expect(lastReply(events)).toMatchObject({
      content: "Done in 2 passes: the venue is booked and the budget holds. Last step: Observed: Budget checked: $4,800 of $5,000 used.",
    });
  });

  it("answers a greeting without starting the loop", async () => {
    const events = await collectRun(sage(), { message: "hello" }, { threadId: "sage-hello" });
    expect(nodeOrder(events)).toEqual(["is_task", "greeter"]);
    expect(events.find((e) => e.type === "branch_taken")).toMatchObject({ kind: "if", handle: "false" });
    expect(lastReply(events)).toMatchObject({ content: expect.stringContaining("Give me a task") });
  });

  it("stops a task that never completes at max_loops and says so", async () => {
    const events = await collectRun(sage(), { message: "Do the impossible" }, { threadId: "sage-limit" });
    expect(events.filter((e) => e.type === "error")).toEqual([]);
    expect(events.filter((e) => e.type === "loop_iteration")).toHaveLength(3);
    expect(events.find((e) => e.type === "loop_limit")).toMatchObject({ loop: "task_loop", max_loops: 3, action: "exit" });
    expect(final(events).loops).toMatchObject({ task_loop: { passes: 3, exhausted: true } });
    expect(lastReply(events)).toMatchObject({
      content: "I stopped after 3 passes (the loop's max_loops) without finishing: nothing so far makes the impossible possible.",
    });
  });

  it("starts each turn of a thread afresh: the judge's flag and the pass count reset", async () => {
    const compiled = sage();
    await collectRun(compiled, { message: "Plan a team offsite" }, { threadId: "sage-twice" });
    const second = await collectRun(compiled, { message: "Plan a second offsite" }, { threadId: "sage-twice" });
    expect(second.filter((e) => e.type === "loop_iteration")).toHaveLength(2);
    expect((final(second).log as string[]).filter((line) => line.startsWith("Task:"))).toEqual(["Task: Plan a team offsite", "Task: Plan a second offsite"]);
  });
});
