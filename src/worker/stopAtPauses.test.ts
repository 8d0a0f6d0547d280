/**
 * Stop × every kind of pause (issue 26, item 7), through the engine worker's host as the page
 * drives it (real engine, real IndexedDB saver and run store): an approval, a question, a
 * breakpoint, a delegated sub-agent's question and a background task waiting for its answer.
 * Stop at a pause stops nothing (nothing runs) and changes nothing; Stop after an answer ends
 * the resumed run as cancelled; the thread then takes the next message (one that would strand a
 * waiting background task is refused, naming its question), and no message is stored or told
 * twice.
 */
import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import weatherAssistant from "../../examples/weather-assistant.json";
import type { RunEvent } from "../engine/index.js";
import { askingTeamDoc } from "../engine/testing/delegatedPauses.js";
import { assistantDoc, calendarQuestionDoc } from "../engine/testing/humanLoop.js";
import type { Workspace } from "../persistence/workspace/index.js";
import { asGraphId, asRunId, asThreadId, assertValid, type GraphDocument, type GraphDocumentInput } from "../schema/index.js";
import type { EngineHost } from "./engineHost";
import type { FromWorker, RunRequest } from "./protocol";
import { openTestHost, withStoredGraphs } from "./testing/openTestHost";

let posts: FromWorker[];
let onPost: Set<() => void>;
let host: EngineHost;
let ws: Workspace;

beforeEach(() => {
  onPost = new Set();
  ({ host, ws, posts } = openTestHost("stop-at-pauses-test", {
    onPost: () => {
      for (const check of onPost) check();
    },
    with: withStoredGraphs,
  }));
});

const eventsOf = (runId: string): RunEvent[] => posts.flatMap((m) => (m.type === "events" && m.runId === runId ? m.events : []));
const doneOf = (runId: string) => posts.find((m) => m.type === "done" && m.runId === runId);
const pauseOf = (runId: string) => eventsOf(runId).find((e): e is Extract<RunEvent, { type: "interrupt" }> => e.type === "interrupt");

/** Resolves once `seen()` holds after a post. */
function whenPosted(seen: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!seen()) return;
      onPost.delete(check);
      resolve();
    };
    onPost.add(check);
    check();
  });
}

function turn(document: GraphDocument, threadId: string) {
  let n = 0;
  const base = { type: "run", threadId: asThreadId(threadId), graphId: asGraphId(document.meta.id), document } as const;
  return {
    send: (message: string): RunRequest => ({ ...base, runId: asRunId(`${threadId}_run_${++n}`), message }),
    answer: (interruptId: string, value: unknown, label: string): RunRequest => ({
      ...base,
      runId: asRunId(`${threadId}_run_${++n}`),
      message: label,
      resume: { interrupt_id: interruptId, value },
    }),
  };
}

/** Stop while the run waits: acknowledged, nothing ends or changes, the same pause still waits. */
async function stopAtPause(runId: string): Promise<void> {
  const before = await ws.runs.events(runId);
  const record = await ws.runs.get(runId);
  await host.handle({ type: "stop", runId: asRunId(runId) });
  expect(posts.at(-1)).toEqual({ type: "stopped", runId });
  expect(await ws.runs.events(runId)).toEqual(before);
  expect(await ws.runs.get(runId)).toEqual(record);
}

/** Every message of the thread's last final state, once each, and every reply the runs told, once each. */
async function expectNothingTwice(threadId: string, runIds: string[]): Promise<void> {
  const told = runIds.flatMap((id) => eventsOf(id)).filter((e) => e.type === "ai_message");
  const ids = told.map((e) => (e as { message_id: string }).message_id);
  expect(new Set(ids).size).toBe(ids.length);
  const last = runIds
    .map((id) => eventsOf(id).find((e) => e.type === "final_state"))
    .filter(Boolean)
    .at(-1) as { state: { messages: { id: string | null; role: string; content: string }[] } } | undefined;
  const messages = last?.state.messages ?? [];
  const keys = messages.map((m) => m.id ?? `${m.role}:${m.content}`);
  expect(new Set(keys).size, `${threadId}: ${JSON.stringify(messages.map((m) => [m.role, m.content]))}`).toBe(keys.length);
}

