import { describe, expect, it } from "vitest";
import { packPositions, unpackPositions } from "./layoutProtocol";

const nodes = [{ id: "start" }, { id: "agent" }, { id: "end" }];

describe("layout reply positions", () => {
  it("come back by node id as they were placed, in any order of the nodes", () => {
    const positions = { end: { x: 480, y: -12.5 }, start: { x: 0, y: 0 }, agent: { x: 240, y: 96 } };
    const xy = packPositions(nodes, positions);
    expect(xy).toBeInstanceOf(Float64Array);
    expect(unpackPositions(nodes, xy)).toEqual(positions);
  });

  it("leave out a node the layout did not place", () => {
    const xy = packPositions(nodes, { start: { x: 0, y: 0 }, end: { x: 480, y: 0 } });
    expect(unpackPositions(nodes, xy)).toEqual({ start: { x: 0, y: 0 }, end: { x: 480, y: 0 } });
  });

  it("are refused when they do not match the nodes sent, naming both counts", () => {
    const xy = packPositions(nodes.slice(0, 2), { start: { x: 0, y: 0 }, agent: { x: 1, y: 1 } });
    expect(() => unpackPositions(nodes, xy)).toThrow("the layout worker placed 2 nodes, the graph has 3");
  });
});
