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

/** A write the saver is asked for: on which thread, at its root or inside a node, and which channels. */
interface SaverWrite {
  thread: unknown;
  root: boolean;
  kind: "checkpoint" | "writes";
  channels: string[];
}

/**
 * A page's worker over the test database. With `cutBefore`, the page goes away just before the
 * first write it matches (given the writes stored so far): that write and everything the page
 * would write later (checkpoints, run events, the run's end) never land.
 */
function startHost(
  factory: IDBFactory,
  cutBefore?: (next: SaverWrite, stored: readonly SaverWrite[]) => boolean,
): { host: EngineHost; ws: Workspace; posts: FromWorker[]; gone: Promise<void> } {
  const database = new Database({ name: "delegated-reload-test", indexedDB: factory });
  const ws = createWorkspace(database);
  const posts: FromWorker[] = [];
  const stored: SaverWrite[] = [];
  let isGone = false;
  let goneNow!: () => void;
  const gone = new Promise<void>((resolve) => (goneNow = resolve));
  /** True once the page is gone; else the write is recorded as stored. */
  const goesAt = (write: SaverWrite) => {
    if (!isGone && cutBefore?.(write, stored)) {
      isGone = true;
      goneNow();
    }
    if (!isGone) stored.push(write);
    return isGone;
  };
  class PageSaver extends IdbSaver {
    override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, versions: ChannelVersions): Promise<RunnableConfig> {
      const write: SaverWrite = { thread: config.configurable?.thread_id, root: atRoot(config), kind: "checkpoint", channels: [] };
      return goesAt(write) ? never() : super.put(config, checkpoint, metadata, versions);
    }
    override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string): Promise<void> {
      const write: SaverWrite = { thread: config.configurable?.thread_id, root: atRoot(config), kind: "writes", channels: writes.map(([channel]) => channel) };
      return goesAt(write) ? never() : super.putWrites(config, writes, taskId, taskPath);
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

const atEmailsRoot = (write: SaverWrite) => write.thread === EMAILS_THREAD && write.root;

/** An earlier email turn, answered; then the question, cut where `cutBefore` says; then a new page resumes it. Returns what the resumed run stored. */
async function cutAndResume(cutBefore: (next: SaverWrite, stored: readonly SaverWrite[]) => boolean) {
  const factory = new IDBFactory();
  const earlier = startHost(factory);
  await earlier.ws.graphs.save(team);
  const graph = { threadId: asThreadId("t1"), graphId: asGraphId(team.meta.id) };
  await earlier.host.handle({ type: "run", runId: asRunId("run_0"), ...graph, document: team, message: "Any new emails?" });
  const before = startHost(factory, cutBefore);
  void before.host.handle({ type: "run", runId: asRunId("run_1"), ...graph, document: team, message: QUESTION });
  await before.gone;
  expect((await before.ws.runs.get("run_1"))?.status).toBe("running");

  const { host, ws, posts } = startHost(factory);
  await host.handle({ type: "resume_run", runId: asRunId("run_1"), ...graph });
  expect(posts.find((m) => m.type === "done" || m.type === "failed")).toMatchObject({ type: "done", status: "completed" });
  return (await ws.runs.events("run_1")) as RunEvent[];
}

/** The parent's answer is the sub-agent's finding, told once. */
function expectAnsweredFromEmails(events: readonly RunEvent[]) {
  const delegated = events.filter((e) => e.type === "tool_result" && e.tool === "EmailsAgent");
  expect(delegated.map((e) => e.type === "tool_result" && e.result)).toEqual([expect.stringMatching(/^3 unread: /)]);
  const answers = events.flatMap((e) => (e.type === "ai_message" && e.agent === "MainAgent" && e.content ? [e.content] : []));
  expect(answers).toEqual([expect.stringMatching(/^From EmailsAgent: 3 unread: /)]);
}

describe("a delegated turn cut by a reload", () => {
  it("answers with the sub-agent's findings when the reload came just after the sub-agent took the message in", async () => {
    // EmailsAgent's thread stored the writes of the step that takes the message in, not the checkpoint after it.
    const tookMessageIn = (stored: readonly SaverWrite[]) => {
      const last = stored.filter(atEmailsRoot).at(-1);
      return last?.kind === "writes" && last.channels.includes("messages") && !last.channels.includes("active_agent");
    };
    expectAnsweredFromEmails(await cutAndResume((next, stored) => atEmailsRoot(next) && next.kind === "checkpoint" && tookMessageIn(stored)));
  });

  it("answers with the sub-agent's findings when the reload came after its loop ended, before its turn reached its thread", async () => {
    // EmailsAgent's loop stored its last step; the agent's update of its own thread did not land.
    expectAnsweredFromEmails(await cutAndResume((next) => atEmailsRoot(next) && next.kind === "writes" && next.channels.includes("active_agent")));
  });
});
