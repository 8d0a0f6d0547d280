/**
 * Runs cut by a reload (their record still `running`, nobody holding the thread's lock) resume
 * when their thread opens again: from their last checkpoint, afresh when the graph never saw
 * the message, or recorded as interrupted. Real IndexedDB (fake-indexeddb) and a real saver.
 */
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it } from "vitest";
import type { RunEvent } from "../engine/index.js";
import { Database, STORES } from "../persistence/db.js";
import { createMemoryLocks, withThreadLock, type ThreadLocks } from "../persistence/locks.js";
import { IdbSaver } from "../persistence/saver/IdbSaver.js";
import { createWorkspace, type Workspace } from "../persistence/workspace/index.js";
import { asGraphId, asRunId, asThreadId, assertValid, type GraphDocument } from "../schema/index.js";
import { sendEvent } from "../app/store/playground/sendEvent";
import { createEngineHost, type EngineHost } from "./engineHost";
import { RUN_INTERRUPTED, type FromWorker } from "./protocol";

const weather = assertValid({
  version: 1,
  meta: { id: "weather", name: "Weather" },
  models: [{ id: "scripted", provider: "scripted", model: "scripted-1" }],
  tools: [{ id: "w", kind: "mock", name: "get_weather", config: { default: "Sunny in {{ args.city }}" } }],
  nodes: [
    { id: "start", kind: "start", position: { x: 0, y: 0 } },
    {
      id: "a",
      kind: "agent",
      position: { x: 0, y: 100 },
      data: {
        name: "Assistant",
        model: "scripted",
        tools: ["w"],
        default_tools: [],
        script: {
          rules: [
            { match: "weather", tool_calls: [{ name: "get_weather", args: { city: "Paris" } }] },
            { on: "tool", reply: "The forecast: {{ tool_result }}" },
          ],
        },
      },
    },
    { id: "end", kind: "end", position: { x: 0, y: 200 } },
  ],
  edges: [
    { id: "e1", kind: "flow", source: "start", target: "a" },
    { id: "e2", kind: "flow", source: "a", target: "end" },
  ],
});

let database: Database;
let ws: Workspace;
let posts: FromWorker[];
let locks: ThreadLocks;
let stored: GraphDocument | undefined;

function page(): EngineHost {
  posts = [];
  return createEngineHost({
    runs: ws.runs,
    credentials: ws,
    checkpointer: new IdbSaver({ database }),
    withThreadLock: (threadId, work) => withThreadLock(threadId, work, { locks }),
    post: (m) => posts.push(structuredClone(m)),
    loadDocument: async (id) => (id === stored?.meta.id ? stored : undefined),
  });
}

beforeEach(() => {
  database = new Database({ name: "cut-runs", indexedDB: new IDBFactory() });
  ws = createWorkspace(database);
  locks = createMemoryLocks();
  stored = weather;
});

const thread = asThreadId("t1");
const resume = (runId: string) => ({ type: "resume_run", runId: asRunId(runId), threadId: thread, graphId: asGraphId("weather") }) as const;
const doneOf = (runId: string) => posts.find((m) => (m.type === "done" || m.type === "failed") && m.runId === runId);
const answers = (events: RunEvent[]) => events.filter((e) => e.type === "ai_message" && e.content.startsWith("The forecast"));

/** What a reload leaves of a run: its record back to running and its events after `keepThrough` gone. */
async function cutAfter(runId: string, keepThrough: number): Promise<void> {
  await ws.runs.deleteEventsAfter(runId, keepThrough);
  await database.tx([STORES.runs], "readwrite", "cutting a run", async (tx) => {
    const record = await tx.objectStore(STORES.runs).get(runId);
    if (!record) throw new Error(`run ${runId} was not recorded`);
    await tx.objectStore(STORES.runs).put({ ...record, status: "running", ended: null, error: null });
  });
}

function expectOneTurn(events: RunEvent[], input: string): void {
  expect(events.filter((e) => e.type === "run_start").map((e) => e.type === "run_start" && e.input)).toEqual([input]);
  expect(answers(events)).toHaveLength(1);
  expect(events.filter((e) => e.type === "run_end").map((e) => e.type === "run_end" && e.status)).toEqual(["completed"]);
  const seqs = events.map((e) => e.seq);
  expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  expect(new Set(seqs).size).toBe(seqs.length);
}

