import { describe, expect, it } from "vitest";
import { nodeKinds } from "../../schema/index.js";
import { FALLBACK_MINIMAP_COLOUR, fitPaddingBesideMinimap, MINIMAP_SIZE, minimapColour, PANEL_MARGIN } from "./minimap";

describe("minimap colours", () => {
  it.each(nodeKinds)("draws a %s node in its kind's own colour", (kind) => {
    const colour = minimapColour({ type: kind });
    expect(colour).toMatch(/^#[0-9a-f]{6}$/);
    expect(colour).not.toBe(FALLBACK_MINIMAP_COLOUR);
  });

  it("draws a node of an unknown kind in the neutral colour", () => {
    expect(minimapColour({ type: "teleport" })).toBe(FALLBACK_MINIMAP_COLOUR);
    expect(minimapColour({ type: "toString" })).toBe(FALLBACK_MINIMAP_COLOUR);
    expect(minimapColour({})).toBe(FALLBACK_MINIMAP_COLOUR);
  });
});

describe("fit-view padding beside the minimap", () => {
  const canvas = { width: 800, height: 450 };
  const reserveX = MINIMAP_SIZE.width + 2 * PANEL_MARGIN;
  const reserveY = MINIMAP_SIZE.height + 2 * PANEL_MARGIN;

  /** Where a graph lands when React Flow fits it with this padding (its zoom-limited, centred fit). */
  function fitted(graph: { width: number; height: number }, padding: ReturnType<typeof fitPaddingBesideMinimap>) {
    const p = { top: parseFloat(padding.top), right: parseFloat(padding.right), bottom: parseFloat(padding.bottom), left: parseFloat(padding.left) };
    const zoom = Math.min((canvas.width - p.left - p.right) / graph.width, (canvas.height - p.top - p.bottom) / graph.height);
    const width = graph.width * zoom;
    const height = graph.height * zoom;
    let left = (canvas.width - width) / 2;
    let top = (canvas.height - height) / 2;
    left -= Math.max(0, left + width - (canvas.width - p.right));
    top -= Math.max(0, top + height - (canvas.height - p.bottom));
    return { left, top, right: left + width, bottom: top + height, zoom };
  }

  it("keeps a wide graph above the minimap's row", () => {
    const padding = fitPaddingBesideMinimap(canvas, { width: 1200, height: 300 }, MINIMAP_SIZE);
    expect(padding.bottom).toBe(`${reserveY}px`);
    expect(fitted({ width: 1200, height: 300 }, padding).bottom).toBeLessThanOrEqual(canvas.height - reserveY);
  });

  it("keeps a tall graph left of the minimap's column", () => {
    const padding = fitPaddingBesideMinimap(canvas, { width: 300, height: 900 }, MINIMAP_SIZE);
    expect(padding.right).toBe(`${reserveX}px`);
    expect(fitted({ width: 300, height: 900 }, padding).right).toBeLessThanOrEqual(canvas.width - reserveX);
  });

  it("chooses the side that draws the graph larger", () => {
    for (const graph of [
      { width: 500, height: 500 },
      { width: 900, height: 200 },
      { width: 200, height: 600 },
    ]) {
      const chosen = fitted(graph, fitPaddingBesideMinimap(canvas, graph, MINIMAP_SIZE)).zoom;
      const even = fitPaddingBesideMinimap(canvas, graph, null);
      const right = fitted(graph, { ...even, right: `${reserveX}px` }).zoom;
      const below = fitted(graph, { ...even, bottom: `${reserveY}px` }).zoom;
      expect(chosen).toBeCloseTo(Math.max(right, below));
    }
  });

  it("pads evenly when there is no minimap or nothing to fit", () => {
    const even = { top: "29px", right: "52px", bottom: "29px", left: "52px" };
    expect(fitPaddingBesideMinimap(canvas, { width: 500, height: 500 }, null)).toEqual(even);
    expect(fitPaddingBesideMinimap(canvas, { width: 0, height: 0 }, MINIMAP_SIZE)).toEqual(even);
  });
});
