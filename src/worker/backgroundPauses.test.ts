/** A background task that pauses, in the worker: its follow-up turn asks and waits; the answer resumes it and its report follows. */
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { RunEvent } from "../engine/index.js";
import { askingTeamDoc } from "../engine/testing/delegatedPauses.js";
import { asGraphId, asRunId, asThreadId, assertValid } from "../schema/index.js";
import type { FromWorker } from "./protocol";
import { openTestHost, withStoredGraphs } from "./testing/openTestHost";

const team = assertValid({ ...askingTeamDoc({ blocking: false }), meta: { id: "asking", name: "Asking team" } });
let posts: FromWorker[];

let factory: IDBFactory;

/** A worker's host over the test database, as after a (re)load of the page. */
function startHost() {
  // Into the module's `posts`, whichever array it is at the time, so a late post of a host before the reload still shows.
  return openTestHost("background-pauses-test", { indexedDB: factory, onPost: (m) => posts.push(structuredClone(m)), with: withStoredGraphs });
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
