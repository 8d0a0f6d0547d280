/** Non-blocking delegation (seed 002): task handles, follow-up turns, helper tools, recovery. */
import { describe, expect, it } from "vitest";
import { MemorySaver } from "@langchain/langgraph/web";
import type { BaseMessage } from "@langchain/core/messages";
import { collectRun, compileGraph, runFollowUp, type BackgroundTask, type CompiledDocument, type RunEvent, type RunEventOf } from "../index.js";
import { createMemoryTaskStore } from "./taskStore.js";
import { testServices } from "../../../tests/support/services.js";
import { cutOffTask, delegationDoc } from "../testing/delegationTeam.js";

function ofType<T extends RunEvent["type"]>(events: RunEvent[], type: T): RunEventOf<T>[] {
  return events.filter((e): e is RunEventOf<T> => e.type === type);
}
function lastAnswer(events: RunEvent[]): string {
  const messages = (ofType(events, "final_state").at(-1)?.state.messages ?? []) as { content: string }[];
  return messages.at(-1)?.content ?? "";
}
function toolResult(events: RunEvent[], tool: string): Record<string, unknown> {
  return JSON.parse(ofType(events, "tool_result").find((e) => e.tool === tool)?.result ?? "null") as Record<string, unknown>;
}
async function collect(events: AsyncIterable<RunEvent>): Promise<RunEvent[]> {
  const out: RunEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`Timed out waiting for ${what}`);
}
async function scopedMessages(compiled: CompiledDocument, thread: string, agent: string): Promise<BaseMessage[]> {
  const state = await compiled.team.rootGraph(agent).getState({ configurable: { thread_id: `${thread}::agent::${agent}` } });
  return ((state.values as { messages?: BaseMessage[] }).messages ?? []) as BaseMessage[];
}
async function queueResearch(compiled: CompiledDocument, thread = "t1"): Promise<string> {
  const events = await collectRun(compiled, { message: "research markets" }, { threadId: thread });
  return String(toolResult(events, "Research").task_id);
}

