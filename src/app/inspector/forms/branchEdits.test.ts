import { describe, expect, it } from "vitest";
import type { GraphDocument, GraphNode } from "../../../schema/index.js";
import { blankDocument } from "../../store/nodeFactory";
import { patchBranchingNode } from "./branchEdits";

const question: GraphNode = {
  id: "ask",
  kind: "question",
  position: { x: 0, y: 0 },
  data: {
    name: "Ask",
    question: "Tea or coffee?",
    options: [
      { id: "tea", label: "Tea" },
      { id: "coffee", label: "Coffee" },
    ],
  },
};

function document(): GraphDocument {
  const base = blankDocument("g");
  return {
    ...base,
    nodes: [...base.nodes, question],
    edges: [
      { id: "e_tea", kind: "flow", source: "ask", target: "agent", source_handle: "tea" },
      { id: "e_coffee", kind: "flow", source: "ask", target: "end", source_handle: "coffee" },
    ],
  };
}
const handles = (d: GraphDocument) => Object.fromEntries(d.edges.map((e) => [e.id, e.source_handle]));

describe("patchBranchingNode", () => {
  it("moves the edges of a renamed branch to its new id, in the same change", () => {
    const next = patchBranchingNode(document(), "ask", {
      options: [
        { id: "green_tea", label: "Tea" },
        { id: "coffee", label: "Coffee" },
      ],
    });
    expect(handles(next)).toEqual({ e_tea: "green_tea", e_coffee: "coffee" });
    expect(next.nodes.find((n) => n.id === "ask")?.data).toMatchObject({ options: [{ id: "green_tea" }, { id: "coffee" }] });
  });

  it("leaves edges alone when branches are only reordered", () => {
    const next = patchBranchingNode(document(), "ask", {
      options: [
        { id: "coffee", label: "Coffee" },
        { id: "tea", label: "Tea" },
      ],
    });
    expect(handles(next)).toEqual({ e_tea: "tea", e_coffee: "coffee" });
  });

  it("leaves edges alone when a branch is removed (validation then reports them)", () => {
    const next = patchBranchingNode(document(), "ask", { options: [{ id: "coffee", label: "Coffee" }] });
    expect(handles(next)).toEqual({ e_tea: "tea", e_coffee: "coffee" });
  });

  it("changes only labels without touching edges", () => {
    const before = document();
    const next = patchBranchingNode(before, "ask", {
      options: [
        { id: "tea", label: "Black tea" },
        { id: "coffee", label: "Coffee" },
      ],
    });
    expect(next.edges).toBe(before.edges);
  });
});