const slowApproval = (): GraphDocument => {
  const doc = assistantDoc();
  // The approved tool takes seconds: long enough to press Stop while it runs.
  const tools = (doc.tools ?? []).map((t) => ({ ...t, config: { ...(t.config as object), latency_ms: 3_000 } }));
  return assertValid({ ...doc, meta: { id: "stop-approval", name: "Stop approval" }, tools } as GraphDocumentInput);
};

describe("Stop at every kind of pause", () => {
  it("approval: Stop at the pause changes nothing; Stop after Approve cancels the tool's run; the next message is answered", async () => {
    const doc = slowApproval();
    const t = turn(doc, "t-approval");
    const first = t.send("delete task 7");
    await host.handle(first);
    expect(doneOf(first.runId)).toMatchObject({ status: "interrupted" });
    await stopAtPause(first.runId);

    const pause = pauseOf(first.runId);
    const approved = t.answer(pause?.interrupt_id ?? "", { decision: "approve" }, "Approved delete_task");
    const running = host.handle(approved);
    await whenPosted(() => eventsOf(approved.runId).some((e) => e.type === "tool_call"));
    await host.handle({ type: "stop", runId: approved.runId });
    await running;
    expect(doneOf(approved.runId)).toMatchObject({ status: "cancelled" });
    expect(await ws.runs.get(approved.runId)).toMatchObject({ status: "cancelled" });

    const next = t.send("hello");
    await host.handle(next);
    expect(doneOf(next.runId)).toMatchObject({ status: "completed" });
    await expectNothingTwice("t-approval", [first.runId, approved.runId, next.runId]);
  });

  it("question: Stop at the pause changes nothing; the answer goes on, and the next message is answered", async () => {
    const doc = assertValid(calendarQuestionDoc());
    const t = turn(doc, "t-question");
    const first = t.send("book it");
    await host.handle(first);
    expect(doneOf(first.runId)).toMatchObject({ status: "interrupted" });
    await stopAtPause(first.runId);

    const answered = t.answer(pauseOf(first.runId)?.interrupt_id ?? "", { option_id: "work" }, "Answered: Work");
    await host.handle(answered);
    expect(doneOf(answered.runId)).toMatchObject({ status: "completed" });
    const next = t.send("again");
    await host.handle(next);
    // The graph asks again: a new pause of the next turn, not the old one.
    expect(doneOf(next.runId)).toMatchObject({ status: "interrupted" });
    expect(pauseOf(next.runId)?.interrupt_id).not.toBe(pauseOf(first.runId)?.interrupt_id);
    await expectNothingTwice("t-question", [first.runId, answered.runId, next.runId]);
  });

  it("breakpoint: Stop at the pause changes nothing; Stop on its card ends the run as cancelled; the next message is answered", async () => {
    const doc = assertValid(weatherAssistant);
    const t = turn(doc, "t-breakpoint");
    const first = { ...t.send("What's the weather in Paris?"), breakpoints: [{ node_id: "assistant", step: "call_tools" as const, when: "before" as const }] };
    await host.handle(first);
    expect(doneOf(first.runId)).toMatchObject({ status: "interrupted" });
    await stopAtPause(first.runId);

    const stopped = {
      ...t.answer(pauseOf(first.runId)?.interrupt_id ?? "", { action: "stop" }, "Stopped at call_tools of Assistant"),
      breakpoints: first.breakpoints,
    };
    await host.handle(stopped);
    expect(doneOf(stopped.runId)).toMatchObject({ status: "cancelled" });
    const next = t.send("What's the weather in Oslo?");
    await host.handle(next);
    expect(doneOf(next.runId)).toMatchObject({ status: "completed" });
    expect(
      eventsOf(next.runId)
        .filter((e) => e.type === "ai_message")
        .at(-1),
    ).toMatchObject({ content: expect.stringContaining("Oslo") });
    await expectNothingTwice("t-breakpoint", [first.runId, stopped.runId, next.runId]);
  });

  it("delegated sub-agent's question: Stop at the pause changes nothing; the answer finishes the sub-agent, and the next message is answered", async () => {
    const doc = assertValid({ ...askingTeamDoc(), meta: { id: "stop-delegated", name: "Stop delegated" } });
    const t = turn(doc, "t-delegated");
    const first = t.send("email find invoices");
    await host.handle(first);
    expect(doneOf(first.runId)).toMatchObject({ status: "interrupted" });
    expect(pauseOf(first.runId)).toMatchObject({ payload: { kind: "question", via: ["Emails"] } });
    await stopAtPause(first.runId);

    const answered = t.answer(pauseOf(first.runId)?.interrupt_id ?? "", { option_id: "archive" }, "Answered: Archive folder");
    await host.handle(answered);
    expect(doneOf(answered.runId)).toMatchObject({ status: "completed" });
    expect(
      eventsOf(answered.runId)
        .filter((e) => e.type === "ai_message")
        .at(-1),
    ).toMatchObject({ content: expect.stringContaining("Archive folder") });
    const next = t.send("email find receipts");
    await host.handle(next);
    // The sub-agent asks again in the next turn: a new question, answered by itself.
    expect(doneOf(next.runId)).toMatchObject({ status: "interrupted" });
    expect(pauseOf(next.runId)?.interrupt_id).not.toBe(pauseOf(first.runId)?.interrupt_id);
    await expectNothingTwice("t-delegated", [first.runId, answered.runId, next.runId]);
  });

  it("background task waiting: Stop at its pause changes nothing; a message meanwhile is refused naming the question; the answer lets the task report", async () => {
    const doc = assertValid({ ...askingTeamDoc({ blocking: false }), meta: { id: "stop-background", name: "Stop background" } });
    await ws.graphs.save(doc);
    const t = turn(doc, "t-background");
    const first = t.send("email find invoices");
    await host.handle(first);
    expect(doneOf(first.runId)).toMatchObject({ status: "completed" });
    const backgroundRuns = () => posts.flatMap((m) => (m.type === "background_run" ? [m] : []));
    await vi.waitFor(() => expect(doneOf(backgroundRuns()[0]?.runId ?? "")).toMatchObject({ status: "interrupted" }), { timeout: 10_000 });
    const asking = backgroundRuns()[0];
    const question = pauseOf(asking?.runId ?? "");
    expect(question).toMatchObject({ payload: { kind: "question", task_id: asking?.taskId } });
    await stopAtPause(asking?.runId ?? "");
    expect(await ws.tasks.get(asking?.taskId ?? "")).toMatchObject({ status: "waiting" });

    // A new message would drop the question and leave the task waiting for good: it is refused, naming
    // what waits, and the thread keeps waiting on the same question.
    const meanwhile = t.send("hello");
    await host.handle(meanwhile);
    const refused = eventsOf(meanwhile.runId);
    expect(refused.filter((e) => e.type === "error")).toEqual([
      expect.objectContaining({
        code: "TASK_WAITING",
        message: `Emails (background task ${asking?.taskId}) is waiting for your answer — Question: Which folder? (Inbox folder / Archive folder) — asked by Emails (background task ${asking?.taskId}). Answer it first: your message was not sent.`,
      }),
    ]);
    expect(refused.find((e) => e.type === "interrupt")).toMatchObject({ interrupt_id: question?.interrupt_id });
    expect(doneOf(meanwhile.runId)).toMatchObject({ status: "interrupted" });
    expect(await ws.tasks.get(asking?.taskId ?? "")).toMatchObject({ status: "waiting" });

    const answered = t.answer(question?.interrupt_id ?? "", { option_id: "archive" }, "Answered: Archive folder");
    await host.handle(answered);
    expect(doneOf(answered.runId)).toMatchObject({ status: "completed" });
    await vi.waitFor(async () => expect(await ws.tasks.get(asking?.taskId ?? "")).toMatchObject({ status: "completed", reported: true }), { timeout: 10_000 });
    await expectNothingTwice("t-background", [first.runId, meanwhile.runId, answered.runId, ...backgroundRuns().map((r) => r.runId)]);
  });
});
