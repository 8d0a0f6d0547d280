/** A background task cut off mid-run (the page reloaded) continues from its checkpoint on its next attempt. */
import { describe, expect, it } from "vitest";
import { MemorySaver } from "@langchain/langgraph/web";
import { HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { compileGraph } from "../index.js";
import { isNodeEmission } from "../events.js";
import { testServices, type RecordedCall } from "../../../tests/support/services.js";
import { cutOffTask, delegationDoc } from "../testing/delegationTeam.js";
import { createMemoryTaskStore } from "./taskStore.js";
import { taskMessageId } from "./team.js";

const THREAD = "t1::agent::Research";

const humanTexts = (messages: readonly BaseMessage[]) => messages.filter((m) => m.type === "human").map((m) => String(m.content));

describe("a background task cut off mid-run", () => {
  it("continues from the scoped thread's last checkpoint instead of starting over, so the sub-agent sees its task once", async () => {
    const checkpointer = new MemorySaver();
    const store = createMemoryTaskStore();
    const task = cutOffTask();
    await store.put(task);

    // The first attempt: the sub-agent calls its tool, then the page goes away before the result.
    const before = compileGraph(delegationDoc(), { ...testServices(), checkpointer, tasks: store });
    const stream = await before.team
      .rootGraph("Research")
      .stream(
        { messages: [new HumanMessage({ id: taskMessageId(task.id), content: task.message })] },
        { configurable: { thread_id: THREAD }, streamMode: "custom" },
      );
    for await (const chunk of stream) if (isNodeEmission(chunk) && chunk.body.type === "tool_call") break;
    const cut = await before.team.rootGraph("Research").getState({ configurable: { thread_id: THREAD } });
    expect(cut.next).toEqual(["Research"]);

    // After the reload: a fresh compile on the same stores runs the task again.
    const calls: RecordedCall[] = [];
    const after = compileGraph(delegationDoc(), { ...testServices({ calls }), checkpointer, tasks: store });
    await after.team.tasks.resume(task);
    expect(await after.team.tasks.settled(task.id)).toMatchObject({ status: "completed", attempts: 2, result: "Research summary: 3 articles about markets" });
    // It picks up after the tool call the first attempt made: one model call, reading the tool's result.
    const research = calls.filter((c) => c.agent === "Research");
    expect(research).toHaveLength(1);
    expect(humanTexts(research[0]?.messages ?? [])).toEqual(["markets"]);
    expect(research[0]?.messages.map((m) => m.type)).toEqual(["system", "human", "ai", "tool"]);
    const done = await after.team.rootGraph("Research").getState({ configurable: { thread_id: THREAD } });
    expect(humanTexts((done.values as { messages: BaseMessage[] }).messages)).toEqual(["markets"]);
  });

  it("starts over when nothing of the earlier attempt reached the scoped thread", async () => {
    const store = createMemoryTaskStore();
    const task = cutOffTask();
    await store.put(task);
    const calls: RecordedCall[] = [];
    const compiled = compileGraph(delegationDoc(), { ...testServices({ calls }), tasks: store });
    await compiled.team.tasks.resume(task);
    expect(await compiled.team.tasks.settled(task.id)).toMatchObject({
      status: "completed",
      attempts: 2,
      result: "Research summary: 3 articles about markets",
    });
    expect(humanTexts(calls.find((c) => c.agent === "Research")?.messages ?? [])).toEqual(["markets"]);
  });
});
