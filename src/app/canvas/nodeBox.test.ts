import { describe, expect, it } from "vitest";
import { nodeKinds, nodeKindTable, outputHandleIds, type NodeKind } from "../../schema/index.js";
import { blankDocument, createNode } from "../store/nodeFactory";
import { estimatedBox } from "./nodeBox";
import { HANDLE } from "./nodes/ports";

const nodeOf = (kind: NodeKind) => createNode(blankDocument("g"), kind, { x: 0, y: 0 });

describe("the box React Flow assumes for a node not yet measured", () => {
  it("declares exactly the handles the kind's ports and branches draw", () => {
    for (const kind of nodeKinds) {
      const node = nodeOf(kind);
      const { ports, look } = nodeKindTable[kind];
      const expected =
        look === "sticky"
          ? []
          : [
              ...(ports.delegation ? [HANDLE.parent] : []),
              ...(ports.input ? [HANDLE.input] : []),
              ...(ports.output ? outputHandleIds(node) : []),
              ...(ports.delegation ? [HANDLE.delegate] : []),
            ];
      expect(
        estimatedBox(node).handles.map((h) => h.id),
        kind,
      ).toEqual(expected);
    }
  });

  it("puts each handle on its side of the box, inputs left, outputs right, delegation above and below", () => {
    const agent = estimatedBox(nodeOf("agent"));
    const at = (id: string) => {
      const handle = agent.handles.find((h) => h.id === id)!;
      return { x: handle.x + handle.width! / 2, y: handle.y + handle.height! / 2 };
    };
    expect(at(HANDLE.input).x).toBeCloseTo(4, 0);
    expect(at(HANDLE.output).x).toBeCloseTo(agent.width - 1, 0);
    expect(at(HANDLE.input).y).toBeCloseTo(agent.height / 2, 0);
    expect(at(HANDLE.parent).y).toBeCloseTo(1, 0);
    expect(at(HANDLE.delegate).y).toBeCloseTo(agent.height - 1, 0);
    expect(agent.handles.map((h) => [h.type, h.position])).toEqual([
      ["target", "top"],
      ["target", "left"],
      ["source", "right"],
      ["source", "bottom"],
    ]);
  });

  it("stacks a branching node's handles top to bottom in branch order, and grows it a row per extra branch", () => {
    const two = createNode(blankDocument("g"), "switch", { x: 0, y: 0 });
    const four = { ...two, data: { ...two.data, cases: [...two.data.cases, { id: "c3", value: "c" }, { id: "c4", value: "d" }] } };
    const small = estimatedBox(two);
    const large = estimatedBox(four);
    const ys = large.handles.filter((h) => h.type === "source").map((h) => h.y);
    expect(ys).toEqual([...ys].sort((a, b) => a - b));
    expect(new Set(ys).size).toBe(ys.length);
    expect(large.height).toBeGreaterThan(small.height);
    expect(Math.max(...ys)).toBeLessThan(large.height);
  });
});

describe("estimated boxes while nodes move", () => {
  it("reuses a node's box when only its position changed, and builds a new one for new data", () => {
    const node = createNode(blankDocument("g"), "if", { x: 0, y: 0 });
    const box = estimatedBox(node);
    expect(estimatedBox({ ...node, position: { x: 500, y: 80 } })).toBe(box);
    expect(estimatedBox({ ...node, data: { ...node.data } })).not.toBe(box);
    expect(estimatedBox({ ...node, data: { ...node.data } })).toEqual(box);
  });
});
