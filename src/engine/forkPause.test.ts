/** Forking at a pause: the new thread waits on the same pause and answering it goes on from there. */
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { MemorySaver, type BaseCheckpointSaver } from "@langchain/langgraph/web";
import weather from "../../examples/weather-assistant.json" with { type: "json" };
import { collectRun, compileGraph, pendingInterrupts, type RunEvent } from "./index.js";
import { forkAtPause } from "./forkPause.js";
import { assistantDoc, nextMillisecond, ofType, statusOf } from "./testing/humanLoop.js";
import { testServices } from "../../tests/support/services.js";
import { IdbSaver } from "../persistence/saver/IdbSaver.js";

const savers: [string, () => BaseCheckpointSaver][] = [
  ["memory", () => new MemorySaver()],
  ["IndexedDB", () => new IdbSaver({ name: "fork", indexedDB: new IDBFactory() })],
];

const reply = (events: RunEvent[]) => ofType(events, "ai_message").at(-1)?.content ?? "";
const pausedAt = (events: RunEvent[]) => {
  const event = ofType(events, "interrupt").at(-1);
  if (!event?.checkpoint_id) throw new Error("expected a pause with a checkpoint");
  return { id: event.interrupt_id, checkpointId: event.checkpoint_id, payload: event.payload };
};

describe.each(savers)("forkAtPause (%s saver)", (_name, makeSaver) => {
  it("a fork of a breakpoint inside an agent's loop waits there too, and each thread goes on by itself", async () => {
    const checkpointer = makeSaver();
    const compiled = compileGraph(weather, { ...testServices(), checkpointer });
    const breakpoints = [{ node_id: "assistant", step: "call_tools" as const, when: "after" as const }];
    const first = await collectRun(compiled, { message: "What's the weather in Paris?" }, { threadId: "t1", breakpoints });
    const pause = pausedAt(first);

    await forkAtPause(checkpointer, { threadId: "t1", newThreadId: "t2", checkpointId: pause.checkpointId });
    const [pending] = await pendingInterrupts(compiled, "t2");
    expect(pending?.payload).toEqual(pause.payload);

    const edited = (pause.payload.kind === "breakpoint" ? (pause.payload.state.messages as { role: string; content: string }[]) : []).map((m) =>
      m.role === "tool" ? { ...m, content: "Paris: Foggy" } : m,
    );
    const forked = await collectRun(
      compiled,
      { message: "", resume: { value: { action: "continue", edits: { messages: edited } } } },
      { threadId: "t2", breakpoints },
    );
    expect(statusOf(forked)).toBe("completed");
    expect(reply(forked)).toContain("Foggy");

    const original = await collectRun(compiled, { message: "", resume: { value: { action: "continue" } } }, { threadId: "t1", breakpoints });
    expect(reply(original)).toContain("Sunny");
  });

  it("a fork of an approval that was answered since offers the approval again, without the answer", async () => {
    const checkpointer = makeSaver();
    const compiled = compileGraph(assistantDoc(), { ...testServices(), checkpointer });
    const first = await collectRun(compiled, { message: "delete task 7" }, { threadId: "t1" });
    const pause = pausedAt(first);
    // Checkpoints carry the real time they were saved (events here carry the tests' fixed clock).
    const answeredAt = nextMillisecond();
    const answered = await collectRun(compiled, { message: "", resume: { value: { decision: "reject", reason: "no" } } }, { threadId: "t1" });
    expect(statusOf(answered)).toBe("completed");

    await forkAtPause(checkpointer, { threadId: "t1", newThreadId: "t2", checkpointId: pause.checkpointId, answeredAt });
    const [pending] = await pendingInterrupts(compiled, "t2");
    expect(pending?.payload).toMatchObject({ kind: "approval", tool: "delete_task" });
    const approved = await collectRun(compiled, { message: "", resume: { value: { decision: "approve" } } }, { threadId: "t2" });
    expect(statusOf(approved)).toBe("completed");
    expect(ofType(approved, "tool_result")[0]?.result).toBe("Deleted task 7");
  });

  it("says which checkpoint is missing", async () => {
    const checkpointer = makeSaver();
    await expect(forkAtPause(checkpointer, { threadId: "t1", newThreadId: "t2", checkpointId: "nope" })).rejects.toThrow(
      'Checkpoint nope of thread "t1" was not found',
    );
  });
});
