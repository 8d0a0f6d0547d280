import { describe, expect, it } from "vitest";
import { collectRun, compileGraph, EngineError, type EngineServices, type RunEvent } from "../index.js";
import { at, flow } from "../testing/documents.js";
import { testServices } from "../../../tests/support/services.js";
import type { GraphDocumentInput } from "../../schema/index.js";
import { Semaphore } from "./semaphore.js";

type NodeInput = GraphDocumentInput["nodes"][number];

function final(events: RunEvent[]): Record<string, unknown> {
  const state = events.find((e) => e.type === "final_state");
  return state?.type === "final_state" ? state.state : {};
}

/** Services whose `slow` tool takes `latency` ms and counts how many calls run at once. */
function countingServices(latency: (args: Record<string, unknown>) => number) {
  const base = testServices();
  const meter = { running: 0, peak: 0, calls: 0, aborted: 0 };
  const services: EngineServices = {
    ...base,
    tools: {
      resolve(definition) {
        return {
          definition,
          async invoke(args, context) {
            meter.calls++;
            meter.running++;
            meter.peak = Math.max(meter.peak, meter.running);
            try {
              await new Promise<void>((resolve) => {
                const onAbort = () => {
                  meter.aborted++;
                  clearTimeout(timer);
                  resolve();
                };
                const timer = setTimeout(() => {
                  context.signal?.removeEventListener("abort", onAbort);
                  resolve();
                }, latency(args));
                context.signal?.addEventListener("abort", onAbort, { once: true });
              });
              return { done: args.label };
            } finally {
              meter.running--;
            }
          },
        };
      },
    },
  };
  return { services, meter };
}

const slowTool = { id: "slow", kind: "mock" as const, name: "slow", config: { default: "ok" } };
const toolNode = (id: string): NodeInput => ({ id, kind: "tool", position: at, data: { name: id, tool: "slow", args: { label: id } } });

/** Start → fan (Parallel) → b1..bn → join (Set state reading every result) → End. */
function fanDoc(branches: number, parallel: Record<string, unknown>): GraphDocumentInput {
  const ids = Array.from({ length: branches }, (_, i) => `b${i + 1}`);
  return {
    version: 1,
    meta: { id: "fan", name: "Fan out" },
    tools: [slowTool],
    state: { channels: [{ name: "seen", type: "number" }] },
    nodes: [
      { id: "start", kind: "start", position: at },
      { id: "fan", kind: "parallel", position: at, data: { name: "fan", ...parallel } },
      ...ids.map(toolNode),
      { id: "join", kind: "set_state", position: at, data: { name: "join", assignments: [{ channel: "seen", expression: "size(results)" }] } },
      { id: "end", kind: "end", position: at },
    ],
    edges: [flow("start", "fan"), ...ids.map((id) => flow("fan", id)), ...ids.map((id) => flow(id, "join")), flow("join", "end")],
  };
}

