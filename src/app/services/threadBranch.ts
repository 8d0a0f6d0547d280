/**
 * Branching a thread (fork from a checkpoint, replay a run): which recorded events the
 * new thread starts with, and those events moved to the new thread under new run ids.
 */
import type { RunEvent } from "../../engine/index.js";
import type { RunStore } from "../../persistence/workspace/index.js";

/**
 * The events that led to a checkpoint: every event before the one that saved it, and that
 * one. Empty when the checkpoint is not in the events.
 * @example eventsUntilCheckpoint(events, "1f0…") // […, { type: "checkpoint_saved", checkpoint_id: "1f0…" }]
 */
export function eventsUntilCheckpoint(events: readonly RunEvent[], checkpointId: string): RunEvent[] {
  const at = events.findIndex((e) => e.checkpoint_id === checkpointId);
  return at < 0 ? [] : events.slice(0, at + 1);
}

/**
 * What a fork from a pause starts with: every event up to the end of the paused run (so the
 * new thread shows the pause again), and when the pause was answered here, if it was (the
 * next event's time).
 * @example eventsUntilPause(events, interruptEvent) // { history: […, run_end interrupted], answeredAt: null }
 */
export function eventsUntilPause(events: readonly RunEvent[], pause: RunEvent): { history: RunEvent[]; answeredAt: number | null } {
  const end = events.findIndex((e) => e.run_id === pause.run_id && e.type === "run_end");
  if (end < 0) return { history: events.slice(), answeredAt: null };
  return { history: events.slice(0, end + 1), answeredAt: events[end + 1]?.ts ?? null };
}

/** The runs of a thread in the order their events appear. */
export function runOrder(events: readonly RunEvent[]): string[] {
  const seen = new Set<string>();
  const order: string[] = [];
  for (const e of events) {
    if (seen.has(e.run_id)) continue;
    seen.add(e.run_id);
    order.push(e.run_id);
  }
  return order;
}

/** What replaying a run starts from: the earlier runs' events and the checkpoint they ended at. */
export function replayBase(events: readonly RunEvent[], runId: string): { before: RunEvent[]; checkpointId: string | null; run: RunEvent[] } {
  const order = runOrder(events);
  const position = order.indexOf(runId);
  const earlier = new Set(order.slice(0, Math.max(0, position)));
  const before = events.filter((e) => earlier.has(e.run_id));
  let checkpointId: string | null = null;
  for (let i = before.length - 1; i >= 0 && checkpointId === null; i--) checkpointId = (before[i] as RunEvent).checkpoint_id;
  return { before, checkpointId, run: events.filter((e) => e.run_id === runId) };
}

/**
 * Events copied into another thread: new thread and run ids (so they never collide with
 * the originals), the call tree kept. Their checkpoints stay with the source thread, so
 * the copies carry none.
 * @example rebaseEvents(events, "t2", (old) => `${old}-fork`)
 */
export function rebaseEvents(events: readonly RunEvent[], threadId: string, newRunId: (oldRunId: string) => string): RunEvent[] {
  const ids = new Map<string, string>();
  const mapRun = (id: string) => {
    let mapped = ids.get(id);
    if (!mapped) {
      mapped = newRunId(id);
      ids.set(id, mapped);
    }
    return mapped;
  };
  return events.map((event) => {
    const run = mapRun(event.run_id);
    const swap = (call: string) => (call === event.run_id ? run : call);
    return {
      ...event,
      id: `${run}:${event.seq}`,
      run_id: run,
      thread_id: threadId,
      call_id: swap(event.call_id),
      parent_call_id: event.parent_call_id === null ? null : swap(event.parent_call_id),
      root_call_id: swap(event.root_call_id),
      checkpoint_id: null,
    };
  });
}

/**
 * Stores recorded events in a thread as finished runs, in their order (a run cut short by
 * the branch point is recorded as cancelled).
 * @example await copyRuns(workspace.runs, { threadId: "t2", graphId: "g", events, newRunId: () => id("run"), now: Date.now() })
 */
export async function copyRuns(
  runs: Pick<RunStore, "start" | "appendEvents" | "finish">,
  options: { threadId: string; graphId: string; events: readonly RunEvent[]; newRunId: () => string; now: number },
): Promise<void> {
  const copies = rebaseEvents(options.events, options.threadId, options.newRunId);
  const byRun = new Map<string, RunEvent[]>();
  for (const e of copies) {
    const list = byRun.get(e.run_id);
    if (list) list.push(e);
    else byRun.set(e.run_id, [e]);
  }
  // Runs are ordered by their start time: keep the copies in the order of the originals.
  let started = options.now - byRun.size;
  for (const [runId, runEvents] of byRun) {
    const first = runEvents[0] as RunEvent;
    const last = runEvents[runEvents.length - 1] as RunEvent;
    await runs.start({
      id: runId,
      threadId: options.threadId,
      graphId: options.graphId,
      input: first.type === "run_start" ? first.input : "",
      started: started++,
    });
    await runs.appendEvents(runEvents);
    await runs.finish(runId, { status: last.type === "run_end" ? last.status : "cancelled", ended: last.ts });
  }
}
