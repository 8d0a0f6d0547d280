/**
 * Records one run of a thread: closes runs a closed tab left running, persists the run and
 * its events, posts the events in batches and reports how the run ended. The caller holds
 * the thread's lock.
 */
import type { RunEvent } from "../engine/index.js";
import type { RunRecord, RunStore } from "../persistence/workspace/index.js";
import type { RecordedRun } from "./backgroundRuns";
import { createIntervalBatcher, systemTimer, type Timer } from "./eventBatcher";
import { BACKGROUND_RUN_PREFIX, type FromWorker } from "./protocol";
import { recordInterrupted } from "./runResume";
import { errorMessage } from "../schema/errorMessage.js";

export interface RunRecorderOptions {
  runs: Pick<RunStore, "startTurn" | "finish" | "appendEvents" | "events">;
  post(message: FromWorker): void;
  /** Milliseconds since the epoch, for run records. */
  now(): number;
  timer?: Timer;
  /** Posting interval for event batches. */
  batchMs?: number;
}

/** Records a run from its event source; `onEvent` sees every event as it comes. */
export type RecordRun = (
  meta: RecordedRun,
  source: (signal: AbortSignal) => AsyncIterable<RunEvent>,
  signal: AbortSignal,
  onEvent?: (event: RunEvent) => void,
) => Promise<void>;

/**
 * @example
 * const record = createRunRecorder({ runs: ws.runs, post, now: Date.now });
 * await withThreadLock(threadId, () => record({ runId, threadId, graphId, input }, (signal) => runGraph(...), signal));
 */
export function createRunRecorder(options: RunRecorderOptions): RecordRun {
  const { runs, post, now } = options;
  const timer = options.timer ?? systemTimer;

  /**
   * Runs of this thread still marked running were cut off (their tab closed mid-run) and not
   * resumed: we hold the thread's lock, so nobody else is running them, and continuing one now
   * would rewind the thread past this turn. Each is closed as cancelled, and a turn the person
   * sent says on the thread that it was interrupted, with Retry.
   */
  async function closeInterruptedRuns(unfinished: readonly RunRecord[]): Promise<void> {
    for (const run of unfinished) {
      if (run.id.startsWith(BACKGROUND_RUN_PREFIX))
        await runs.finish(run.id, { status: "cancelled", ended: now(), error: "Interrupted: the page was closed during the run" });
      else await recordInterrupted(runs, run, "a later message of this thread was sent before it could continue.", now());
    }
  }

  return async (meta, source, signal, onEvent) => {
    const { runId, threadId } = meta;
    // Two transactions at once, not one after the other: the other runs are closed as this one is recorded.
    await closeInterruptedRuns(await runs.startTurn({ id: runId, threadId, graphId: meta.graphId, input: meta.input, started: now() }));
    let saving: Promise<void> = Promise.resolve();
    let saveError: string | null = null;
    const batcher = createIntervalBatcher<RunEvent>(
      (events) => {
        post({ type: "events", runId, events });
        // One transaction per post, in order; the first failure is reported with the run.
        saving = saving.then(() =>
          runs.appendEvents(events).catch((error: unknown) => {
            saveError ??= `Saving the run's events failed: ${errorMessage(error)}`;
          }),
        );
      },
      options.batchMs ?? 16,
      timer,
    );
    let status: "completed" | "cancelled" | "error" | "interrupted" = "error";
    let runError: string | null = null;
    /** Replies whose first text went out: that one is posted at once, not with the next batch. */
    const started = new Set<string>();
    try {
      for await (const event of source(signal)) {
        batcher.push(event);
        // A reply's first text is what a person waits for: it does not wait out the batch interval
        // that the run's first events (run_start, the node, the message) began.
        if (event.type === "message_delta" && !started.has(event.message_id)) {
          started.add(event.message_id);
          batcher.flush();
        }
        onEvent?.(event);
        if (event.type === "error") runError ??= event.message;
        if (event.type === "run_end") status = event.status;
      }
    } finally {
      batcher.close();
      await saving;
    }
    if (saveError && status !== "cancelled") {
      status = "error";
      runError ??= saveError;
    }
    await runs.finish(runId, { status, ended: now(), ...(runError ? { error: runError } : {}) });
    post({ type: "done", runId, status, error: status === "error" ? (runError ?? saveError ?? "The run failed") : null });
  };
}
