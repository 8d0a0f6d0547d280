import { describe, expect, it } from "vitest";
import { sameBody } from "./CanvasNode";
import type { FlowNodeProps } from "./types";

function props(over: Partial<FlowNodeProps> = {}): FlowNodeProps {
  return {
    id: "n1",
    type: "agent",
    data: {},
    selected: false,
    selectable: true,
    draggable: true,
    deletable: true,
    isConnectable: true,
    dragging: false,
    zIndex: 0,
    positionAbsoluteX: 0,
    positionAbsoluteY: 0,
    width: 200,
    height: 80,
    ...over,
  };
}

describe("the canvas node's body", () => {
  it("is not drawn again when only where the node is, its size, drag state or stacking change", () => {
    const before = props();
    expect(sameBody(before, props({ positionAbsoluteX: 480, positionAbsoluteY: -90 }))).toBe(true);
    expect(sameBody(before, props({ dragging: true, zIndex: 1000 }))).toBe(true);
    expect(sameBody(before, props({ width: 240, height: 96, data: {} }))).toBe(true);
  });

  it("is drawn again when its selection or the node it shows changes", () => {
    const before = props();
    expect(sameBody(before, props({ selected: true }))).toBe(false);
    expect(sameBody(before, props({ id: "n2" }))).toBe(false);
  });
});