describe("non-blocking delegation", () => {
  it("returns a task handle at once and reports the result in a follow-up turn", async () => {
    const store = createMemoryTaskStore();
    const compiled = compileGraph(delegationDoc(), { ...testServices(), tasks: store });
    const events = await collectRun(compiled, { message: "research markets" }, { threadId: "t1" });
    const handle = toolResult(events, "Research");
    const call = ofType(events, "tool_call").find((e) => e.tool === "Research");
    expect(handle).toEqual({ status: "queued", task_id: expect.stringMatching(/^task_/), tool_call_id: call?.tool_call_id, mode: "non_blocking" });
    expect(ofType(events, "delegation_queued")[0]).toMatchObject({
      task_id: handle.task_id,
      sub_agent: "Research",
      tool_call_id: call?.tool_call_id,
      call_id: call?.call_id,
    });
    expect(ofType(events, "agent_start").some((e) => e.agent === "Research")).toBe(false);

    const task = await compiled.team.tasks.settled(String(handle.task_id));
    expect(task).toMatchObject({ status: "completed", result: "Research summary: 3 articles about markets", reported: false });
    expect(await store.get(task.id)).toMatchObject({ status: "completed", result: task.result });

    const followUp = await collect(runFollowUp(compiled, task.id, { threadId: "t1" }));
    expect(ofType(followUp, "delegation_completed")[0]).toMatchObject({ task_id: task.id, sub_agent: "Research", status: "completed", result: task.result });
    expect(lastAnswer(followUp)).toBe(`Update: Research finished ${task.id}.`);
    // The background run's own events show in the follow-up's call tree: sub-agent call, then its tool call.
    const research = ofType(followUp, "agent_start").find((e) => e.agent === "Research");
    expect(research).toMatchObject({ call_id: task.call_id, parent_call_id: followUp[0]?.call_id, depth: 1 });
    expect(ofType(followUp, "tool_call").find((e) => e.tool === "web_search")).toMatchObject({ parent_call_id: task.call_id, agent: "Research" });
    expect(ofType(followUp, "agent_end").find((e) => e.agent === "Research")?.call_id).toBe(task.call_id);
    expect(await store.get(task.id)).toMatchObject({ reported: true });
  });

  it("polls a task with get_background_sub_agent_result", async () => {
    const compiled = compileGraph(delegationDoc(), testServices());
    const id = await queueResearch(compiled);
    await compiled.team.tasks.settled(id);
    const events = await collectRun(compiled, { message: `result ${id}` }, { threadId: "t1" });
    expect(toolResult(events, "get_background_sub_agent_result")).toEqual({
      task_id: id,
      sub_agent: "Research",
      status: "completed",
      result: "Research summary: 3 articles about markets",
    });
    const elsewhere = await collectRun(compiled, { message: `result ${id}` }, { threadId: "other" });
    expect(ofType(elsewhere, "tool_result")[0]?.error).toBe(`There is no background task "${id}" in this conversation`);
  });

  it("answers fetch_sub_agent_progress without changing the child's state or its work", async () => {
    const checkpointer = new MemorySaver();
    const compiled = compileGraph(delegationDoc({ researchSpeed: 40 }), { ...testServices(), checkpointer });
    const id = await queueResearch(compiled);
    await until(async () => (await compiled.team.tasks.get(id))?.status === "running", "the task to run");
    const during = await collectRun(compiled, { message: `progress ${id}` }, { threadId: "t1" });
    expect(toolResult(during, "fetch_sub_agent_progress")).toMatchObject({ task_id: id, answer: "Research is searching the web." });

    const task = await compiled.team.tasks.settled(id);
    expect(task.result).toBe("Research summary: 3 articles about markets");
    const history = (await scopedMessages(compiled, "t1", "Research")).map((m) => `${m.getType()}:${String(m.content)}`);
    expect(history).toEqual(["human:markets", "ai:", "tool:3 articles about markets", "ai:Research summary: 3 articles about markets"]);

    const checkpoints = async () => {
      let n = 0;
      for await (const tuple of checkpointer.list({ configurable: { thread_id: "t1::agent::Research" } })) n += tuple ? 1 : 0;
      return n;
    };
    const before = { count: await checkpoints(), task: await compiled.team.tasks.get(id), history };
    await collectRun(compiled, { message: `progress ${id}` }, { threadId: "t1" });
    const after = {
      count: await checkpoints(),
      task: await compiled.team.tasks.get(id),
      history: (await scopedMessages(compiled, "t1", "Research")).map((m) => `${m.getType()}:${String(m.content)}`),
    };
    expect(after).toEqual(before);
  });

  it("delivers message_sub_agent at the child's next turn boundary and waits for its reply (send_and_wait)", async () => {
    const compiled = compileGraph(delegationDoc(), testServices());
    const id = await queueResearch(compiled);
    await until(async () => (await compiled.team.tasks.get(id))?.status === "running", "the task to run");
    const events = await collectRun(compiled, { message: `tell ${id} send_and_wait Please add pricing` }, { threadId: "t1" });
    expect(toolResult(events, "message_sub_agent")).toMatchObject({ status: "replied", task_id: id, reply: "Noted: I will include pricing." });
    const task = await compiled.team.tasks.settled(id);
    expect(task.inbox).toEqual([expect.objectContaining({ text: "Please add pricing", delivered: expect.any(Number) })]);
    const seen = (await scopedMessages(compiled, "t1", "Research")).filter((m) => m.getType() === "human").map((m) => String(m.content));
    expect(seen).toEqual(["markets", "Please add pricing"]);
  });

  it("returns at once from message_sub_agent in send mode", async () => {
    const compiled = compileGraph(delegationDoc({ researchSpeed: 40 }), testServices());
    const id = await queueResearch(compiled);
    const events = await collectRun(compiled, { message: `tell ${id} send Please add pricing` }, { threadId: "t1" });
    expect(toolResult(events, "message_sub_agent")).toMatchObject({ status: "sent", task_id: id, message_id: expect.stringMatching(/^inbox_/) });
    expect((await compiled.team.tasks.get(id))?.inbox[0]).toMatchObject({ text: "Please add pricing" });
    await compiled.team.tasks.settled(id);
  });

  it("re-runs a task cut off mid-run from a fresh compile, and reports one that cannot run as failed with its reason", async () => {
    const store = createMemoryTaskStore();
    const base = cutOffTask();
    await store.put(base);
    const compiled = compileGraph(delegationDoc(), { ...testServices(), tasks: store });
    const open = await store.listOpen();
    expect(open.map((t) => t.id)).toEqual(["task_cut"]);
    await compiled.team.tasks.resume(open[0] as BackgroundTask);
    expect(await compiled.team.tasks.settled("task_cut")).toMatchObject({
      status: "completed",
      attempts: 2,
      result: "Research summary: 3 articles about markets",
    });

    await store.put({ ...base, id: "task_lost" });
    const failed = await compiled.team.tasks.fail(
      (await store.get("task_lost")) as BackgroundTask,
      "The page was reloaded and the graph no longer has this agent",
    );
    expect(failed).toMatchObject({ status: "failed", error: "The page was reloaded and the graph no longer has this agent" });
    const followUp = await collect(runFollowUp(compiled, "task_lost", { threadId: "t1" }));
    expect(ofType(followUp, "delegation_completed")[0]).toMatchObject({
      status: "failed",
      error: "The page was reloaded and the graph no longer has this agent",
    });
    expect(lastAnswer(followUp)).toBe("Sorry: Research could not finish task_lost.");
  });
});
