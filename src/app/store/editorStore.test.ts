import { describe, expect, it } from "vitest";
import { validate } from "../../schema/index.js";
import { createEditorStore, openDocument, selectionFragment } from "./editorStore.js";
import { blankDocument } from "./nodeFactory.js";

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
    const names = store.getState().document.nodes.filter((n) => n.kind === "agent").map((n) => (n.data as { name: string }).name);
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
});
