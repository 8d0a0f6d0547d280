import { describe, expect, it } from "vitest";
import { createEditorStore } from "../store/editorStore";
import { blankDocument } from "../store/nodeFactory";
import { applyEdgeChanges, applyNodeChanges, connectionKind, isValidConnection } from "./flowChanges";

describe("React Flow changes applied to the store", () => {
  it("keeps a drag's moves out of the document and records the drop as one undo step", () => {
    const store = createEditorStore(blankDocument("g"));
    const before = store.getState().document;
    for (let x = 0; x < 5; x++) {
      const applied = applyNodeChanges(store, [{ id: "agent", type: "position", position: { x, y: 0 }, dragging: true }]);
      expect(applied.dragged?.get("agent")).toEqual({ x, y: 0 });
      expect(applied.placed).toBe(false);
    }
    expect(store.getState().document).toBe(before);
    const drop = applyNodeChanges(store, [{ id: "agent", type: "position", position: { x: 9, y: 9 }, dragging: false }]);
    expect(drop).toMatchObject({ dragged: null, placed: true });
    expect(store.getState().document.nodes[1]?.position).toEqual({ x: 9, y: 9 });
    expect(store.temporal.getState().pastStates).toHaveLength(1);
    store.temporal.getState().undo();
    expect(store.getState().document.nodes[1]?.position).toEqual({ x: 240, y: 100 });
  });

  it("moves every node of a multiple selection's drag at the drop, as one undo step", () => {
    const store = createEditorStore(blankDocument("g"));
    const moves = (x: number, dragging: boolean) =>
      applyNodeChanges(store, [
        { id: "agent", type: "position", position: { x, y: 0 }, dragging },
        { id: "end", type: "position", position: { x: x + 200, y: 0 }, dragging },
      ]);
    expect([...(moves(1, true).dragged?.keys() ?? [])]).toEqual(["agent", "end"]);
    moves(2, false);
    expect(store.getState().document.nodes.map((n) => n.position)).toEqual([blankDocument("g").nodes[0]?.position, { x: 2, y: 0 }, { x: 202, y: 0 }]);
    expect(store.temporal.getState().pastStates).toHaveLength(1);
  });

  it("reports measured sizes", () => {
    const store = createEditorStore(blankDocument("g"));
    const { sizes } = applyNodeChanges(store, [{ id: "agent", type: "dimensions", dimensions: { width: 10, height: 20 } }]);
    expect(sizes?.get("agent")).toEqual({ width: 10, height: 20 });
  });

  it("syncs node and edge selection", () => {
    const store = createEditorStore(blankDocument("g"));
    applyNodeChanges(store, [
      { id: "agent", type: "select", selected: true },
      { id: "end", type: "select", selected: true },
    ]);
    applyNodeChanges(store, [{ id: "end", type: "select", selected: false }]);
    applyEdgeChanges(store, [{ id: "e_agent_end", type: "select", selected: true }]);
    expect(store.getState().selection).toEqual({ nodes: ["agent"], edges: ["e_agent_end"] });
  });

  it("makes delegation edges from the sub-agents handle and flow edges otherwise", () => {
    expect(connectionKind({ sourceHandle: "delegate", targetHandle: "parent" })).toBe("delegation");
    expect(connectionKind({ sourceHandle: "out", targetHandle: "in" })).toBe("flow");
    expect(isValidConnection({ source: "a", target: "b", sourceHandle: "delegate", targetHandle: "in" })).toBe(false);
    expect(isValidConnection({ source: "a", target: "a", sourceHandle: "out", targetHandle: "in" })).toBe(false);
    expect(isValidConnection({ source: "a", target: "b", sourceHandle: "out", targetHandle: "in" })).toBe(true);
  });
});
