/**
 * Foreground runs cut by a reload or a closed tab: when their thread opens again, the worker
 * (holding the thread's lock) continues the run from its last checkpoint, runs it afresh when
 * the graph never saw the message, or — when neither can be done — records on the thread that
 * the turn was interrupted, so the app offers Retry. A turn is never left without an answer
 * and without a word.
 */
import type { RunEvent } from "../engine/index.js";
import type { RunRecord, RunStore } from "../persistence/workspace/index.js";
import { RUN_INTERRUPTED } from "./protocol";

/** What to do with a run found still `running` while nobody holds its thread's lock. */
export type ResumePlan =
  /** Run the steps pending at this checkpoint; events after `keepThroughSeq` are done again. */
  | { kind: "continue"; checkpointId: string; keepThroughSeq: number }
  /** The graph never saw the message (no checkpoint of the run): run the turn from the start. */
  | { kind: "restart" }
  | { kind: "interrupted"; reason: string };

/** What the plan needs to know about the thread's checkpoints. */
export interface CheckpointProbe {
  /** True when this checkpoint of the thread is stored. */
  has(checkpointId: string): Promise<boolean>;
  /** The oldest stored checkpoint written at or after `since` (ms), or null. */
  firstSince(since: number): Promise<string | null>;
}

/**
 * Decides how a cut run resumes: from the last checkpoint its stored events name, else from the
 * first checkpoint it wrote (its input), else afresh when it wrote none.
 * @example
 * const plan = await planResume(run, await runs.events(run.id), probe);
 * if (plan.kind === "continue") runGraph(compiled, { message: run.input, continueFrom: { checkpoint_id: plan.checkpointId } }, options);
 */
export async function planResume(run: Pick<RunRecord, "started">, events: readonly RunEvent[], probe: CheckpointProbe): Promise<ResumePlan> {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i] as RunEvent;
    if (event.type !== "checkpoint_saved" || !event.checkpoint_id) continue;
    // A checkpoint is reported as it is written: the last one may not have reached storage.
    if (await probe.has(event.checkpoint_id)) return { kind: "continue", checkpointId: event.checkpoint_id, keepThroughSeq: event.seq };
  }
  const first = await probe.firstSince(run.started);
  if (first) {
    const start = events.find((e) => e.type === "run_start");
    return { kind: "continue", checkpointId: first, keepThroughSeq: start?.seq ?? -1 };
  }
  return { kind: "restart" };
}

/** The events that close a turn that could not resume: an error saying so, then the run's end. */
export function interruptedEvents(run: Pick<RunRecord, "id" | "thread_id" | "started">, after: readonly RunEvent[], reason: string, now: number): RunEvent[] {
  const seq = after.reduce((max, e) => Math.max(max, e.seq), -1) + 1;
  const base = {
    run_id: run.id,
    thread_id: run.thread_id,
    root_call_id: run.id,
    call_id: run.id,
    parent_call_id: null,
    depth: 0,
    agent: null,
    node: null,
    checkpoint_id: null,
  };
  const message = `This turn was interrupted when the page was reloaded or closed, and could not continue: ${reason} Retry sends the message again.`;
  return [
    { ...base, id: `${run.id}:${seq}`, seq, ts: now, type: "error", code: RUN_INTERRUPTED, message },
    { ...base, id: `${run.id}:${seq + 1}`, seq: seq + 1, ts: now, type: "run_end", status: "cancelled", duration_ms: Math.max(0, now - run.started) },
  ];
}

/** Closes a cut run for good: its thread says it was interrupted and offers Retry. */
export async function recordInterrupted(
  runs: Pick<RunStore, "events" | "appendEvents" | "finish">,
  run: Pick<RunRecord, "id" | "thread_id" | "started">,
  reason: string,
  now: number,
): Promise<RunEvent[]> {
  const events = interruptedEvents(run, await runs.events(run.id), reason, now);
  await runs.appendEvents(events);
  const error = events[0]?.type === "error" ? events[0].message : reason;
  await runs.finish(run.id, { status: "cancelled", ended: now, error });
  return events;
}
