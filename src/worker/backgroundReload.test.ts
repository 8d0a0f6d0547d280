/**
 * Two background tasks of one thread share their sub-agent's scoped thread: a task cut by a
 * reload while it ran, and a later turn's task that ran on that thread since, each report their
 * own work once after the reload (issue 26: the earlier task came back with the later one's).
 */
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Checkpoint, CheckpointMetadata, ChannelVersions, PendingWrite } from "@langchain/langgraph-checkpoint";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { BackgroundTask, RunEvent } from "../engine/index.js";
import { delegationDoc } from "../engine/testing/delegationTeam.js";
import { Database } from "../persistence/db.js";
import { createMemoryLocks, withThreadLock } from "../persistence/locks.js";
import { IdbSaver } from "../persistence/saver/IdbSaver.js";
import { createWorkspace, type Workspace } from "../persistence/workspace/index.js";
import { asGraphId, asRunId, asThreadId, assertValid } from "../schema/index.js";
import { createEngineHost, type EngineHost } from "./engineHost";
import type { FromWorker } from "./protocol";

const team = assertValid(delegationDoc());
const RESEARCH_THREAD = "t1::agent::Research";

let factory: IDBFactory;
let posts: FromWorker[];

const never = <T>() => new Promise<T>(() => undefined);

/**
 * A page's worker over the test database. With `goneWhen`, the page goes away from the moment
 * the Research thread stores writes that match: that thread's and the tasks' later writes never
 * land, what a reload leaves behind while a background task runs (the turn that queued it ended).
 */
function startHost(goneWhen?: (writes: PendingWrite[]) => boolean): { host: EngineHost; ws: Workspace } {
  const database = new Database({ name: "background-reload-test", indexedDB: factory });
  const ws = createWorkspace(database);
  let gone = false;
  class PageSaver extends IdbSaver {
    override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, versions: ChannelVersions): Promise<RunnableConfig> {
      return gone && config.configurable?.thread_id === RESEARCH_THREAD ? never() : super.put(config, checkpoint, metadata, versions);
    }
    override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string): Promise<void> {
      if (gone && config.configurable?.thread_id === RESEARCH_THREAD) return never();
      await super.putWrites(config, writes, taskId, taskPath);
      if (goneWhen && config.configurable?.thread_id === RESEARCH_THREAD && goneWhen(writes)) gone = true;
    }
  }
  const tasks = {
    put: (task: BackgroundTask) => (gone ? never<void>() : ws.tasks.put(task)),
    get: (id: string) => ws.tasks.get(id),
    listByThread: (threadId: string) => ws.tasks.listByThread(threadId),
    listOpen: () => ws.tasks.listOpen(),
  };
  const locks = createMemoryLocks();
  const host = createEngineHost({
    runs: ws.runs,
    credentials: ws,
    checkpointer: new PageSaver({ database }),
    withThreadLock: (threadId, work) => withThreadLock(threadId, work, { locks }),
    post: (m) => posts.push(structuredClone(m)),
    tasks,
    loadDocument: async (graphId) => (await ws.graphs.get(graphId))?.document,
  });
  return { host, ws };
}

/** Research asked for its web search and waits for the answer. */
const searching = (writes: PendingWrite[]) =>
  writes.some(([channel, value]) => channel === "messages" && [value].flat().some((m) => ((m as { tool_calls?: unknown[] }).tool_calls?.length ?? 0) > 0));

const turn = (host: EngineHost, runId: string, message: string) =>
  host.handle({ type: "run", runId: asRunId(runId), threadId: asThreadId("t1"), graphId: asGraphId(team.meta.id), document: team, message });

/** The reports the thread's stored runs give, as [task id, result]. */
async function reports(ws: Workspace): Promise<[string, unknown][]> {
  const out: [string, unknown][] = [];
  for (const run of await ws.runs.list("t1")) {
    for (const e of (await ws.runs.events(run.id)) as RunEvent[]) if (e.type === "delegation_completed") out.push([e.task_id, e.result]);
  }
  return out;
}

beforeEach(() => {
  factory = new IDBFactory();
  posts = [];
});

describe("background tasks of one thread across a reload", () => {
  it("reports a task cut while running with its own query once the later turn's task has run on the same agent thread", async () => {
    const before = startHost(searching);
    await before.ws.graphs.save(team);
    await turn(before.host, "run_1", "research alpha");
    const [cut] = await before.ws.tasks.listOpen();
    expect(cut).toMatchObject({ message: "alpha" });
    await vi.waitFor(async () => expect(await before.ws.tasks.get(cut!.id)).toMatchObject({ status: "running" }));

    const { host, ws } = startHost();
    await turn(host, "run_2", "research beta");
    const later = (await ws.tasks.listByThread("t1")).find((t) => t.id !== cut!.id);
    await vi.waitFor(async () => expect(await ws.tasks.get(later!.id)).toMatchObject({ reported: true }), { timeout: 5_000 });
    await host.handle({ type: "resume_tasks" });
    await vi.waitFor(async () => expect(await ws.tasks.get(cut!.id)).toMatchObject({ reported: true }), { timeout: 5_000 });

    expect(await ws.tasks.get(cut!.id)).toMatchObject({ result: "Research summary: 3 articles about alpha" });
    expect((await reports(ws)).sort()).toEqual(
      [
        [cut!.id, "Research summary: 3 articles about alpha"],
        [later!.id, "Research summary: 3 articles about beta"],
      ].sort(),
    );
  });
});
