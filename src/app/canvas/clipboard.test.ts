import { describe, expect, it } from "vitest";
import { blankDocument } from "../store/nodeFactory";
import { selectionFragment } from "../store/editorStore";
import { FragmentClipboard, parseFragment, pasteOffset, serializeFragment, type TextClipboard } from "./clipboard";

const doc = blankDocument("g");
const fragment = selectionFragment(doc, { nodes: ["agent", "end"], edges: [] });

class FakeClipboard implements TextClipboard {
  text = "";
  constructor(private readonly allowed = true) {}
  async writeText(text: string) {
    if (!this.allowed) throw new DOMException("Write permission denied.", "NotAllowedError");
    this.text = text;
  }
  async readText() {
    if (!this.allowed) throw new DOMException("Read permission denied.", "NotAllowedError");
    return this.text;
  }
}

describe("clipboard fragments", () => {
  it("round-trips a fragment through its clipboard text", () => {
    expect(parseFragment(serializeFragment(fragment))).toEqual(fragment);
  });

  it.each([
    ["plain text", "hello"],
    ["JSON that is not a fragment", JSON.stringify({ nodes: fragment.nodes, edges: [] })],
    ["a whole document", JSON.stringify(doc)],
    ["a fragment of another version", JSON.stringify({ type: "graphwright/fragment", version: 2, nodes: fragment.nodes, edges: [] })],
    ["a fragment without nodes", JSON.stringify({ type: "graphwright/fragment", version: 1, nodes: [], edges: [] })],
    [
      "a fragment with an unknown node kind",
      JSON.stringify({ type: "graphwright/fragment", version: 1, nodes: [{ id: "x", kind: "rocket", position: { x: 0, y: 0 }, data: {} }], edges: [] }),
    ],
    [
      "a fragment with a __proto__ key",
      '{"type":"graphwright/fragment","version":1,"nodes":[{"id":"n","kind":"note","position":{"x":0,"y":0},"data":{"text":"","__proto__":{"polluted":true}}}],"edges":[]}',
    ],
    ["broken JSON", '{"type": "graphwright/fragment",'],
  ])("rejects %s", (_, text) => {
    expect(parseFragment(text)).toBeNull();
  });

  it("pastes what another tab copied to the system clipboard", async () => {
    const system = new FakeClipboard();
    await new FragmentClipboard(() => system).copy(fragment);
    expect(await new FragmentClipboard(() => system).read()).toEqual(fragment);
  });

  it("pastes what was just copied even while the clipboard write is still pending", async () => {
    let finishWrite = () => {};
    const system: TextClipboard = {
      text: "old text",
      writeText(text: string) {
        return new Promise<void>((resolve) => {
          finishWrite = () => {
            this.text = text;
            resolve();
          };
        });
      },
      async readText() {
        return this.text;
      },
    } as TextClipboard & { text: string };
    const clipboard = new FragmentClipboard(() => system);
    void clipboard.copy(fragment);
    const pasted = clipboard.read();
    finishWrite();
    expect(await pasted).toEqual(fragment);
  });

  it("falls back to memory when clipboard permission is denied", async () => {
    const clipboard = new FragmentClipboard(() => new FakeClipboard(false));
    await clipboard.copy(fragment);
    expect(await clipboard.read()).toEqual(fragment);
  });

  it("pastes nothing when something else was copied since", async () => {
    const system = new FakeClipboard();
    const clipboard = new FragmentClipboard(() => system);
    await clipboard.copy(fragment);
    system.text = "some text from another app";
    expect(await clipboard.read()).toBeNull();
  });

  it("hands other copied text to the paste (to import a graph or a workflow), never a fragment's text", async () => {
    const system = new FakeClipboard();
    const clipboard = new FragmentClipboard(() => system);
    system.text = '{"name": "n8n workflow", "nodes": [], "connections": {}}';
    expect(await clipboard.readPaste()).toEqual({ fragment: null, text: system.text });
    await clipboard.copy(fragment);
    expect(await clipboard.readPaste()).toEqual({ fragment, text: null });
  });

  it("pastes next to the originals in their own graph and at the view's centre elsewhere", () => {
    expect(pasteOffset(fragment, doc, { x: 1000, y: 1000 })).toEqual({ x: 40, y: 40 });
    const elsewhere = blankDocument("other");
    const foreign = { ...elsewhere, nodes: [] };
    expect(pasteOffset(fragment, foreign, { x: 1000, y: 1000 })).toEqual({ x: 1000 - 240, y: 1000 - 100 });
  });
});
