import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { followUpMessage, type BackgroundTask, type RunEvent } from "../engine/index.js";
import { cutOffTask as teamTask, delegationDoc } from "../engine/testing/delegationTeam.js";
import { Database } from "../persistence/db.js";
import { createMemoryLocks, withThreadLock } from "../persistence/locks.js";
import { IdbSaver } from "../persistence/saver/IdbSaver.js";
import { createWorkspace, type Workspace } from "../persistence/workspace/index.js";
import { asGraphId, asRunId, asThreadId, assertValid } from "../schema/index.js";
import { createEngineHost, type EngineHost } from "./engineHost";
import type { FromWorker, ThreadLock } from "./protocol";

const team = assertValid(delegationDoc());

let factory: IDBFactory;
let posts: FromWorker[];

function memoryLock(): ThreadLock {
  const locks = createMemoryLocks();
  return (threadId, work) => withThreadLock(threadId, work, { locks });
}

/** A worker's host over the test database, as after a (re)load of the page. */
function startHost(): { host: EngineHost; ws: Workspace } {
  const database = new Database({ name: "background-runs-test", indexedDB: factory });
  const ws = createWorkspace(database);
  const host = createEngineHost({
    runs: ws.runs,
    credentials: ws,
    checkpointer: new IdbSaver({ database }),
    withThreadLock: memoryLock(),
    post: (m) => posts.push(structuredClone(m)),
    tasks: ws.tasks,
    loadDocument: async (graphId) => (await ws.graphs.get(graphId))?.document,
  });
  return { host, ws };
}

const backgroundRuns = () => posts.flatMap((m) => (m.type === "background_run" ? [m] : []));
const doneOf = (runId: string) => posts.find((m) => m.type === "done" && m.runId === runId);
const eventsOf = (runId: string): RunEvent[] => posts.flatMap((m) => (m.type === "events" && m.runId === runId ? m.events : []));

function cutOffTask(patch: Partial<BackgroundTask> = {}): BackgroundTask {
  return teamTask({ graph_id: team.meta.id, ...patch });
}

beforeEach(() => {
  factory = new IDBFactory();
  posts = [];
});

describe("background delegations in the worker", () => {
  it("records the follow-up turn of a finished background task as a run of its thread", async () => {
    const { host, ws } = startHost();
    await host.handle({
      type: "run",
      runId: asRunId("run_1"),
      threadId: asThreadId("t1"),
      graphId: asGraphId(team.meta.id),
      document: team,
      message: "research markets",
    });
    expect(doneOf("run_1")).toMatchObject({ status: "completed" });
    await vi.waitFor(() => expect(backgroundRuns()).toHaveLength(1), { timeout: 5_000 });
    const follow = backgroundRuns()[0];
    await vi.waitFor(() => expect(doneOf(follow?.runId ?? "")).toMatchObject({ status: "completed" }), { timeout: 5_000 });
    expect(follow).toMatchObject({ threadId: "t1", graphId: team.meta.id, taskId: expect.stringMatching(/^task_/) });
    const events = await ws.runs.events(follow?.runId ?? "");
    expect(events.find((e) => e.type === "delegation_completed")).toMatchObject({ status: "completed", result: "Research summary: 3 articles about markets" });
    expect(eventsOf(follow?.runId ?? "").at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    expect(await ws.tasks.get(follow?.taskId ?? "")).toMatchObject({ status: "completed", reported: true, graph_id: team.meta.id });
  });

  it("runs a task left running by a reloaded page again and delivers its follow-up turn", async () => {
    const before = startHost();
    await before.ws.graphs.save(team);
    await before.ws.tasks.put(cutOffTask());
    const { host, ws } = startHost();
    await host.handle({ type: "resume_tasks" });
    await vi.waitFor(async () => expect(await ws.tasks.get("task_cut")).toMatchObject({ status: "completed", reported: true, attempts: 2 }), {
      timeout: 5_000,
    });
    const follow = backgroundRuns()[0];
    expect(follow).toMatchObject({ taskId: "task_cut", threadId: "t1" });
    const messages = (eventsOf(follow?.runId ?? "").find((e) => e.type === "final_state") as RunEvent & { state: { messages: { content: string }[] } }).state
      .messages;
    expect(messages.at(-1)?.content).toBe("Update: Research finished task_cut.");
  });

  it("tells a finished task again when a reload cut its follow-up turn, deleting the cut run so its report shows once", async () => {
    const before = startHost();
    await before.ws.graphs.save(team);
    const task = cutOffTask({ status: "completed", result: "Research summary: 3 articles about markets" });
    await before.ws.tasks.put(task);
    // The previous page's follow-up was streaming the report when the page went.
    const cut = { id: "run_bg_cut", threadId: "t1", graphId: team.meta.id, input: followUpMessage(task), started: 1 };
    await before.ws.runs.start(cut);
    const base = {
      run_id: cut.id,
      thread_id: "t1",
      call_id: cut.id,
      parent_call_id: null,
      root_call_id: cut.id,
      depth: 0,
      agent: "Main",
      node: null,
      checkpoint_id: null,
    };
    await before.ws.runs.appendEvents([
      { ...base, id: `${cut.id}:0`, seq: 0, ts: 1, type: "run_start", input: cut.input },
      { ...base, id: `${cut.id}:1`, seq: 1, ts: 2, type: "message_delta", message_id: "m_cut", delta: "Update: Research" },
    ]);

    const { host, ws } = startHost();
    await host.handle({ type: "resume_tasks" });
    await vi.waitFor(async () => expect(await ws.tasks.get("task_cut")).toMatchObject({ reported: true }), { timeout: 5_000 });
    const [follow] = backgroundRuns();
    expect(follow).toMatchObject({ taskId: "task_cut", replaces: ["run_bg_cut"] });
    expect(await ws.runs.get("run_bg_cut")).toBeUndefined();
    expect(await ws.runs.events("run_bg_cut")).toEqual([]);
    const runs = await ws.runs.list("t1");
    expect(runs.map((r) => [r.id, r.status])).toEqual([[follow?.runId, "completed"]]);
  });

  it("records a task that cannot run again as a failed run on its thread, with the reason", async () => {
    const { ws } = startHost();
    await ws.tasks.put(cutOffTask({ id: "task_orphan", graph_id: "deleted-graph" }));
    const { host } = startHost();
    await host.handle({ type: "resume_tasks" });
    expect(await ws.tasks.get("task_orphan")).toMatchObject({
      status: "failed",
      reported: true,
      error: expect.stringMatching(/graph "deleted-graph" is no longer in the workspace/),
    });
    const [run] = await ws.runs.list("t1");
    expect(run).toMatchObject({ status: "error", error: expect.stringMatching(/^Research could not finish task task_orphan: The page was reloaded/) });
    const events = await ws.runs.events(run?.id ?? "");
    expect(events.map((e) => e.type)).toEqual(["run_start", "delegation_completed", "error", "run_end"]);
    expect(backgroundRuns()).toEqual([expect.objectContaining({ taskId: "task_orphan", threadId: "t1" })]);
    expect(await ws.tasks.listOpen()).toEqual([]);
  });
});
