import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { asGraphId, asRunId, asThreadId, assertValid, type GraphDocumentInput } from "../schema/index.js";
import { openTestHost } from "./testing/openTestHost";

const at = { x: 0, y: 0 };
const graph = (id: string, node: GraphDocumentInput["nodes"][number]): GraphDocumentInput => ({
  version: 1,
  meta: { id, name: id },
  models: [{ id: "scripted", provider: "scripted", model: "scripted" }],
  nodes: [{ id: "start", kind: "start", position: at }, node, { id: "end", kind: "end", position: at }],
  edges: [
    { id: "e1", kind: "flow", source: "start", target: node.id },
    { id: "e2", kind: "flow", source: node.id, target: "end" },
  ],
});

describe("engine host with Subgraph nodes", () => {
  it("runs a graph saved in the workspace as a subgraph and reports its reply", async () => {
    const { host, ws, posts } = openTestHost("engine-host-subgraph", {
      with: ({ ws }) => ({ loadDocument: async (id) => (await ws.graphs.get(id))?.document }),
    });
    const child = assertValid(
      graph("faq", { id: "n", kind: "llm", position: at, data: { name: "faq", model: "scripted", script: { rules: [{ reply: "FAQ: {{ input }}" }] } } }),
    );
    const parent = assertValid(graph("desk", { id: "n", kind: "subgraph", position: at, data: { name: "ask", graph: "faq", input: "Q {{ input }}" } }));
    await ws.graphs.save(child);
    await host.handle({ type: "run", runId: asRunId("run_sub"), threadId: asThreadId("t1"), graphId: asGraphId("desk"), document: parent, message: "hours?" });
    const events = posts.flatMap((m) => (m.type === "events" ? m.events : []));
    expect(events.filter((e) => e.type === "error")).toEqual([]);
    expect(events.find((e) => e.type === "ai_message")).toMatchObject({ node: "ask", content: "FAQ: Q hours?" });

    await host.handle({
      type: "run",
      runId: asRunId("run_missing"),
      threadId: asThreadId("t2"),
      graphId: asGraphId("desk"),
      document: assertValid(graph("desk", { id: "n", kind: "subgraph", position: at, data: { name: "ask", graph: "gone" } })),
      message: "x",
    });
    const failure = posts.flatMap((m) => (m.type === "events" && m.runId === "run_missing" ? m.events : [])).find((e) => e.type === "error");
    expect(failure).toMatchObject({ code: "SUBGRAPH_NOT_FOUND" });
  });
});
