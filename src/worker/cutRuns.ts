/**
 * The worker's side of resuming a cut run (see runResume.ts): under the thread's lock, read
 * the run, plan, then continue it from its checkpoint through the run recorder, or close it as
 * interrupted. Another tab holding the lock answers THREAD_BUSY: that tab has the thread.
 */
import type { BaseCheckpointSaver } from "@langchain/langgraph/web";
import { runGraph, toldBy, type CompiledDocument, type RunInput } from "../engine/index.js";
import type { RunStore } from "../persistence/workspace/index.js";
import type { ResumeRunRequest, FromWorker, ThreadLock } from "./protocol";
import type { RecordRun } from "./runRecorder";
import { planResume, recordInterrupted, type CheckpointProbe } from "./runResume";
import { errorMessage } from "../schema/errorMessage.js";

export interface CutRunDeps {
  runs: Pick<RunStore, "get" | "events" | "appendEvents" | "finish" | "deleteEventsAfter">;
  checkpointer: BaseCheckpointSaver;
  withThreadLock: ThreadLock;
  post(message: FromWorker): void;
  now(): number;
  /** Compiles the stored graph (the run's document is not kept), or throws why it cannot. */
  compileStored(graphId: string): Promise<CompiledDocument>;
  record: RecordRun;
  /** The host's abort controllers by run id, so Stop works on a resumed run too. */
  controllers: Map<string, AbortController>;
}

function probeOf(checkpointer: BaseCheckpointSaver, threadId: string): CheckpointProbe {
  const root = { configurable: { thread_id: threadId, checkpoint_ns: "" } };
  return {
    async has(checkpointId) {
      return (await checkpointer.getTuple({ configurable: { ...root.configurable, checkpoint_id: checkpointId } })) !== undefined;
    },
    async firstSince(since) {
      let first: string | null = null;
      // Newest first: the run's checkpoints come before the thread's older ones.
      for await (const tuple of checkpointer.list(root)) {
        if (Date.parse(tuple.checkpoint.ts) < since) break;
        first = (tuple.config.configurable?.checkpoint_id as string | undefined) ?? first;
      }
      return first;
    },
  };
}

/**
 * @example
 * const resumeCut = createCutRunResumer({ runs, checkpointer, withThreadLock, post, now, compileStored, record, controllers });
 * await resumeCut({ type: "resume_run", runId, threadId, graphId });
 */
export function createCutRunResumer(deps: CutRunDeps): (request: ResumeRunRequest) => Promise<void> {
  const { runs, post } = deps;
  return async ({ runId, threadId, graphId }) => {
    const controller = new AbortController();
    deps.controllers.set(runId, controller);
    try {
      await deps.withThreadLock(threadId, async () => {
        const run = await runs.get(runId);
        if (!run || run.status !== "running") {
          post({ type: "failed", runId, code: "NOT_RUNNING", message: "The run already ended." });
          return;
        }
        let compiled: CompiledDocument;
        try {
          compiled = await deps.compileStored(graphId);
        } catch (error) {
          const events = await recordInterrupted(runs, run, `the graph could not be prepared to run (${errorMessage(error)}).`, deps.now());
          post({ type: "events", runId, events });
          post({ type: "done", runId, status: "cancelled", error: null });
          return;
        }
        const stored = await runs.events(runId);
        const plan = await planResume(run, stored, probeOf(deps.checkpointer, threadId));
        if (plan.kind === "interrupted") {
          const events = await recordInterrupted(runs, run, plan.reason, deps.now());
          post({ type: "events", runId, events });
          post({ type: "done", runId, status: "cancelled", error: null });
          return;
        }
        // What comes after the checkpoint is done again; a fresh start says run_start again.
        const keep = plan.kind === "continue" ? plan.keepThroughSeq : 0;
        await runs.deleteEventsAfter(runId, keep);
        post({ type: "continues", runId, keptThroughSeq: keep });
        // What the kept events tell is not told again; what the checkpoint holds beyond them is.
        const told = stored.flatMap((e) => (e.seq <= keep ? (toldBy(e) ?? []) : []));
        const input: RunInput =
          plan.kind === "continue" ? { message: run.input, continueFrom: { checkpoint_id: plan.checkpointId, told } } : { message: run.input };
        // New events take seq numbers after every stored one: a page that already read the cut events
        // (ids `run:seq`) would drop new events that reused their ids as already shown.
        const firstSeq = plan.kind === "continue" ? stored.reduce((max, e) => Math.max(max, e.seq), keep) + 1 : 0;
        await deps.record(
          { runId, threadId, graphId, input: run.input },
          (signal) => runGraph(compiled, input, { threadId, runId, signal, firstSeq }),
          controller.signal,
        );
      });
    } catch (error) {
      const code = (error as { code?: string } | null)?.code === "THREAD_BUSY" ? "THREAD_BUSY" : "RUN_FAILED";
      post({ type: "failed", runId, code, message: `The interrupted run could not resume: ${errorMessage(error)}` });
    } finally {
      deps.controllers.delete(runId);
    }
  };
}