describe("Parallel node", () => {
  it("runs every branch and the join once, after all of them", async () => {
    const { services, meter } = countingServices((args) => (args.label === "b1" ? 60 : 5));
    const events = await collectRun(compileGraph(fanDoc(3, {}), services), { message: "go" }, { threadId: "fan-all" });
    const state = final(events);
    expect(meter.calls).toBe(3);
    expect(state.seen).toBe(3);
    expect(events.filter((e) => e.type === "node_start" && e.node === "join")).toHaveLength(1);
  });

  it("waits for branches of different lengths before the join runs", async () => {
    const doc = fanDoc(2, {});
    doc.nodes.push(toolNode("b2b"));
    doc.edges = (doc.edges ?? []).filter((e) => e.id !== "b2-join").concat([flow("b2", "b2b"), flow("b2b", "join")]);
    const { services, meter } = countingServices(() => 5);
    const events = await collectRun(compileGraph(doc, services), { message: "go" }, { threadId: "fan-long" });
    expect(meter.calls).toBe(3);
    expect(final(events).seen).toBe(3);
    expect(events.filter((e) => e.type === "node_start" && e.node === "join")).toHaveLength(1);
  });

  it("never runs more than max_concurrency branch nodes at once", async () => {
    const { services, meter } = countingServices(() => 30);
    const events = await collectRun(compileGraph(fanDoc(6, { max_concurrency: 2 }), services), { message: "go" }, { threadId: "fan-bound" });
    expect(meter.calls).toBe(6);
    expect(meter.peak).toBe(2);
    expect(final(events).seen).toBe(6);
  });

  it("runs branches at the same time when the bound allows it", async () => {
    const { services, meter } = countingServices(() => 30);
    await collectRun(compileGraph(fanDoc(4, { max_concurrency: 5 }), services), { message: "go" }, { threadId: "fan-free" });
    expect(meter.peak).toBe(4);
  });

  it("abandons a branch node after timeout_ms, records the timeout and still joins", async () => {
    const { services, meter } = countingServices((args) => (args.label === "b2" ? 5_000 : 5));
    const events = await collectRun(compileGraph(fanDoc(2, { timeout_ms: 50 }), services), { message: "go" }, { threadId: "fan-timeout" });
    const state = final(events);
    expect((state.results as Record<string, unknown>).b2).toEqual({ error: "timed out after 50 ms", timed_out: true });
    expect((state.results as Record<string, unknown>).b1).toEqual({ done: "b1" });
    expect(state.seen).toBe(2);
    expect(meter.aborted).toBe(1);
    expect(events.find((e) => e.type === "branch_timeout")).toMatchObject({ parallel: "fan", branch_node: "b2", timeout_ms: 50 });
  });

  it("joins again on every pass when the Parallel sits inside a Loop", async () => {
    const doc = fanDoc(2, {});
    doc.state = {
      channels: [
        { name: "seen", type: "number" },
        { name: "joins", type: "array", reducer: "append" },
      ],
    };
    doc.nodes.push({ id: "loop", kind: "loop", position: at, data: { name: "loop", condition: "passes < 2", max_loops: 5 } });
    doc.nodes = doc.nodes.map((n): NodeInput =>
      n.id === "join"
        ? { id: "join", kind: "set_state", position: at, data: { name: "join", assignments: [{ channel: "joins", expression: "[size(results)]" }] } }
        : n,
    );
    doc.edges = (doc.edges ?? [])
      .filter((e) => e.id !== "start-fan" && e.id !== "join-end")
      .concat([
        flow("start", "loop"),
        { ...flow("loop", "fan"), source_handle: "body" },
        flow("join", "loop"),
        { ...flow("loop", "end"), source_handle: "exit" },
      ]);
    const { services, meter } = countingServices((args) => (args.label === "b1" ? 20 : 1));
    const events = await collectRun(compileGraph(doc, services), { message: "go" }, { threadId: "fan-loop" });
    expect(meter.calls).toBe(4);
    expect(final(events).joins).toEqual([2, 2]);
    expect(events.filter((e) => e.type === "node_start" && e.node === "join")).toHaveLength(2);
  });

  it("refuses branches that meet through a conditional edge, which could wait forever", () => {
    const doc = fanDoc(2, {});
    doc.conditions = [];
    doc.edges = (doc.edges ?? []).map((e) =>
      e.id === "b1-join" ? { id: e.id, kind: "conditional" as const, source: "b1", target: "join", condition: "true" } : e,
    );
    expect(() => compileGraph(doc, testServices())).toThrow(EngineError);
    expect(() => compileGraph(doc, testServices())).toThrow(/branches of Parallel "fan" meet at "join"/);
  });
});

describe("Semaphore", () => {
  it("serves waiters in order and rejects a waiter whose signal aborts", async () => {
    const semaphore = new Semaphore(1);
    await semaphore.acquire();
    const order: string[] = [];
    const controller = new AbortController();
    const a = semaphore.acquire().then(() => order.push("a"));
    const b = semaphore.acquire(controller.signal).catch(() => order.push("b aborted"));
    controller.abort(new Error("stop"));
    await b;
    semaphore.release();
    await a;
    expect(order).toEqual(["b aborted", "a"]);
    semaphore.release();
    expect(semaphore.idle).toBe(true);
  });
});
