import { describe, expect, it } from "vitest";
import type { GraphDocument, GraphNode } from "../../schema/index.js";
import { createEditorStore } from "../store/editorStore";
import { blankDocument } from "../store/nodeFactory";
import { nodeIndexOf } from "../store/selectors";
import { branchHandles, edgeSourceHandle, flowSourceHandle } from "./branchHandles";
import { FlowEdgeCache } from "./flowElements";
import { connectFromFlow } from "./flowChanges";

const ifNode: GraphNode = { id: "check", kind: "if", position: { x: 0, y: 0 }, data: { name: "Check", condition: "state.ok", description: "" } };
const switchNode: GraphNode = {
  id: "mode",
  kind: "switch",
  position: { x: 0, y: 0 },
  data: {
    name: "Mode",
    variable: "state.mode",
    cases: [
      { id: "fast", value: "fast" },
      { id: "slow", label: "Slow path", value: "slow" },
    ],
    description: "",
  },
};
const agent = blankDocument("g").nodes[1] as GraphNode;

function withNodes(...extra: GraphNode[]): GraphDocument {
  const doc = blankDocument("g");
  return { ...doc, nodes: [...doc.nodes, ...extra] };
}

describe("branch handles", () => {
  it("draws one handle per branch of a branching node, and none for plain kinds", () => {
    expect(branchHandles(ifNode)).toEqual([
      { id: "true", label: "True" },
      { id: "false", label: "False" },
    ]);
    expect(branchHandles(switchNode)?.map((h) => h.label)).toEqual(["fast", "Slow path", "Default"]);
    expect(branchHandles(agent)).toBeNull();
  });

  it("starts an edge at the handle its source_handle names", () => {
    expect(flowSourceHandle({ source_handle: "false" }, ifNode)).toBe("false");
    expect(flowSourceHandle({ source_handle: "default" }, switchNode)).toBe("default");
  });

  it("starts an edge of a plain node at its single output, whatever it stores", () => {
    expect(flowSourceHandle({}, agent)).toBe("out");
    expect(flowSourceHandle({ source_handle: "true" }, agent)).toBe("out");
  });

  it("draws an edge whose branch no longer exists from the first branch, so it stays visible", () => {
    expect(flowSourceHandle({ source_handle: "gone" }, switchNode)).toBe("fast");
    expect(flowSourceHandle({}, ifNode)).toBe("true");
  });

  it("stores the branch of a connection drawn from a branch handle, and nothing for plain outputs", () => {
    expect(edgeSourceHandle("false", ifNode)).toBe("false");
    expect(edgeSourceHandle("out", agent)).toBeUndefined();
    expect(edgeSourceHandle("delegate", agent)).toBeUndefined();
    expect(edgeSourceHandle("nope", ifNode)).toBeUndefined();
    expect(edgeSourceHandle(null, ifNode)).toBeUndefined();
  });
});

describe("connecting from a branch", () => {
  it("creates an edge carrying the branch, and lets both branches reach the same node", () => {
    const store = createEditorStore(withNodes(ifNode));
    const trueEdge = connectFromFlow(store, { source: "check", target: "end", sourceHandle: "true", targetHandle: "in" });
    const falseEdge = connectFromFlow(store, { source: "check", target: "end", sourceHandle: "false", targetHandle: "in" });
    expect(trueEdge).not.toBeNull();
    expect(falseEdge).not.toBeNull();
    const edges = store.getState().document.edges.filter((e) => e.source === "check");
    expect(edges.map((e) => e.source_handle).sort()).toEqual(["false", "true"]);
    expect(connectFromFlow(store, { source: "check", target: "end", sourceHandle: "true", targetHandle: "in" })).toBeNull();
  });

  it("draws stored branches back onto their handles", () => {
    const doc = withNodes(ifNode);
    const edges: GraphDocument["edges"] = [
      { id: "t", kind: "flow", source: "check", target: "agent", source_handle: "true" },
      { id: "f", kind: "flow", source: "check", target: "end", source_handle: "false" },
      { id: "plain", kind: "flow", source: "start", target: "check" },
    ];
    const full = { ...doc, edges };
    const flow = new FlowEdgeCache().derive(full, [], nodeIndexOf(full));
    expect(flow.map((e) => [e.id, e.sourceHandle, e.targetHandle])).toEqual([
      ["t", "true", "in"],
      ["f", "false", "in"],
      ["plain", "out", "in"],
    ]);
  });

  it("moves an edge to another handle when its branch disappears, even though the edge did not change", () => {
    const edges: GraphDocument["edges"] = [{ id: "slow", kind: "flow", source: "mode", target: "end", source_handle: "slow" }];
    const before = { ...withNodes(switchNode), edges };
    const cache = new FlowEdgeCache();
    expect(cache.derive(before, [], nodeIndexOf(before))[0]?.sourceHandle).toBe("slow");
    const fewer = { ...switchNode, data: { ...switchNode.data, cases: [{ id: "fast", value: "fast" }] } } as GraphNode;
    const after = { ...before, nodes: before.nodes.map((n) => (n.id === "mode" ? fewer : n)) };
    expect(cache.derive(after, [], nodeIndexOf(after))[0]?.sourceHandle).toBe("fast");
  });
});
