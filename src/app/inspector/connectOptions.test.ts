import { describe, expect, it } from "vitest";
import { createEditorStore } from "../store/editorStore";
import { blankDocument } from "../store/nodeFactory";
import { connectOptions } from "./connectOptions";

describe("connect options", () => {
  it("offers nodes that accept edges, telling apart nodes that share a name", () => {
    const store = createEditorStore(blankDocument("g"));
    const second = store.getState().addNode("end", { x: 0, y: 0 });
    store.getState().addNode("note", { x: 0, y: 0 });
    const { document } = store.getState();
    const agent = document.nodes.find((n) => n.id === "agent")!;
    expect(connectOptions(document, agent, "to")).toEqual([
      { value: "end", label: "End (end)" },
      { value: second, label: `End (${second})` },
    ]);
    const end = document.nodes.find((n) => n.id === "end")!;
    expect(connectOptions(document, end, "from").map((o) => o.label)).toEqual(["Start", "Assistant"]);
  });
});
