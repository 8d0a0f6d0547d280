/** A background task that pauses, in the worker: its follow-up turn asks and waits; the answer resumes it and its report follows. */
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { RunEvent } from "../engine/index.js";
import { askingTeamDoc } from "../engine/testing/delegatedPauses.js";
import { Database } from "../persistence/db.js";
import { createMemoryLocks, withThreadLock } from "../persistence/locks.js";
import { IdbSaver } from "../persistence/saver/IdbSaver.js";
import { createWorkspace } from "../persistence/workspace/index.js";
import { asGraphId, asRunId, asThreadId, assertValid } from "../schema/index.js";
import { createEngineHost } from "./engineHost";
import type { FromWorker } from "./protocol";

const team = assertValid({ ...askingTeamDoc({ blocking: false }), meta: { id: "asking", name: "Asking team" } });
let posts: FromWorker[];

let factory: IDBFactory;

/** A worker's host over the test database, as after a (re)load of the page. */
function startHost() {
  const database = new Database({ name: "background-pauses-test", indexedDB: factory });
  const ws = createWorkspace(database);
  const locks = createMemoryLocks();
  const host = createEngineHost({
    runs: ws.runs,
    credentials: ws,
    checkpointer: new IdbSaver({ database }),
    withThreadLock: (threadId, work) => withThreadLock(threadId, work, { locks }),
    post: (m) => posts.push(structuredClone(m)),
    tasks: ws.tasks,
    loadDocument: async (graphId) => (await ws.graphs.get(graphId))?.document,
  });
  return { host, ws };
}

const backgroundRuns = () => posts.flatMap((m) => (m.type === "background_run" ? [m] : []));
const doneOf = (runId: string) => posts.find((m) => m.type === "done" && m.runId === runId);
const eventsOf = (runId: string): RunEvent[] => posts.flatMap((m) => (m.type === "events" && m.runId === runId ? m.events : []));

beforeEach(() => {
  factory = new IDBFactory();
  posts = [];
});

describe("a background task waiting for the user, in the worker", () => {
  it("asks in a follow-up turn, resumes on the answer and reports the result in the next", async () => {
    const { host, ws } = startHost();
    const run = { type: "run", threadId: asThreadId("t1"), graphId: asGraphId(team.meta.id), document: team } as const;
    await host.handle({ ...run, runId: asRunId("run_1"), message: "email find invoices" });
    await vi.waitFor(() => expect(doneOf(backgroundRuns()[0]?.runId ?? "")).toMatchObject({ status: "interrupted" }), { timeout: 5_000 });
    const asking = backgroundRuns()[0];
    const question = eventsOf(asking?.runId ?? "").find((e) => e.type === "interrupt");
    expect(question).toMatchObject({ payload: { kind: "question", question: "Which folder?", via: ["Emails"], task_id: asking?.taskId } });
    expect(await ws.tasks.get(asking?.taskId ?? "")).toMatchObject({ status: "waiting", asked: true });

    await host.handle({
      ...run,
      runId: asRunId("run_2"),
      message: "",
      resume: { interrupt_id: question?.type === "interrupt" ? question.interrupt_id : "", value: { option_id: "archive" } },
    });
    expect(doneOf("run_2")).toMatchObject({ status: "completed" });
    await vi.waitFor(() => expect(doneOf(backgroundRuns()[1]?.runId ?? "")).toMatchObject({ status: "completed" }), { timeout: 5_000 });
    const report = eventsOf(backgroundRuns()[1]?.runId ?? "");
    expect(report.find((e) => e.type === "delegation_completed")).toMatchObject({
      status: "completed",
      result: 'Emails did: {"option_id":"archive","label":"Archive folder"}',
    });
    expect(await ws.tasks.get(asking?.taskId ?? "")).toMatchObject({ status: "completed", reported: true });
  });

  it("after a reload, asks no second time and takes the answer in the new page's worker", async () => {
    const before = startHost();
    await before.ws.graphs.save(team);
    const run = { type: "run", threadId: asThreadId("t2"), graphId: asGraphId(team.meta.id), document: team } as const;
    await before.host.handle({ ...run, runId: asRunId("run_a"), message: "email find invoices" });
    await vi.waitFor(() => expect(doneOf(backgroundRuns()[0]?.runId ?? "")).toMatchObject({ status: "interrupted" }), { timeout: 5_000 });
    const taskId = backgroundRuns()[0]?.taskId ?? "";

    posts = [];
    const { host, ws } = startHost();
    await host.handle({ type: "resume_tasks" });
    expect(backgroundRuns()).toEqual([]);
    const waiting = await ws.tasks.get(taskId);
    expect(waiting).toMatchObject({ status: "waiting", asked: true });

    await host.handle({
      ...run,
      runId: asRunId("run_b"),
      message: "",
      resume: { interrupt_id: waiting?.pending?.[0]?.id ?? "", value: { option_id: "inbox" } },
    });
    expect(doneOf("run_b")).toMatchObject({ status: "completed" });
    await vi.waitFor(() => expect(doneOf(backgroundRuns()[0]?.runId ?? "")).toMatchObject({ status: "completed" }), { timeout: 5_000 });
    expect(await ws.tasks.get(taskId)).toMatchObject({
      status: "completed",
      reported: true,
      result: 'Emails did: {"option_id":"inbox","label":"Inbox folder"}',
    });
  });
});
