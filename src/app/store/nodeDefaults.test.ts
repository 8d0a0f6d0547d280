import { describe, expect, it } from "vitest";
import { nodeKinds, nodeSchema } from "../../schema/index.js";
import { blankDocument, createNode, nodeDisplayName } from "./nodeFactory";
import { paletteKinds } from "./paletteKinds";

const document = blankDocument("g");

describe("new nodes from the palette", () => {
  it.each(nodeKinds)("a new %s node validates against the node schema", (kind) => {
    const node = createNode(document, kind, { x: 10, y: 20 });
    const parsed = nodeSchema.safeParse(node);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(node).toMatchObject({ kind, position: { x: 10, y: 20 } });
  });

  it.each(nodeKinds)("a new %s node already carries every default the schema would add", (kind) => {
    const node = createNode(document, kind, { x: 0, y: 0 });
    expect(nodeSchema.parse(node)).toEqual(node);
  });

  it("names a new node after its kind, numbered when the name is taken", () => {
    const withAgent = { ...document, nodes: [...document.nodes, createNode(document, "agent", { x: 0, y: 0 })] };
    expect(nodeDisplayName(createNode(withAgent, "agent", { x: 0, y: 0 }))).toBe("Agent2");
  });

  it("offers every node kind in the palette exactly once", () => {
    expect(paletteKinds.map((p) => p.kind).sort()).toEqual([...nodeKinds].sort());
  });
});
