import { describe, expect, it } from "vitest";
import { nodeKindTable, type GraphDocument } from "../../schema/index.js";
import { gridGraph } from "../fixtures/gridGraph";
import { blankDocument } from "../store/nodeFactory";
import { LARGE_GRAPH_NODES, layoutDocument } from "./layout";
import { layoutGraphOf } from "./layoutProtocol";

function overlaps(a: { x: number; y: number; w: number; h: number }, b: { x: number; y: number; w: number; h: number }) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

describe("auto layout", () => {
  it("places every node without overlaps, even when they all start on one spot", async () => {
    const base = blankDocument("g");
    const doc: GraphDocument = {
      ...base,
      nodes: [
        ...base.nodes.map((n) => ({ ...n, position: { x: 0, y: 0 } })),
        {
          id: "helper",
          kind: "agent",
          position: { x: 0, y: 0 },
          data: { ...(base.nodes[1]?.data as object), name: "Helper" },
        } as GraphDocument["nodes"][number],
        { id: "note", kind: "note", position: { x: 0, y: 0 }, data: { text: "hi" } },
      ],
      edges: [...base.edges, { id: "d", kind: "delegation", source: "agent", target: "helper", mode: "handoff", blocking: true }],
    };
    const positions = await layoutDocument(doc, new Map());
    expect(Object.keys(positions).sort()).toEqual(doc.nodes.map((n) => n.id).sort());
    const boxes = doc.nodes.map((n) => ({
      id: n.id,
      ...(positions[n.id] as { x: number; y: number }),
      w: nodeKindTable[n.kind].size.width,
      h: nodeKindTable[n.kind].size.height,
    }));
    for (const a of boxes) for (const b of boxes) if (a.id < b.id) expect(overlaps(a, b), `${a.id} overlaps ${b.id}`).toBe(false);
  });

  it("places the slim graph the page posts to the worker exactly as the whole document", async () => {
    const base = blankDocument("g");
    const doc: GraphDocument = {
      ...base,
      nodes: [
        ...base.nodes,
        {
          id: "helper",
          kind: "agent",
          position: { x: 9, y: 9 },
          data: { ...(base.nodes[1]?.data as object), name: "Helper" },
        } as GraphDocument["nodes"][number],
        { id: "note", kind: "note", position: { x: 0, y: 0 }, width: 400, height: 300, data: { text: "hi" } },
      ],
      edges: [...base.edges, { id: "d", kind: "delegation", source: "agent", target: "helper", mode: "handoff", blocking: true }],
    };
    const slim = layoutGraphOf(doc);
    expect(slim.nodes.find((n) => n.id === "note")).toEqual({ id: "note", kind: "note", width: 400, height: 300 });
    expect(JSON.stringify(slim)).not.toContain("Helper");
    const sizes = new Map([["agent", { width: 320, height: 140 }]]);
    expect(await layoutDocument(slim, sizes)).toEqual(await layoutDocument(doc, sizes));
  });

  it("orders a chain left to right", async () => {
    const positions = await layoutDocument(blankDocument("g"), new Map());
    expect(positions.start?.x).toBeLessThan(positions.agent?.x ?? 0);
    expect(positions.agent?.x).toBeLessThan(positions.end?.x ?? 0);
  });

  it("uses measured sizes and ignores edges to missing nodes", async () => {
    const doc = blankDocument("g");
    const broken = { ...doc, edges: [...doc.edges, { id: "x", kind: "flow" as const, source: "agent", target: "gone" }] };
    const positions = await layoutDocument(broken, new Map([["agent", { width: 400, height: 200 }]]));
    expect((positions.end?.x ?? 0) - (positions.agent?.x ?? 0)).toBeGreaterThanOrEqual(400);
  });

  it("lays out a graph above the large-graph size left to right without overlaps", async () => {
    const doc = gridGraph({ nodes: LARGE_GRAPH_NODES + 50, edges: LARGE_GRAPH_NODES + 200 });
    const positions = await layoutDocument(doc, new Map());
    expect(Object.keys(positions)).toHaveLength(doc.nodes.length);
    const boxes = doc.nodes
      .map((n) => ({ id: n.id, ...(positions[n.id] as { x: number; y: number }), w: nodeKindTable[n.kind].size.width, h: nodeKindTable[n.kind].size.height }))
      .sort((a, b) => a.x - b.x);
    // Sorted by x, a box can only overlap the boxes that start before it ends.
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length && boxes[j]!.x < boxes[i]!.x + boxes[i]!.w; j++)
        expect(overlaps(boxes[i]!, boxes[j]!), `${boxes[i]!.id} overlaps ${boxes[j]!.id}`).toBe(false);
    for (const edge of doc.edges) expect(positions[edge.source]!.x, `${edge.source} → ${edge.target}`).toBeLessThan(positions[edge.target]!.x);
  });
});
