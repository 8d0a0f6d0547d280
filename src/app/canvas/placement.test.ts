import { describe, expect, it } from "vitest";
import type { GraphDocument } from "../../schema/index.js";
import { blankDocument } from "../store/nodeFactory";
import { freeSpotNear } from "./placement";

const empty: GraphDocument = { ...blankDocument("g"), nodes: [], edges: [] };

describe("placing new nodes", () => {
  it("centres a node on the wanted point when it is free", () => {
    expect(freeSpotNear(empty, "agent", { x: 100, y: 100 })).toEqual({ x: 10, y: 65 });
  });

  it("moves off nodes already there, and each new node finds its own spot", () => {
    let doc = blankDocument("g");
    const spots = [];
    for (let i = 0; i < 5; i++) {
      const spot = freeSpotNear(doc, "agent", { x: 330, y: 135 });
      spots.push(spot);
      doc = { ...doc, nodes: [...doc.nodes, { ...(doc.nodes[1] as GraphDocument["nodes"][number]), id: `a${i}`, position: spot }] };
    }
    const boxes = doc.nodes.map((n) => ({ ...n.position, w: 180, h: 70 }));
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1)) expect(a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h).toBe(false);
  });
});
