// A final state is stored without the messages its checkpoint holds, so a thread's stored events
// grow with its length, not with its square; every other event is stored as it is.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, expect, it } from "vitest";
import type { RunEvent } from "../../engine/index.js";
import { Database } from "../db.js";
import { createWorkspace, type Workspace } from "./index.js";

let ws: Workspace;

beforeEach(() => {
  ws = createWorkspace(new Database({ name: "stored-events", indexedDB: new IDBFactory() }));
});

const base = (runId: string, seq: number) => ({
  id: `${runId}:${seq}`,
  seq,
  ts: seq,
  run_id: runId,
  thread_id: "t-1",
  call_id: runId,
  parent_call_id: null,
  root_call_id: runId,
  depth: 0,
  agent: null,
  node: null,
  checkpoint_id: `cp-${runId}`,
});

/** Turn `n`'s final state: the thread's 2n messages so far, and a channel of the graph's own. */
function finalState(n: number): RunEvent {
  const messages = Array.from({ length: 2 * n }, (_, i) => ({ id: `m${i}`, role: i % 2 ? "ai" : "human", content: `message ${i}` }));
  return { ...base(`run-${n}`, 1), type: "final_state", state: { messages, topic: "weather" } };
}

it("stores a final state with its other channels and the count of its messages, and other events unchanged", async () => {
  const start: RunEvent = { ...base("run-3", 0), type: "run_start", input: "hello" };
  await ws.runs.appendEvents([start, finalState(3)]);
  const [storedStart, storedFinal] = await ws.runs.events("run-3");
  expect(storedStart).toEqual(start);
  expect(storedFinal).toEqual({ ...finalState(3), state: { topic: "weather" }, message_count: 6 });
});

it("keeps a thread's stored final states the same size at every turn", async () => {
  for (let n = 1; n <= 40; n++) await ws.runs.appendEvents([finalState(n)]);
  const sizes = (await ws.runs.threadEvents("t-1")).map((event) => JSON.stringify(event).length);
  expect(sizes).toHaveLength(40);
  // Only the ids' and the count's digits differ; stored whole, the 40th would hold 40 times the first's messages.
  expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(10);
});
