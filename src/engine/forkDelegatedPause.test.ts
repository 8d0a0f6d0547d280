/**
 * Forking at a pause inside delegated work: the fork waits on the same question or approval,
 * once, and answering it resumes the fork's own copy of the sub-agent or saved graph where it
 * paused; the original thread and its child are left as they were.
 */
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { MemorySaver, type BaseCheckpointSaver } from "@langchain/langgraph/web";
import { collectRun, compileGraph, pendingInterrupts, runFollowUp, type GraphLibrary, type RunEvent } from "./index.js";
import { forkAtPause } from "./forkPause.js";
import { createMemoryTaskStore } from "./multiagent/taskStore.js";
import { approvingGraphDoc, askingTeamDoc, subgraphParentDoc } from "./testing/delegatedPauses.js";
import { nextMillisecond, ofType, stateOf, statusOf } from "./testing/humanLoop.js";
import { testServices, type RecordedCall } from "../../tests/support/services.js";
import { IdbSaver } from "../persistence/saver/IdbSaver.js";

const savers: [string, () => BaseCheckpointSaver][] = [
  ["memory", () => new MemorySaver()],
  ["IndexedDB", () => new IdbSaver({ name: "fork-delegated", indexedDB: new IDBFactory() })],
];

const library: GraphLibrary = { load: async (id) => (id === "approving" ? approvingGraphDoc() : null) };
const lastContent = (events: RunEvent[]) => ((stateOf(events).messages ?? []) as { content: string }[]).at(-1)?.content;
const pauseOf = (events: RunEvent[]) => {
  const event = ofType(events, "interrupt").at(-1);
  if (!event?.checkpoint_id) throw new Error("expected a pause with a checkpoint");
  return { id: event.interrupt_id, checkpointId: event.checkpoint_id, payload: event.payload };
};
const emailsCalls = (calls: RecordedCall[]) => calls.filter((c) => c.agent === "Emails").length;

