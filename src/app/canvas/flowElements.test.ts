import { describe, expect, it } from "vitest";
import { createEditorStore } from "../store/editorStore";
import { blankDocument } from "../store/nodeFactory";
import { nodeIndexOf, problemsOf } from "../store/selectors";
import { FlowEdgeCache, FlowNodeCache, PROBLEM_CLASS, type Size } from "./flowElements";
import { estimatedBox } from "./nodeBox";

const noSizes: ReadonlyMap<string, Size> = new Map();

function derive(cache: FlowNodeCache, store = createEditorStore(blankDocument("g")), sizes = noSizes) {
  const { document, selection } = store.getState();
  return cache.derive(document, selection.nodes, sizes, problemsOf(document));
}

describe("React Flow nodes derived from the document", () => {
  it("names each node by its display name and marks its kind", () => {
    const nodes = derive(new FlowNodeCache());
    expect(nodes.map((n) => [n.ariaLabel, n.type, n.domAttributes?.["data-kind" as never]])).toEqual([
      ["Start", "start", "start"],
      ["Assistant", "agent", "agent"],
      ["End", "end", "end"],
    ]);
  });

  it("keeps the same object for every node that did not change", () => {
    const store = createEditorStore(blankDocument("g"));
    const cache = new FlowNodeCache();
    const before = derive(cache, store);
    store.getState().moveNodes({ agent: { x: 1, y: 2 } }, { record: false });
    const after = derive(cache, store);
    expect(after[0]).toBe(before[0]);
    expect(after[2]).toBe(before[2]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[1]?.position).toEqual({ x: 1, y: 2 });
  });

  it("draws a dragged node where the drag has it, reusing every other node", () => {
    const store = createEditorStore(blankDocument("g"));
    const cache = new FlowNodeCache();
    const { document, selection } = store.getState();
    const before = cache.derive(document, selection.nodes, noSizes, problemsOf(document));
    const dragged = new Map([["agent", { x: 50, y: 60 }]]);
    const during = cache.derive(document, selection.nodes, noSizes, problemsOf(document), undefined, dragged);
    expect(during[1]?.position).toEqual({ x: 50, y: 60 });
    expect(during[0]).toBe(before[0]);
    expect(during[2]).toBe(before[2]);
    // The drop clears the drag: the node is back at its document position.
    const after = cache.derive(document, selection.nodes, noSizes, problemsOf(document));
    expect(after[1]?.position).toEqual(document.nodes[1]?.position);
  });

  it("returns the same array when nothing changed", () => {
    const store = createEditorStore(blankDocument("g"));
    const cache = new FlowNodeCache();
    const first = derive(cache, store);
    expect(derive(cache, store)).toBe(first);
  });

  it("replaces only the nodes whose selection changed", () => {
    const store = createEditorStore(blankDocument("g"));
    const cache = new FlowNodeCache();
    const before = derive(cache, store);
    store.getState().select({ nodes: ["end"] });
    const after = derive(cache, store);
    expect(after[2]?.selected).toBe(true);
    expect(after[2]).not.toBe(before[2]);
    expect(after[0]).toBe(before[0]);
  });

  it("carries measured sizes so React Flow need not measure a moved node again", () => {
    const cache = new FlowNodeCache();
    const size = { width: 180, height: 70 };
    const nodes = derive(cache, undefined, new Map([["agent", size]]));
    expect(nodes[1]?.measured).toBe(size);
    // Handles declared on a measured node would replace the ones React Flow measured.
    expect(nodes[1]?.handles).toBeUndefined();
    expect(nodes[1]?.initialWidth).toBeUndefined();
  });

  it("gives a node never measured its kind's box and handles, so React Flow can cull it without drawing it", () => {
    const nodes = derive(new FlowNodeCache());
    const agent = nodes[1]!;
    expect(agent.measured).toBeUndefined();
    const box = estimatedBox(blankDocument("g").nodes[1]!);
    expect([agent.initialWidth, agent.initialHeight]).toEqual([box.width, box.height]);
    expect(agent.handles?.map((h) => h.id)).toEqual(["parent", "in", "out", "delegate"]);
    // A fixed size would be written to the node's style; the drawn content decides it instead.
    expect(agent.width).toBeUndefined();
  });

  it("marks nodes with validation problems and describes them", () => {
    const store = createEditorStore(blankDocument("g"));
    store.getState().updateNodeData("agent", { name: "has space" });
    const nodes = derive(new FlowNodeCache(), store);
    const agent = nodes[1];
    expect(agent?.className).toBe(PROBLEM_CLASS.error);
    expect(agent?.domAttributes?.["aria-description"]).toMatch(/start with a letter/);
    expect(nodes[0]?.className).toBeUndefined();
  });

  it("keeps 1,000 unchanged nodes identical when one moves", () => {
    const doc = blankDocument("big");
    const many = {
      ...doc,
      nodes: Array.from({ length: 1000 }, (_, i) => ({ id: `n${i}`, kind: "note" as const, position: { x: i, y: 0 }, data: { text: "" } })),
    };
    const store = createEditorStore(many);
    const cache = new FlowNodeCache();
    const before = derive(cache, store);
    store.getState().moveNodes({ n500: { x: 0, y: 99 } }, { record: false });
    const after = derive(cache, store);
    expect(after.filter((n, i) => n !== before[i]).map((n) => n.id)).toEqual(["n500"]);
  });
});

describe("React Flow nodes of a changing graph", () => {
  it("forgets a removed node (one added back is derived anew) and keeps the others", () => {
    const store = createEditorStore(blankDocument("g"));
    const cache = new FlowNodeCache();
    const before = derive(cache, store);
    store.getState().removeElements({ nodes: ["end"] });
    expect(derive(cache, store).map((n) => n.id)).toEqual(["start", "agent"]);
    store.temporal.getState().undo();
    const after = derive(cache, store);
    expect(after.map((n) => n.id)).toEqual(["start", "agent", "end"]);
    expect(after[0]).toBe(before[0]);
    expect(after[2]).not.toBe(before[2]);
  });
});

describe("React Flow edges derived from the document", () => {
  function deriveEdges(cache: FlowEdgeCache, store: ReturnType<typeof createEditorStore>) {
    const { document, selection } = store.getState();
    return cache.derive(document, selection.edges, nodeIndexOf(document));
  }

  it("draws each edge kind with its own type, handles and label", () => {
    const store = createEditorStore(blankDocument("g"));
    const child = store.getState().addNode("agent", { x: 0, y: 300 });
    store.getState().connect({ source: "agent", target: child, kind: "delegation" });
    store.getState().setEdgeKind("e_agent_end", "conditional");
    const edges = deriveEdges(new FlowEdgeCache(), store);
    expect(edges.map((e) => [e.type, e.sourceHandle, e.targetHandle, e.ariaLabel])).toEqual([
      ["flow", "out", "in", "Flow edge from Start to Assistant"],
      ["conditional", "out", "in", "Conditional edge from Assistant to End"],
      ["delegation", "delegate", "parent", "Delegation edge from Assistant to Agent"],
    ]);
    expect(edges[1]?.data).toEqual({ condition: "true" });
  });

  it("keeps unchanged edges and relabels the edges of a renamed node", () => {
    const store = createEditorStore(blankDocument("g"));
    const cache = new FlowEdgeCache();
    const before = deriveEdges(cache, store);
    store.getState().updateNodeData("end", { name: "Finish" });
    const after = deriveEdges(cache, store);
    expect(after[0]).toBe(before[0]);
    expect(after[1]?.ariaLabel).toBe("Flow edge from Assistant to Finish");
  });
});
