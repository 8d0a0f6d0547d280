/** Run events for tests: one event of a run's root call, its call-tree fields filled in. */
import type { EventBase, RunEvent, RunEventBody } from "../events.js";

/** Where an event sits; by default `seq` (and `ts` = `seq`) in the run's root call. */
export interface RootEventAt extends Partial<Omit<EventBase, "id" | "run_id" | "thread_id" | "root_call_id">> {
  seq: number;
}

/** Event `at.seq` of run `runId` on thread `threadId`, at the run's root call unless `at` says otherwise. */
export function rootEvent(runId: string, threadId: string, at: RootEventAt, body: RunEventBody): RunEvent {
  return {
    id: `${runId}:${at.seq}`,
    ts: at.seq,
    run_id: runId,
    thread_id: threadId,
    call_id: runId,
    parent_call_id: null,
    root_call_id: runId,
    depth: 0,
    agent: null,
    node: null,
    checkpoint_id: null,
    ...at,
    ...body,
  } as RunEvent;
}