describe.each(savers)("forking at a pause inside delegated work (%s saver)", (_name, makeSaver) => {
  it("a fork of a sub-agent's question waits on it once, and the answer resumes the fork's sub-agent where it paused", async () => {
    const calls: RecordedCall[] = [];
    const checkpointer = makeSaver();
    const compiled = compileGraph(askingTeamDoc(), { ...testServices({ calls }), checkpointer });
    const pause = pauseOf(await collectRun(compiled, { message: "email find invoices" }, { threadId: "t1" }));

    await forkAtPause(checkpointer, { threadId: "t1", newThreadId: "t2", checkpointId: pause.checkpointId });
    expect(await pendingInterrupts(compiled, "t2")).toEqual([{ id: pause.id, payload: pause.payload }]);

    const asked = emailsCalls(calls);
    const forked = await collectRun(compiled, { message: "", resume: { value: { option_id: "archive" } } }, { threadId: "t2" });
    expect(ofType(forked, "interrupt")).toEqual([]);
    expect(statusOf(forked)).toBe("completed");
    // The fork's sub-agent goes on from its paused tool call: one model call for its reply, none to ask again.
    expect(emailsCalls(calls) - asked).toBe(1);
    expect(lastContent(forked)).toBe('Main heard: Emails did: {"option_id":"archive","label":"Archive folder"}');

    // The original still waits on its own question, and its sub-agent takes its own answer.
    expect((await pendingInterrupts(compiled, "t1")).map((p) => p.id)).toEqual([pause.id]);
    const original = await collectRun(compiled, { message: "", resume: { value: { option_id: "inbox" } } }, { threadId: "t1" });
    expect(lastContent(original)).toBe('Main heard: Emails did: {"option_id":"inbox","label":"Inbox folder"}');
  });

  it("a fork of a sub-agent's question answered since asks it again, without the answer, and goes on with its own", async () => {
    const checkpointer = makeSaver();
    const compiled = compileGraph(askingTeamDoc(), { ...testServices(), checkpointer });
    const pause = pauseOf(await collectRun(compiled, { message: "email find invoices" }, { threadId: "t3" }));
    // Checkpoints carry the real time they were saved (events here carry the tests' fixed clock).
    const answeredAt = nextMillisecond();
    await collectRun(compiled, { message: "", resume: { value: { option_id: "inbox" } } }, { threadId: "t3" });
    await collectRun(compiled, { message: "email find receipts" }, { threadId: "t3" });

    await forkAtPause(checkpointer, { threadId: "t3", newThreadId: "t4", checkpointId: pause.checkpointId, answeredAt });
    expect((await pendingInterrupts(compiled, "t4")).map((p) => p.payload)).toEqual([pause.payload]);
    // What the sub-agent's thread says: its messages' texts.
    const emails = async (thread: string) => {
      const state = await compiled.team.rootGraph("Emails").getState({ configurable: { thread_id: `${thread}::agent::Emails` } });
      return ((state.values.messages ?? []) as { content: unknown }[]).map((m) => String(m.content));
    };
    expect(await emails("t4")).toEqual(["find invoices"]);

    const forked = await collectRun(compiled, { message: "", resume: { value: { option_id: "archive" } } }, { threadId: "t4" });
    expect(lastContent(forked)).toBe('Main heard: Emails did: {"option_id":"archive","label":"Archive folder"}');
    // The original's sub-agent kept its own history: the inbox answer, then the next turn's question.
    expect(await emails("t3")).toEqual([
      "find invoices",
      "",
      '{"option_id":"inbox","label":"Inbox folder"}',
      'Emails did: {"option_id":"inbox","label":"Inbox folder"}',
      "find receipts",
    ]);
  });

  it("a fork of the approval inside a Subgraph node's saved graph waits on it, and approved there, only the fork sends", async () => {
    const checkpointer = makeSaver();
    const compiled = compileGraph(subgraphParentDoc("approving"), { ...testServices(), checkpointer, graphs: library });
    const pause = pauseOf(await collectRun(compiled, { message: "the invoice" }, { threadId: "s1" }));

    await forkAtPause(checkpointer, { threadId: "s1", newThreadId: "s2", checkpointId: pause.checkpointId });
    expect((await pendingInterrupts(compiled, "s2")).map((p) => p.payload)).toEqual([pause.payload]);
    const approved = await collectRun(compiled, { message: "", resume: { value: { decision: "approve" } } }, { threadId: "s2" });
    expect(statusOf(approved)).toBe("completed");
    expect(lastContent(approved)).toBe("Sent the invoice");

    const rejected = await collectRun(compiled, { message: "", resume: { value: { decision: "reject" } } }, { threadId: "s1" });
    expect(statusOf(rejected)).toBe("completed");
    expect(ofType(rejected, "ai_message")).toEqual([]);
  });

  it("refuses to fork at a background task's question, which the original thread's task would take, and writes nothing", async () => {
    const checkpointer = makeSaver();
    const compiled = compileGraph(askingTeamDoc({ blocking: false }), { ...testServices(), checkpointer, tasks: createMemoryTaskStore() });
    const queued = await collectRun(compiled, { message: "email find invoices" }, { threadId: "b1" });
    const { task_id } = JSON.parse(ofType(queued, "tool_result").find((e) => e.tool === "Emails")?.result ?? "{}") as { task_id: string };
    await compiled.team.tasks.settled(task_id);
    const asking: RunEvent[] = [];
    for await (const event of runFollowUp(compiled, task_id, { threadId: "b1" })) asking.push(event);
    const pause = pauseOf(asking);

    await expect(forkAtPause(checkpointer, { threadId: "b1", newThreadId: "b2", checkpointId: pause.checkpointId })).rejects.toThrow(
      `This pause is background task ${task_id}'s question, and the task belongs to thread "b1": answer it there, or fork from a step before the task was queued`,
    );
    expect(await checkpointer.getTuple({ configurable: { thread_id: "b2", checkpoint_ns: "" } })).toBeUndefined();
    expect(await pendingInterrupts(compiled, "b1")).toHaveLength(1);
  });
});
