import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { collectRun, compileGraph, type RunEvent } from "../../engine/index.js";
import { assertValid, type GraphDocument, type GraphDocumentInput } from "../../schema/index.js";
import { testServices } from "../../../tests/support/services.js";
import { eventBuilder } from "../timeline/eventFixtures";
import { createRunOverlayDeriver, overlayGraph, RunOverlayFold, type RunOverlay } from "./runOverlay";

const at = { x: 0, y: 0 };
const sageLoop = (): GraphDocument => assertValid(JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../../examples/sage-loop.json"), "utf8")));

function overlayOf(document: GraphDocument, events: readonly RunEvent[]): RunOverlay {
  const fold = new RunOverlayFold(overlayGraph(document));
  fold.apply(events);
  return fold.snapshot();
}

const statuses = (overlay: RunOverlay) => Object.fromEntries(Object.entries(overlay.nodes).map(([id, run]) => [id, run.status]));
const visits = (overlay: RunOverlay) => Object.fromEntries(Object.entries(overlay.nodes).map(([id, run]) => [id, run.visits]));

/** Start → Fail (a Set state whose CEL expression fails at run time) → End. */
function failingDoc(): GraphDocumentInput {
  return {
    version: 1,
    meta: { id: "failing", name: "Failing" },
    state: { channels: [{ name: "n", type: "number", reducer: "replace", default: 0 }] },
    nodes: [
      { id: "start", kind: "start", position: at },
      { id: "fail", kind: "set_state", position: at, data: { name: "Fail", assignments: [{ channel: "n", expression: "1 / 0" }] } },
      { id: "end", kind: "end", position: at },
    ],
    edges: [
      { id: "e1", kind: "flow", source: "start", target: "fail" },
      { id: "e2", kind: "flow", source: "fail", target: "end" },
    ],
  };
}

/** Start → Approval (approved: Send | rejected: End). */
function approvalDoc(): GraphDocumentInput {
  return {
    version: 1,
    meta: { id: "approval", name: "Approval" },
    tools: [{ id: "echo", kind: "builtin", name: "echo", config: { builtin: "echo" } }],
    nodes: [
      { id: "start", kind: "start", position: at },
      { id: "gate", kind: "approval", position: at, data: { name: "Gate", message: "Send {{ input }}?" } },
      { id: "send", kind: "tool", position: at, data: { name: "Send", tool: "echo", args: { text: "sent" } } },
      { id: "end", kind: "end", position: at },
    ],
    edges: [
      { id: "e_start", kind: "flow", source: "start", target: "gate" },
      { id: "e_yes", kind: "flow", source: "gate", target: "send", source_handle: "approved" },
      { id: "e_no", kind: "flow", source: "gate", target: "end", source_handle: "rejected" },
      { id: "e_sent", kind: "flow", source: "send", target: "end" },
    ],
  };
}

/** A supervisor that hands a question off to its sub-agent, drawn below it with a delegation edge. */
function teamDoc(): GraphDocumentInput {
  return {
    version: 1,
    meta: { id: "team", name: "Team" },
    models: [{ id: "scripted", provider: "scripted", model: "scripted" }],
    nodes: [
      { id: "start", kind: "start", position: at },
      {
        id: "boss",
        kind: "agent",
        position: at,
        data: {
          name: "Boss",
          model: "scripted",
          script: { rules: [{ match: "math", tool_calls: [{ name: "transfer_to_Maths", args: {} }] }], fallback: "Hello." },
        },
      },
      { id: "maths", kind: "agent", position: at, data: { name: "Maths", model: "scripted", script: { rules: [], fallback: "4" } } },
      { id: "end", kind: "end", position: at },
    ],
    edges: [
      { id: "e1", kind: "flow", source: "start", target: "boss" },
      { id: "e2", kind: "flow", source: "boss", target: "end" },
      { id: "d1", kind: "delegation", source: "boss", target: "maths", mode: "handoff", blocking: true },
    ],
  };
}

describe("run overlay of real runs", () => {
  it("marks the nodes a Sage loop turn visited ok, counts loop passes and lights the edges taken", async () => {
    const document = sageLoop();
    const events = await collectRun(compileGraph(document, testServices()), { message: "task: write a haiku" }, { threadId: "t" });
    const overlay = overlayOf(document, events);
    expect(overlay.runId).toBe(events[0]?.run_id);
    expect(statuses(overlay)).toMatchObject({ start: "ok", gate: "ok", begin: "ok", loop: "ok", plan: "ok", summary: "ok", end: "ok", greet: "skipped" });
    expect(visits(overlay).greet).toBe(0);
    expect(visits(overlay).gate).toBe(1);
    // Each pass enters the Loop once more than it runs the body: the exit is the last visit.
    expect(visits(overlay).loop).toBe((visits(overlay).plan ?? 0) + 1);
    expect(overlay.nodes.note).toBeUndefined();
    const taken = (source: string, target: string) =>
      document.edges.filter((e) => e.source === source && e.target === target).every((e) => overlay.edges[e.id]);
    expect(taken("start", "gate") && taken("gate", "begin") && taken("loop", "plan") && taken("record", "loop") && taken("summary", "end")).toBe(true);
    expect(taken("gate", "greet")).toBe(false);
    expect(document.edges.filter((e) => e.source === "gate" && e.target === "greet").some((e) => overlay.edges[e.id])).toBe(false);
  });

  it("gives a finished node its last visit's duration and points its badge at its last event", async () => {
    let now = 1_000;
    const document = assertValid(approvalDoc());
    const events = await collectRun(compileGraph(document, testServices({ clock: () => (now += 5) })), { message: "the report" }, { threadId: "t" });
    const overlay = overlayOf(document, events);
    const start = overlayOf(document, events.slice(0, events.findIndex((e) => e.type === "node_start") + 1));
    expect(start.nodes.gate).toMatchObject({ status: "running", visits: 1, durationMs: null });
    const pause = events.find((e) => e.type === "interrupt");
    expect(overlay.nodes.gate).toMatchObject({ status: "paused", visits: 1, eventId: pause?.id });
    const end = events.find((e) => e.type === "node_end" && e.node === "Gate");
    expect(end?.type === "node_end" && overlay.nodes.gate?.durationMs === end.duration_ms).toBe(true);
    expect(overlay.nodes.send).toBeUndefined();
  });

  it("continues a paused turn when its answer runs: the paused node is one visit, then the rest lights up", async () => {
    const document = assertValid(approvalDoc());
    const compiled = compileGraph(document, testServices());
    const first = await collectRun(compiled, { message: "the report" }, { threadId: "t" });
    const second = await collectRun(compiled, { message: "Approve", resume: { value: { decision: "approve" } } }, { threadId: "t" });
    const overlay = overlayOf(document, [...first, ...second]);
    expect(overlay.runId).toBe(second[0]?.run_id);
    expect(statuses(overlay)).toEqual({ start: "ok", gate: "ok", send: "ok", end: "ok" });
    expect(visits(overlay).gate).toBe(1);
    expect(overlay.edges).toEqual({ e_start: true, e_yes: true, e_sent: true });
  });

  it("marks a node whose run fails as error with the failure", async () => {
    const document = assertValid(failingDoc());
    const events = await collectRun(compileGraph(document, testServices()), { message: "go" }, { threadId: "t" });
    const overlay = overlayOf(document, events);
    expect(overlay.nodes.fail?.status).toBe("error");
    expect(overlay.nodes.end).toBeUndefined();
    expect(overlay.edges).toEqual({ e1: true });
  });

  it("lights a sub-agent drawn on the canvas and its delegation edge from its agent events", async () => {
    const document = assertValid(teamDoc());
    const events = await collectRun(compileGraph(document, testServices()), { message: "some math please" }, { threadId: "t" });
    const overlay = overlayOf(document, events);
    expect(overlay.nodes.maths).toMatchObject({ status: "ok", visits: 1 });
    expect(overlay.nodes.boss?.status).toBe("ok");
    expect(overlay.edges.d1).toBe(true);
  });
});

describe("run overlay of recorded events", () => {
  const document = assertValid(approvalDoc());
  const gate = { call_id: "c_gate", parent_call_id: "r1", depth: 1, node: "Gate" };

  it("marks a node running while its visit is open, and the visit cut by an error as error", () => {
    const e = eventBuilder("r1", "t");
    const events = [e({ type: "run_start", input: "hi" }), e({ type: "node_start" }, gate)];
    expect(overlayOf(document, events).nodes.gate?.status).toBe("running");
    const failed = [...events, e({ type: "error", code: "RUN_FAILED", message: "boom" }), e({ type: "run_end", status: "error", duration_ms: 3 })];
    expect(overlayOf(document, failed).nodes.gate).toMatchObject({ status: "error", eventId: "r1:2" });
  });

  it("marks the node a stopped run was in as skipped", () => {
    const e = eventBuilder("r1", "t");
    const events = [e({ type: "run_start", input: "hi" }), e({ type: "node_start" }, gate), e({ type: "run_end", status: "cancelled", duration_ms: 3 })];
    expect(overlayOf(document, events).nodes.gate?.status).toBe("skipped");
  });

  it("starts afresh when the next run starts", () => {
    const e1 = eventBuilder("r1", "t");
    const e2 = eventBuilder("r2", "t", 5_000);
    const events = [
      e1({ type: "run_start", input: "hi" }),
      e1({ type: "node_start" }, gate),
      e1({ type: "node_end", duration_ms: 4 }, gate),
      e1({ type: "run_end", status: "completed", duration_ms: 9 }),
      e2({ type: "run_start", input: "again" }),
    ];
    const overlay = overlayOf(document, events);
    expect(overlay.runId).toBe("r2");
    expect(overlay.nodes).toEqual({});
    expect(overlay.edges).toEqual({});
  });

  it("keeps the objects of unchanged entries and of an unchanged overlay, so subscribers stay still", () => {
    const e = eventBuilder("r1", "t");
    const derive = createRunOverlayDeriver();
    const graph = overlayGraph(document);
    const sendCall = { call_id: "c_send", parent_call_id: "r1", depth: 1, node: "Send" };
    let events = [e({ type: "run_start", input: "hi" }), e({ type: "node_start" }, gate), e({ type: "node_end", duration_ms: 4 }, gate)];
    const first = derive(events, graph);
    events = [...events, e({ type: "checkpoint_saved", step: 1 })];
    expect(derive(events, graph)).toBe(first);
    events = [...events, e({ type: "node_start" }, sendCall)];
    const second = derive(events, graph);
    expect(second).not.toBe(first);
    expect(second.nodes.gate).toBe(first.nodes.gate);
    expect(second.nodes.send?.status).toBe("running");
    expect(second.edges).toEqual({ e_start: true, e_yes: true });
  });

  it("counts every visit of a node and keeps the last visit's duration", () => {
    const e = eventBuilder("r1", "t");
    const events = [
      e({ type: "run_start", input: "hi" }),
      e({ type: "node_start" }, gate),
      e({ type: "node_end", duration_ms: 4 }, gate),
      e({ type: "node_start" }, { ...gate, call_id: "c_gate2" }),
      e({ type: "node_end", duration_ms: 7 }, { ...gate, call_id: "c_gate2" }),
    ];
    expect(overlayOf(document, events).nodes.gate).toMatchObject({ status: "ok", visits: 2, durationMs: 7, eventId: "r1:4" });
  });
});
