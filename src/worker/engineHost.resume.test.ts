/** The engine host resumes a paused thread: the run records say interrupted, then completed. */
import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import type { RunEvent } from "../engine/index.js";
import type { Workspace } from "../persistence/workspace/index.js";
import { asGraphId, asRunId, asThreadId, assertValid } from "../schema/index.js";
import type { EngineHost } from "./engineHost";
import type { FromWorker, RunRequest } from "./protocol";
import { openTestHost } from "./testing/openTestHost";

const document = assertValid({
  version: 1,
  meta: { id: "hitl", name: "Approval" },
  models: [{ id: "scripted", provider: "scripted", model: "scripted-1" }],
  tools: [{ id: "delete", kind: "mock", name: "delete_task", destructive: true, config: { default: "Deleted task {{ args.id }}" } }],
  nodes: [
    { id: "start", kind: "start", position: { x: 0, y: 0 } },
    {
      id: "a",
      kind: "agent",
      position: { x: 0, y: 100 },
      data: {
        name: "Assistant",
        model: "scripted",
        tools: ["delete"],
        default_tools: [],
        script: {
          rules: [
            { match: "delete", tool_calls: [{ name: "delete_task", args: { id: 7 } }] },
            { on: "tool", reply: "{{ tool_result }}" },
          ],
        },
      },
    },
    { id: "end", kind: "end", position: { x: 0, y: 200 } },
  ],
  edges: [
    { id: "e1", kind: "flow", source: "start", target: "a" },
    { id: "e2", kind: "flow", source: "a", target: "end" },
  ],
});

let ws: Workspace;
let posts: FromWorker[];
let host: EngineHost;

beforeEach(() => {
  ({ host, ws, posts } = openTestHost("engine-host-resume"));
});

const base = { type: "run", threadId: asThreadId("t1"), graphId: asGraphId("hitl"), document } as const;
const eventsOf = (runId: string): RunEvent[] => posts.flatMap((m) => (m.type === "events" && m.runId === runId ? m.events : []));
const doneOf = (runId: string) => posts.find((m) => m.type === "done" && m.runId === runId);

describe("engine host and paused runs", () => {
  it("records a paused run as interrupted and resumes it with the answer", async () => {
    await host.handle({ ...base, runId: asRunId("r1"), message: "delete task 7" } satisfies RunRequest);
    expect(doneOf("r1")).toMatchObject({ status: "interrupted", error: null });
    const pause = eventsOf("r1").find((e) => e.type === "interrupt");
    expect(pause?.type === "interrupt" && pause.payload).toMatchObject({ kind: "approval", tool: "delete_task" });

    await host.handle({
      ...base,
      runId: asRunId("r2"),
      message: "Approved delete_task",
      resume: { interrupt_id: pause?.type === "interrupt" ? pause.interrupt_id : "", value: { decision: "approve" } },
    });
    expect(doneOf("r2")).toMatchObject({ status: "completed" });
    expect(eventsOf("r2").find((e) => e.type === "tool_result")).toMatchObject({ result: "Deleted task 7" });
    const records = await ws.runs.list("t1");
    expect(records.map((r) => [r.id, r.status, r.input])).toEqual(
      expect.arrayContaining([
        ["r1", "interrupted", "delete task 7"],
        ["r2", "completed", "Approved delete_task"],
      ]),
    );
  });
});
