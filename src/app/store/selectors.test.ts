import { describe, expect, it } from "vitest";
import { createEditorStore } from "./editorStore";
import { blankDocument } from "./nodeFactory";
import { edgeIdsOf } from "./selectors";

describe("edgeIdsOf", () => {
  it("holds every edge id, is reused while only nodes move, and is rebuilt when edges change", () => {
    const store = createEditorStore(blankDocument("g"));
    const first = edgeIdsOf(store.getState().document.edges);
    expect([...first].sort()).toEqual(
      store
        .getState()
        .document.edges.map((e) => e.id)
        .sort(),
    );

    store.getState().moveNodes({ agent: { x: 500, y: 40 } });
    expect(edgeIdsOf(store.getState().document.edges)).toBe(first);

    store.getState().removeElements({ edges: [...first].slice(0, 1) });
    const after = edgeIdsOf(store.getState().document.edges);
    expect(after).not.toBe(first);
    expect(after.size).toBe(first.size - 1);
  });
});
