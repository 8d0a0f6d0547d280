import { afterEach, describe, expect, it, vi } from "vitest";
import { createEditorStore } from "../../store/editorStore";
import { blankDocument } from "../../store/nodeFactory";
import { fragmentClipboard } from "../clipboard";
import { editorActions } from "./actions";

const paste = editorActions.find((action) => action.name === "Paste");

afterEach(() => {
  vi.restoreAllMocks();
});

describe("Paste", () => {
  it("hands text that is not a fragment of nodes to the importer and leaves the graph as it was", async () => {
    const store = createEditorStore(blankDocument("g"));
    const before = store.getState().document;
    const workflow = '{"name": "Support", "nodes": [], "connections": {}}';
    vi.spyOn(fragmentClipboard, "readPaste").mockResolvedValue({ fragment: null, text: workflow });
    const imported = new Promise<string>((resolve) => paste?.perform({ store, openCommandPalette: () => undefined, importPasted: resolve }));
    expect(await imported).toBe(workflow);
    expect(store.getState().document).toBe(before);
  });
});
