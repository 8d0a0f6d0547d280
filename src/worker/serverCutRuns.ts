/**
 * A turn that ran on the LangGraph server of Settings and was cut by a reload: the server
 * finishes its runs by itself, so nothing runs again here. The turn waits for the server's
 * runs on the thread, then tells what its stored events do not, from the server's state (or,
 * when the server never got the message, closes as interrupted with Retry).
 */
import type { Run } from "@langchain/langgraph-sdk";
import { toldBy, toPending, type RunEvent } from "../engine/index.js";
import { serverClient } from "../server/client/serverClient.js";
import { serverThreadId } from "../server/client/serverRun.js";
import { historyEvents } from "../server/client/serverThreads.js";
import type { CutRunDeps } from "./cutRuns";
import type { ResumeRunRequest } from "./protocol";
import type { CredentialStore } from "./providerKeys";
import { recordInterrupted } from "./runResume";
import { serverConnection } from "./serverAccess";
import { errorMessage } from "../schema/errorMessage.js";

type Deps = Pick<CutRunDeps, "runs" | "withThreadLock" | "post" | "now" | "record" | "controllers">;

/**
 * Continues cut runs of server threads; `fallback` takes the runs of threads the server does not hold.
 * @example const resume = createServerCutRunResumer(deps, workspace, resumeCut); await resume({ type: "resume_run", runId, threadId, graphId });
 */
export function createServerCutRunResumer(deps: Deps, store: CredentialStore, fallback: (request: ResumeRunRequest) => Promise<void>) {
  return async (request: ResumeRunRequest): Promise<void> => {
    const { runId, threadId, graphId } = request;
    let connection;
    try {
      connection = await serverConnection(store);
    } catch {
      return fallback(request);
    }
    const client = serverClient(connection);
    const thread = serverThreadId(threadId);
    try {
      await client.threads.get(thread);
    } catch (error) {
      // Not a thread of this server (it ran here), or the server cannot say: the browser's own path.
      if ((error as { status?: unknown }).status === 404) return fallback(request);
    }
    const controller = new AbortController();
    deps.controllers.set(runId, controller);
    try {
      await deps.withThreadLock(threadId, async () => {
        const run = await deps.runs.get(runId);
        if (!run || run.status !== "running") {
          deps.post({ type: "failed", runId, code: "NOT_RUNNING", message: "The run already ended." });
          return;
        }
        const interrupted = async (reason: string) => {
          const events = await recordInterrupted(deps.runs, run, reason, deps.now());
          deps.post({ type: "events", runId, events });
          deps.post({ type: "done", runId, status: "cancelled", error: null });
        };
        try {
          for (const status of ["pending", "running"] as const) {
            for (const active of await client.runs.list(thread, { status })) await client.runs.join(thread, active.run_id, { signal: controller.signal });
          }
          // A run the server ended without finishing (cancelled, failed) has no answer to show.
          // (Servers differ in the order they list runs: the newest is found by its creation time.)
          const latest = (await client.runs.list(thread, { limit: 100 })).reduce<Run | undefined>(
            (a, b) => (!a || b.created_at > a.created_at ? b : a),
            undefined,
          );
          const state = await client.threads.getState(thread);
          const history = historyEvents((state.values as { messages?: unknown } | null)?.messages, { threadId, now: deps.now() });
          const lastRun = history.at(-1)?.run_id;
          const turn = history.filter((e) => e.run_id === lastRun);
          if (turn[0]?.type !== "run_start" || turn[0].input !== run.input) {
            await interrupted(`the LangGraph server at ${connection.url} never received it.`);
            return;
          }
          const stored = await deps.runs.events(runId);
          const told = new Set(stored.flatMap((e) => (e.type === "tool_call" ? [`call:${e.tool_call_id}`] : (toldBy(e) ?? []))));
          let seq = stored.reduce((max, e) => Math.max(max, e.seq), -1) + 1;
          const base = { run_id: runId, thread_id: threadId, root_call_id: runId, call_id: runId, parent_call_id: null, depth: 0, checkpoint_id: null };
          const untold: RunEvent[] = [];
          const tell = (event: Omit<RunEvent, "id" | "seq" | "ts" | keyof typeof base>) =>
            untold.push({ ...event, ...base, id: `${runId}:${seq}`, seq: seq++, ts: deps.now() } as RunEvent);
          for (const event of turn.slice(1, -1)) {
            const key = event.type === "tool_call" ? `call:${event.tool_call_id}` : toldBy(event);
            if (key === null || !told.has(key)) tell(event);
          }
          const paused = toPending((state.tasks ?? []).flatMap((task) => (task.interrupts ?? []) as unknown[]));
          if (latest && latest.status !== "success" && paused.length === 0) {
            await interrupted(`the LangGraph server at ${connection.url} ended it as ${latest.status}.`);
            return;
          }
          for (const p of paused) {
            tell({
              type: "interrupt",
              interrupt_id: p.id,
              kind: p.payload.kind,
              payload: p.payload,
              node: p.payload.node,
              agent: p.payload.kind === "approval" ? p.payload.agent : null,
            } as never);
          }
          tell({
            type: "run_end",
            status: paused.length > 0 ? "interrupted" : "completed",
            duration_ms: Math.max(0, deps.now() - run.started),
            node: null,
            agent: null,
          } as never);
          deps.post({ type: "continues", runId, keptThroughSeq: stored.reduce((max, e) => Math.max(max, e.seq), -1) });
          await deps.record(
            { runId, threadId, graphId, input: run.input },
            async function* () {
              yield* untold;
            },
            controller.signal,
          );
        } catch (error) {
          await interrupted(`the LangGraph server at ${connection.url} could not be read (${errorMessage(error)}).`);
        }
      });
    } catch (error) {
      const code = (error as { code?: string } | null)?.code === "THREAD_BUSY" ? "THREAD_BUSY" : "RUN_FAILED";
      deps.post({ type: "failed", runId, code, message: `The interrupted run could not resume: ${errorMessage(error)}` });
    } finally {
      deps.controllers.delete(runId);
    }
  };
}
