import { describe, expect, it } from "vitest";
import type { RunEvent } from "../engine/index.js";
import type { Timer } from "./eventBatcher";
import type { FromWorker } from "./protocol";
import { createRunRecorder, type RunRecorderOptions } from "./runRecorder";

/** A clock that never fires on its own: only events the recorder flushes at once are posted. */
const stoppedClock: Timer = { now: () => 0, set: () => ({}), clear: () => undefined };

/** Only the fields the recorder reads. */
const event = (fields: Record<string, unknown>) => fields as unknown as RunEvent;

const runs: RunRecorderOptions["runs"] = {
  startTurn: async () => [],
  finish: async () => undefined,
  appendEvents: async () => undefined,
  events: async () => [],
} as unknown as RunRecorderOptions["runs"];

describe("the run recorder", () => {
  it("posts a reply's first text at once, ahead of the batch the run's first events began, and the rest with the batch", async () => {
    const posted: FromWorker[] = [];
    const record = createRunRecorder({ runs, post: (message) => posted.push(message), now: () => 1, timer: stoppedClock, batchMs: 16 });
    const seenWhenSecondDelta: number[] = [];
    async function* source(): AsyncGenerator<RunEvent> {
      yield event({ type: "run_start" });
      yield event({ type: "node_start", node: "agent" });
      yield event({ type: "message_delta", message_id: "m1", delta: "Hel" });
      seenWhenSecondDelta.push(posted.length);
      yield event({ type: "message_delta", message_id: "m1", delta: "lo" });
      yield event({ type: "message_delta", message_id: "m2", delta: "Next" });
    }
    const meta = { runId: "r1", threadId: "t1", graphId: "g1", input: "hi" } as unknown as Parameters<typeof record>[0];
    await record(meta, source, new AbortController().signal);
    const batches = posted.filter((m): m is Extract<FromWorker, { type: "events" }> => m.type === "events").map((m) => m.events.map((e) => e.type));
    // The run's first event goes at once (a quiet stream), the first delta flushes what waited with it.
    expect(batches[0]).toEqual(["run_start"]);
    expect(batches[1]).toEqual(["node_start", "message_delta"]);
    expect(seenWhenSecondDelta).toEqual([2]);
    // The second delta of m1 waits for the batch; m2's first delta takes it along at once.
    expect(batches[2]).toEqual(["message_delta", "message_delta"]);
    expect(posted.at(-1)).toMatchObject({ type: "done", runId: "r1" });
  });
});
