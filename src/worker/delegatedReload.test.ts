/**
 * A turn that delegated to a blocking sub-agent, cut by a reload just after the sub-agent took
 * the message in (the team reload soak's "shown" moment): the sub-agent's thread stored the
 * writes of the step that took it in, not the checkpoint after it. The resumed turn runs the
 * sub-agent on, and the parent answers with what it found. Real IndexedDB (fake-indexeddb), the
 * MainAgent template on its scripted models.
 */
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Checkpoint, CheckpointMetadata, ChannelVersions, PendingWrite } from "@langchain/langgraph-checkpoint";
import { describe, expect, it } from "vitest";
import teamTemplate from "../../examples/main-agent-team.json";
import type { RunEvent } from "../engine/index.js";
import { Database } from "../persistence/db.js";
import { createMemoryLocks, withThreadLock } from "../persistence/locks.js";
import { IdbSaver } from "../persistence/saver/IdbSaver.js";
import { createWorkspace, type Workspace } from "../persistence/workspace/index.js";
import { asGraphId, asRunId, asThreadId, assertValid } from "../schema/index.js";
import { createEngineHost, type EngineHost } from "./engineHost";
import type { FromWorker } from "./protocol";

const team = assertValid(teamTemplate);
const EMAILS_THREAD = "t1::agent::EmailsAgent";
const QUESTION = "Any unread emails about aah?";

const never = <T>() => new Promise<T>(() => undefined);
const atRoot = (config: RunnableConfig) => (config.configurable?.checkpoint_ns ?? "") === "";

/**
 * A page's worker over the test database. With `cut`, the page goes away once EmailsAgent's
 * thread has stored the writes of the step that takes its message in: the checkpoint after that
 * step, and everything the page would write later, never land.
 */
function startHost(factory: IDBFactory, cut = false): { host: EngineHost; ws: Workspace; posts: FromWorker[]; gone: Promise<void> } {
  const database = new Database({ name: "delegated-reload-test", indexedDB: factory });
  const ws = createWorkspace(database);
  const posts: FromWorker[] = [];
  let tookMessage = false;
  let isGone = false;
  let goneNow!: () => void;
  const gone = new Promise<void>((resolve) => (goneNow = resolve));
  class PageSaver extends IdbSaver {
    override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, versions: ChannelVersions): Promise<RunnableConfig> {
      if (cut && tookMessage && config.configurable?.thread_id === EMAILS_THREAD && atRoot(config)) {
        isGone = true;
        goneNow();
      }
      return isGone ? never() : super.put(config, checkpoint, metadata, versions);
    }
    override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string): Promise<void> {
      if (isGone) return never();
      // Issued, so stored: LangGraph may put the next checkpoint before this write resolves.
      const writing = super.putWrites(config, writes, taskId, taskPath);
      if (config.configurable?.thread_id === EMAILS_THREAD && atRoot(config) && writes.some(([channel]) => channel === "messages")) tookMessage = true;
      await writing;
    }
  }
  // The page's run records and events stop with it too.
  const runs = Object.assign(Object.create(ws.runs) as Workspace["runs"], {
    appendEvents: (events: readonly RunEvent[]) => (isGone ? never<void>() : ws.runs.appendEvents(events)),
    finish: (...args: Parameters<Workspace["runs"]["finish"]>) =>
      isGone ? never<Awaited<ReturnType<Workspace["runs"]["finish"]>>>() : ws.runs.finish(...args),
  });
  const locks = createMemoryLocks();
  const host = createEngineHost({
    runs,
    credentials: ws,
    checkpointer: new PageSaver({ database }),
    withThreadLock: (threadId, work) => withThreadLock(threadId, work, { locks }),
    post: (m) => posts.push(structuredClone(m)),
    tasks: ws.tasks,
    loadDocument: async (graphId) => (await ws.graphs.get(graphId))?.document,
  });
  return { host, ws, posts, gone };
}

describe("a delegated turn cut by a reload", () => {
  it("answers with the sub-agent's findings when the reload came just after the sub-agent took the message in", async () => {
    const factory = new IDBFactory();
    const earlier = startHost(factory);
    await earlier.ws.graphs.save(team);
    // An earlier email turn of the thread, answered: EmailsAgent's thread holds it.
    await earlier.host.handle({
      type: "run",
      runId: asRunId("run_0"),
      threadId: asThreadId("t1"),
      graphId: asGraphId(team.meta.id),
      document: team,
      message: "Any new emails?",
    });
    const before = startHost(factory, true);
    void before.host.handle({
      type: "run",
      runId: asRunId("run_1"),
      threadId: asThreadId("t1"),
      graphId: asGraphId(team.meta.id),
      document: team,
      message: QUESTION,
    });
    await before.gone;
    expect((await before.ws.runs.get("run_1"))?.status).toBe("running");

    const { host, ws, posts } = startHost(factory);
    await host.handle({ type: "resume_run", runId: asRunId("run_1"), threadId: asThreadId("t1"), graphId: asGraphId(team.meta.id) });
    expect(posts.find((m) => m.type === "done" || m.type === "failed")).toMatchObject({ type: "done", status: "completed" });
    const events = (await ws.runs.events("run_1")) as RunEvent[];
    const delegated = events.find((e) => e.type === "tool_result" && e.tool === "EmailsAgent");
    expect(delegated?.type === "tool_result" && delegated.result).toMatch(/^3 unread: /);
    const answers = events.flatMap((e) => (e.type === "ai_message" && e.agent === "MainAgent" && e.content ? [e.content] : []));
    expect(answers).toEqual([expect.stringMatching(/^From EmailsAgent: 3 unread: /)]);
  });
});
