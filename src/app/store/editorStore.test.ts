import { describe, expect, it } from "vitest";
import { validate } from "../../schema/index.js";
import { createEditorStore, openDocument, selectionFragment } from "./editorStore.js";
import { blankDocument } from "./nodeFactory.js";
import { contentOf, differsOnlyInPositions, nodeIndexOf, problemsOf } from "./selectors.js";

const fresh = () => createEditorStore(blankDocument("g1"));

describe("editor store", () => {
  it("starts from a valid blank document", () => {
    expect(validate(fresh().getState().document).ok).toBe(true);
  });

  it("undoes and redoes adding a node", () => {
    const store = fresh();
    const id = store.getState().addNode("agent", { x: 10, y: 20 });
    expect(store.getState().document.nodes.map((n) => n.id)).toContain(id);
    store.temporal.getState().undo();
    expect(store.getState().document.nodes.map((n) => n.id)).not.toContain(id);
    store.temporal.getState().redo();
    expect(store.getState().document.nodes.map((n) => n.id)).toContain(id);
  });

  it("gives new agents unique names", () => {
    const store = fresh();
    store.getState().addNode("agent", { x: 0, y: 0 });
    store.getState().addNode("agent", { x: 0, y: 0 });
    const names = store
      .getState()
      .document.nodes.filter((n) => n.kind === "agent")
      .map((n) => (n.data as { name: string }).name);
    expect(names).toEqual(["Assistant", "Agent", "Agent2"]);
  });

  it("records a whole drag as one undo step", () => {
    const store = fresh();
    for (let x = 1; x <= 30; x++) store.getState().moveNodes({ agent: { x, y: 0 } }, { record: false });
    store.getState().moveNodes({ agent: { x: 31, y: 0 } });
    expect(store.getState().document.nodes.find((n) => n.id === "agent")?.position).toEqual({ x: 31, y: 0 });
    expect(store.temporal.getState().pastStates).toHaveLength(1);
    store.temporal.getState().undo();
    expect(store.getState().document.nodes.find((n) => n.id === "agent")?.position).toEqual({ x: 240, y: 100 });
  });

  it("removes a node together with its edges", () => {
    const store = fresh();
    store.getState().removeElements({ nodes: ["agent"] });
    expect(store.getState().document.edges).toEqual([]);
  });

  it("refuses self-loops and duplicate edges", () => {
    const store = fresh();
    expect(store.getState().connect({ source: "agent", target: "agent" })).toBeNull();
    expect(store.getState().connect({ source: "start", target: "agent" })).toBeNull();
    expect(store.getState().connect({ source: "start", target: "end" })).toMatch(/^e_/);
  });

  it("pastes a copy with new ids and unique names, keeping edges between copied nodes", () => {
    const store = fresh();
    const doc = store.getState().document;
    const ids = store.getState().paste(selectionFragment(doc, { nodes: ["agent", "end"], edges: [] }));
    const pasted = store.getState().document.nodes.filter((n) => ids.includes(n.id));
    expect(pasted.map((n) => (n.data as { name: string }).name)).toEqual(["Assistant2", "End"]);
    expect(store.getState().document.edges.filter((e) => ids.includes(e.source) && ids.includes(e.target))).toHaveLength(1);
    expect(store.getState().selection.nodes).toEqual(ids);
    const allIds = store.getState().document.nodes.map((n) => n.id);
    expect(new Set(allIds).size).toBe(allIds.length);
  });

  it("opens another document with an empty undo history", () => {
    const store = fresh();
    store.getState().addNode("note", { x: 0, y: 0 });
    openDocument(store, blankDocument("g2", "Second"));
    expect(store.getState().document.meta.name).toBe("Second");
    expect(store.temporal.getState().pastStates).toHaveLength(0);
  });

  it("changes an edge's kind with the new kind's defaults, as one undo step", () => {
    const store = fresh();
    store.getState().setEdgeKind("e_agent_end", "conditional");
    expect(store.getState().document.edges.find((e) => e.id === "e_agent_end")).toEqual({
      id: "e_agent_end",
      kind: "conditional",
      source: "agent",
      target: "end",
      condition: "true",
    });
    store.getState().setEdgeKind("e_agent_end", "flow");
    expect(store.getState().document.edges.find((e) => e.id === "e_agent_end")).toEqual({ id: "e_agent_end", kind: "flow", source: "agent", target: "end" });
    expect(validate(store.getState().document).ok).toBe(true);
    store.temporal.getState().undo();
    expect(store.getState().document.edges.find((e) => e.id === "e_agent_end")?.kind).toBe("conditional");
  });

  it("duplicates the selection and selects the copy", () => {
    const store = fresh();
    store.getState().select({ nodes: ["agent"] });
    const [copy] = store.getState().duplicateSelection();
    expect(copy).toBeDefined();
    expect(store.getState().selection.nodes).toEqual([copy]);
    expect(store.getState().document.nodes).toHaveLength(4);
  });

  it("duplicates nothing when nothing is selected", () => {
    const store = fresh();
    expect(store.getState().duplicateSelection()).toEqual([]);
    expect(store.temporal.getState().pastStates).toHaveLength(0);
  });
});

describe("selectors", () => {
  it("indexes nodes by id once per document", () => {
    const doc = blankDocument("g1");
    expect(nodeIndexOf(doc).get("agent")).toBe(doc.nodes[1]);
    expect(nodeIndexOf(doc)).toBe(nodeIndexOf(doc));
  });

  it("reuses the problems of a document that only moved nodes", () => {
    const store = fresh();
    store.getState().updateNodeData("agent", { name: "has space" });
    const before = problemsOf(store.getState().document);
    expect(before.errors.length).toBeGreaterThan(0);
    store.getState().moveNodes({ agent: { x: 5, y: 5 } }, { record: false });
    expect(problemsOf(store.getState().document)).toBe(before);
  });

  it("tells position-only changes from data changes", () => {
    const doc = blankDocument("g1");
    const moved = { ...doc, nodes: doc.nodes.map((n) => ({ ...n, position: { x: 1, y: 2 } })) };
    expect(differsOnlyInPositions(doc, moved)).toBe(true);
    const renamed = { ...moved, nodes: moved.nodes.map((n) => ({ ...n, data: { ...n.data } })) };
    expect(differsOnlyInPositions(moved, renamed as typeof doc)).toBe(false);
    expect(differsOnlyInPositions(doc, { ...doc, edges: [] })).toBe(false);
  });

  it("keeps the content of a document stable while only positions change", () => {
    const store = fresh();
    const content = contentOf(store.getState().document);
    store.getState().moveNodes({ agent: { x: 7, y: 7 } }, { record: false });
    expect(contentOf(store.getState().document)).toBe(content);
    store.getState().updateNodeData("agent", { description: "changed" });
    expect(contentOf(store.getState().document)).toBe(store.getState().document);
  });
});