describe("a run cut by a reload", () => {
  it("continues from its last stored checkpoint and answers once", async () => {
    const first = page();
    await first.handle({ type: "run", runId: asRunId("r1"), threadId: thread, graphId: asGraphId("weather"), document: weather, message: "weather please" });
    const full = await ws.runs.events("r1");
    // Cut after the checkpoint taken when the agent node started, before it answered.
    const checkpoints = full.filter((e) => e.type === "checkpoint_saved");
    const cutAt = checkpoints[1] ?? checkpoints[0];
    expect(cutAt).toBeDefined();
    await cutAfter("r1", cutAt!.seq);
    expect(answers(await ws.runs.events("r1"))).toHaveLength(0);

    await page().handle(resume("r1"));
    expect(doneOf("r1")).toMatchObject({ type: "done", status: "completed" });
    const resumed = await ws.runs.events("r1");
    expectOneTurn(resumed, "weather please");
    // Continued, not started over: what was stored up to the checkpoint is kept as it was.
    expect(resumed.filter((e) => e.seq <= cutAt!.seq)).toEqual(full.filter((e) => e.seq <= cutAt!.seq));
    expect((await ws.runs.get("r1"))?.status).toBe("completed");
  });

  it("gives the continued run's events ids none of the cut run's had, so a page that read those shows the new ones", async () => {
    const first = page();
    await first.handle({ type: "run", runId: asRunId("r1"), threadId: thread, graphId: asGraphId("weather"), document: weather, message: "weather please" });
    const full = await ws.runs.events("r1");
    const cutAt = full.filter((e) => e.type === "checkpoint_saved")[1]!;
    // The reload came a few events after that checkpoint: they were stored, and the page read them.
    const shownThrough = full.filter((e) => e.seq > cutAt.seq && e.type !== "checkpoint_saved")[2]?.seq ?? cutAt.seq;
    await cutAfter("r1", shownThrough);
    const shown = new Set((await ws.runs.events("r1")).map((e) => e.id));
    posts.length = 0;

    await page().handle(resume("r1"));
    const posted = posts.flatMap((m) => (m.type === "events" ? m.events : []));
    expect(answers(posted)).toHaveLength(1);
    expect(posted.filter((e) => shown.has(e.id)).map((e) => e.id)).toEqual([]);
    // Before any new event, the page is told which of the shown ones are told again.
    const continues = posts.findIndex((m) => m.type === "continues");
    expect(posts[continues]).toEqual({ type: "continues", runId: "r1", keptThroughSeq: expect.any(Number) });
    const kept = (posts[continues] as { keptThroughSeq: number }).keptThroughSeq;
    expect(kept).toBeGreaterThanOrEqual(cutAt.seq);
    expect(kept).toBeLessThanOrEqual(shownThrough);
    expect(continues).toBeLessThan(posts.findIndex((m) => m.type === "events"));
    expectOneTurn(await ws.runs.events("r1"), "weather please");
  });

  it("runs the turn afresh when the graph never saw the message", async () => {
    // What the app writes as the user sends, before the worker starts the run.
    await ws.runs.start({ id: "r1", threadId: thread, graphId: "weather", input: "weather please", started: Date.now() });
    await ws.runs.appendEvents([sendEvent("r1", thread, "weather please", Date.now())]);

    await page().handle(resume("r1"));
    expect(doneOf("r1")).toMatchObject({ type: "done", status: "completed" });
    expectOneTurn(await ws.runs.events("r1"), "weather please");
  });

  it("says the turn was interrupted, for Retry, when its graph can no longer run", async () => {
    await ws.runs.start({ id: "r1", threadId: thread, graphId: "weather", input: "weather please", started: Date.now() });
    await ws.runs.appendEvents([sendEvent("r1", thread, "weather please", Date.now())]);
    stored = undefined;

    await page().handle(resume("r1"));
    const events = await ws.runs.events("r1");
    expect(events.map((e) => e.type)).toEqual(["run_start", "error", "run_end"]);
    expect(events[1]).toMatchObject({ code: RUN_INTERRUPTED, message: expect.stringMatching(/interrupted when the page was reloaded.*Retry/) });
    expect(await ws.runs.get("r1")).toMatchObject({ status: "cancelled" });
  });

  it("says the turn was interrupted, for Retry, when a later message of its thread runs first", async () => {
    const first = page();
    await first.handle({ type: "run", runId: asRunId("r1"), threadId: thread, graphId: asGraphId("weather"), document: weather, message: "weather please" });
    const checkpoints = (await ws.runs.events("r1")).filter((e) => e.type === "checkpoint_saved");
    await cutAfter("r1", checkpoints[1]!.seq);
    // Its resume failed on the next page (the engine did not load); the person sent the next message.
    await page().handle({ type: "run", runId: asRunId("r2"), threadId: thread, graphId: asGraphId("weather"), document: weather, message: "weather again" });

    const events = await ws.runs.events("r1");
    expect(answers(events)).toHaveLength(0);
    expect(events.at(-2)).toMatchObject({ type: "error", code: RUN_INTERRUPTED, message: expect.stringMatching(/later message.*Retry/) });
    expect(await ws.runs.get("r1")).toMatchObject({ status: "cancelled" });
    // The thread's state still ends with the later turn's answer.
    expect(answers(await ws.runs.events("r2"))).toHaveLength(1);
  });

  it("is left to the tab that holds the thread's lock", async () => {
    await ws.runs.start({ id: "r1", threadId: thread, graphId: "weather", input: "weather please", started: Date.now() });
    let release = () => {};
    const held = withThreadLock(thread, () => new Promise<void>((resolve) => (release = resolve)), { locks });
    await page().handle(resume("r1"));
    expect(doneOf("r1")).toMatchObject({ type: "failed", code: "THREAD_BUSY" });
    expect((await ws.runs.get("r1"))?.status).toBe("running");
    release();
    await held;
  });
});
