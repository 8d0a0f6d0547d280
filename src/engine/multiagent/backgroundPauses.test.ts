/** A background task whose sub-agent pauses: it waits for the user, its follow-up turn asks, the answer resumes it. */
import { describe, expect, it } from "vitest";
import { Command, MemorySaver } from "@langchain/langgraph/web";
import { collectRun, compileGraph, followUpMessage, runFollowUp, type RunEvent } from "../index.js";
import { createMemoryTaskStore } from "./taskStore.js";
import { testServices } from "../../../tests/support/services.js";
import { askingTeamDoc } from "../testing/delegatedPauses.js";
import { ofType, statusOf } from "../testing/humanLoop.js";

async function collect(events: AsyncIterable<RunEvent>): Promise<RunEvent[]> {
  const out: RunEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}
const lastAnswer = (events: RunEvent[]) => ((ofType(events, "final_state").at(-1)?.state.messages ?? []) as { content: string }[]).at(-1)?.content;

function setup(saver = new MemorySaver(), store = createMemoryTaskStore()) {
  return { saver, store, compiled: compileGraph(askingTeamDoc({ blocking: false }), { ...testServices(), checkpointer: saver, tasks: store }) };
}

async function queueEmails(compiled: ReturnType<typeof setup>["compiled"], thread: string): Promise<string> {
  const events = await collectRun(compiled, { message: "email find invoices" }, { threadId: thread });
  const handle = JSON.parse(ofType(events, "tool_result").find((e) => e.tool === "Emails")?.result ?? "{}") as { task_id: string };
  return handle.task_id;
}

describe("a background task that pauses", () => {
  it("is marked waiting for the user with what its sub-agent asks", async () => {
    const { compiled, store } = setup();
    const id = await queueEmails(compiled, "b1");
    const task = await compiled.team.tasks.settled(id);
    expect(task).toMatchObject({ status: "waiting", asked: false, reported: false, result: null });
    expect(task.pending?.[0]?.payload).toMatchObject({ kind: "question", question: "Which folder?", via: ["Emails"], task_id: id });
    expect((await store.listOpen()).map((t) => t.id)).toEqual([id]);
    expect(followUpMessage(task)).toBe(
      `[Background task ${id}] Emails needs an answer from the user to go on with the task "find invoices": Question: Which folder? (Inbox folder / Archive folder) — asked by Emails (background task ${id})`,
    );
  });

  it("asks the user in its follow-up turn, and the answer resumes the task, which completes and is reported", async () => {
    const { compiled, store } = setup();
    const id = await queueEmails(compiled, "b2");
    await compiled.team.tasks.settled(id);
    const asking = await collect(runFollowUp(compiled, id, { threadId: "b2" }));
    expect(statusOf(asking)).toBe("interrupted");
    expect(ofType(asking, "interrupt")[0]?.payload).toMatchObject({ kind: "question", question: "Which folder?", task_id: id, via: ["Emails"] });
    expect(await store.get(id)).toMatchObject({ status: "waiting", asked: true });

    const answered = await collectRun(compiled, { message: "", resume: { value: { option_id: "archive" } } }, { threadId: "b2" });
    expect(statusOf(answered)).toBe("completed");
    const done = await compiled.team.tasks.settled(id);
    expect(done).toMatchObject({ status: "completed", result: 'Emails did: {"option_id":"archive","label":"Archive folder"}' });

    const report = await collect(runFollowUp(compiled, id, { threadId: "b2" }));
    expect(lastAnswer(report)).toBe(`Update: Emails finished ${id}.`);
    expect(await store.get(id)).toMatchObject({ status: "completed", reported: true });
  });

  it("takes the answer after a reload: a fresh compile over the same saver and task store resumes it", async () => {
    const first = setup();
    const id = await queueEmails(first.compiled, "b3");
    await first.compiled.team.tasks.settled(id);
    await collect(runFollowUp(first.compiled, id, { threadId: "b3" }));
    const { compiled } = setup(first.saver, first.store);
    const answered = await collectRun(compiled, { message: "", resume: { value: { option_id: "inbox" } } }, { threadId: "b3" });
    expect(statusOf(answered)).toBe("completed");
    expect(await compiled.team.tasks.settled(id)).toMatchObject({ status: "completed", result: 'Emails did: {"option_id":"inbox","label":"Inbox folder"}' });
  });

  it("takes a plain Command({ resume }) naming no interrupt as the answer its follow-up turn asks for", async () => {
    const { compiled } = setup();
    const id = await queueEmails(compiled, "b5");
    await compiled.team.tasks.settled(id);
    await collect(runFollowUp(compiled, id, { threadId: "b5" }));
    await compiled.graph.invoke(new Command({ resume: { option_id: "archive" } }), { configurable: { thread_id: "b5" } });
    expect(await compiled.team.tasks.settled(id)).toMatchObject({
      status: "completed",
      result: 'Emails did: {"option_id":"archive","label":"Archive folder"}',
    });
  });

  it("refuses to resume a task with an interrupt it does not wait on", async () => {
    const { compiled } = setup();
    const id = await queueEmails(compiled, "b4");
    await compiled.team.tasks.settled(id);
    await expect(compiled.team.tasks.answer(id, "nope", { option_id: "inbox" })).rejects.toThrow(/not waiting on interrupt "nope"/);
  });
});
